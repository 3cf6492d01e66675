import type { Comparison, ExpectationResult, HeartbeatPing, Monitor, MonitorAlert } from '@pageprobe/client';
import type { MonitorCheck, MonitorSeries, Test } from '@pageprobe/client';
import { cadence, extrasOf, figuresOf, KINDS, monitorSubject, ms, type Paint, pinged } from '@pageprobe/client';
import { plain, printable, significantChanges } from '@pageprobe/client';
import { fieldLines } from './field-lines.ts';
import { sparkline } from './sparkline.ts';

// What a person reads: one screen per test, the figures that matter first.

const OPS: Record<string, string> = { minScore: '≥', minNumericValue: '≥', maxNumericValue: '≤', maxLength: 'items ≤' };

export { cadence, type Paint, plain, printable };

const SUBJECTS: Record<string, string> = { response_time: 'response time', certificate_days: 'certificate days' };
const shown = (v: unknown) => {
  const text = JSON.stringify(v) ?? 'nothing';
  return text.length > 60 ? `${text.slice(0, 60)}…` : text;
};

/** An expectation after a check: what held, with what was found, or the failed one's own words. */
export function expectationLine(e: ExpectationResult, paint: Paint = plain): string {
  if (!e.passed) return `${paint.bad('✖')} ${printable(e.message ?? '')}`;
  const subject =
    e.source === 'header' ? `header ${e.name}` : e.source === 'json' ? e.path : (SUBJECTS[e.source] ?? e.source);
  const value = e.value === undefined ? '' : ` ${shown(e.value)}`;
  return `${paint.ok('✔')} ${printable(`${subject} ${e.operator}${value} (${shown(e.actual)})`)}`;
}

export const colours: Paint = {
  ok: (s) => `\x1b[32m${s}\x1b[0m`,
  bad: (s) => `\x1b[31m${s}\x1b[0m`,
  dim: (s) => `\x1b[2m${s}\x1b[0m`,
};

export function summary(t: Test, paint: Paint = plain): string {
  const lines: string[] = [];
  const head =
    t.status === 'completed' ? paint.ok('✔ completed') : t.status === 'failed' ? paint.bad('✖ failed') : t.status;
  const runs = t.runs_requested > 1 ? `, ${t.runs_requested} runs` : '';
  const device = KINDS[t.type].usesDevice ? `, ${t.device}` : '';
  lines.push(`${head}  ${t.url}  (${t.type}${device}${runs})`);
  if (t.error) lines.push(`  ${paint.bad(t.error.code)}: ${t.error.message}`);
  if (t.status === 'completed') {
    const scores = Object.entries(t.scores ?? {}).map(([k, v]) => `${k.replace('_', ' ')} ${v}`);
    const figures = [
      t.grade ? `grade ${t.grade}` : null,
      ...scores,
      t.structure_score !== null ? `structure ${t.structure_score}` : null,
    ];
    if (figures.some(Boolean)) lines.push(`  ${figures.filter(Boolean).join(' · ')}`);
    // The kind's own figures (packages/client/src/kinds.ts), then real users' where the test has them.
    lines.push(...figuresOf(t, paint).map((parts) => `  ${parts.join(' · ')}`));
    const { field, expectations } = extrasOf(t);
    lines.push(...fieldLines(field, paint));
    if (expectations.length)
      lines.push('  expectations:', ...expectations.map((e) => `    ${expectationLine(e, paint)}`));
  }
  if (t.assertion_results || t.passed !== null) {
    lines.push(`  assertions: ${t.passed ? paint.ok('passed') : paint.bad('failed')}`);
    for (const r of t.assertion_results ?? []) {
      const mark = r.passed ? paint.ok('✔') : r.level === 'error' ? paint.bad('✖') : '!';
      lines.push(
        `    ${mark} ${r.key} ${OPS[r.operator] ?? r.operator} ${r.expected} (${r.actual ?? '–'})${r.passed ? '' : ` [${r.level}]`}`,
      );
    }
  }
  lines.push(`  report: ${t.report_url}`);
  return lines.join('\n');
}

/** The figures that changed significantly, worse first. */
export function comparisonSummary(c: Comparison, paint: Paint = plain): string {
  const rows = significantChanges(c).sort((a, b) => (a.change === b.change ? 0 : a.change === 'worse' ? -1 : 1));
  const lines = [`${c.type}: ${c.head.url} (head) against ${c.base.url} (base)`];
  if (rows.length === 0) lines.push('  no significant change');
  for (const r of rows) {
    const text = `${r.base} → ${r.head} (${r.delta > 0 ? '+' : ''}${r.delta})`;
    lines.push(`  ${r.change === 'worse' ? paint.bad('worse ') : paint.ok('better')} ${r.name}: ${text}`);
  }
  lines.push(`  report: ${c.report_url}`);
  return lines.join('\n');
}

/** One line per check of a monitor: an uptime, tcp, dns or heartbeat check, or a lighthouse or seo_crawl run (a test). */
export function checkLine(c: MonitorCheck): string {
  const verdict = c.passed === null ? '' : `  assertions ${c.passed ? 'passed' : 'failed'}`;
  if (c.test_id === null) {
    const state = c.up ? 'up  ' : `down (${c.reason ?? 'http_error'})`;
    // tcp, dns and heartbeat checks have no status; a heartbeat's total is its run's duration.
    const status = c.status_code === null ? '' : `  status ${c.status_code}`;
    return `${c.at}  ${state}${status}  total ${ms(c.total_ms)}${verdict}`;
  }
  const scores = [
    c.performance_score !== null ? `performance ${c.performance_score}` : null,
    c.structure_score !== null ? `structure ${c.structure_score}` : null,
  ].filter(Boolean);
  return `${c.at}  ${c.status.padEnd(9)}  ${scores.join(' · ') || '–'}${verdict}  test ${c.test_id}`;
}

const pct = (v: number | null | undefined) => (typeof v === 'number' ? `${v}%` : '–');

/**
 * A monitor on one screen: its state, uptime, latest incidents and per-location states; a heartbeat's
 * ping URL, last ping and deadline.
 */
export function monitorSummary(m: Monitor, paint: Paint = plain): string {
  const state =
    m.status === 'paused'
      ? `paused${m.paused_reason ? ` (${m.paused_reason})` : ''}`
      : m.down
        ? paint.bad('down')
        : paint.ok('up');
  const lines = [`${state}  ${monitorSubject(m)}  (${m.type}, ${cadence(m)})  ${paint.dim(m.id)}`];
  if (pinged(m.type)) {
    lines.push(`  ping: ${m.ping_url ?? '–'}`);
    lines.push(`  last ping ${m.last_ping_at ?? 'none yet'} · down unless one comes by ${m.deadline_at ?? '–'}`);
    if (m.run_started_at) lines.push(`  a run started at ${m.run_started_at} and has not ended`);
  }
  const u = m.uptime_percent;
  if (u)
    lines.push(`  uptime: 24h ${pct(u['24h'])} · 7d ${pct(u['7d'])} · 30d ${pct(u['30d'])} · 90d ${pct(u['90d'])}`);
  if (m.incidents) {
    lines.push(m.incidents.length ? '  incidents (newest first):' : '  no incidents');
    for (const i of m.incidents.slice(0, 5))
      lines.push(
        `    ${i.started_at} → ${i.ended_at ?? paint.bad('ongoing')}  ${i.reason}${i.maintenance ? ' (maintenance)' : ''}`,
      );
    if (m.incidents.length > 5) lines.push(`    … ${m.incidents.length - 5} more (--json for all)`);
  }
  if (m.locations?.length) {
    lines.push('  locations:');
    for (const l of m.locations)
      lines.push(
        `    ${l.location.padEnd(12)} ${l.state.padEnd(13)} 24h ${pct(l.uptime_24h)}  last ${l.last_check_at ?? '–'}`,
      );
  }
  lines.push(`  page: ${m.report_url}`);
  return lines.join('\n');
}

/** A monitor in one line, as lists show it. */
export const monitorLine = (m: Monitor) =>
  `${m.id}  ${m.status.padEnd(6)}  ${m.type.padEnd(10)}  ${cadence(m)}  ${pinged(m.type) ? (m.name ?? '') : m.url}`;

/** A series: a header, a sparkline of the means, then one line per point. */
export function seriesLines(s: MonitorSeries): string[] {
  const head = `${s.metric} from ${s.from} to ${s.to}, per ${s.resolution}: ${s.points.length} points`;
  if (s.points.length === 0) return [head];
  return [
    head,
    sparkline(s.points.map((p) => p.value)),
    ...s.points.map((p) => `${p.at}  ${String(Number(p.value.toFixed(3))).padStart(10)}  ×${p.count}`),
  ];
}

/** One alert in one line: when, what, why. */
export const alertLine = (a: MonitorAlert) => `${a.created_at}  ${a.event.padEnd(29)}  ${a.reason}`;

/** A heartbeat's ping in one line: when, what (an exit status with its code), a run's duration, its log's first line. */
export function pingLine(p: HeartbeatPing): string {
  const what = p.kind === 'exit' ? `exit ${p.exit_code}` : p.kind;
  const run = p.duration_ms === null ? null : `run ${ms(p.duration_ms)}`;
  const log = p.body && printable(p.body.split('\n', 1)[0]!.slice(0, 80));
  return [p.at, what, run, log].filter(Boolean).join('  ');
}
