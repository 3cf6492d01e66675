import {
  type Comparison,
  type ExpectationResult,
  type HeartbeatPing,
  type Monitor,
  type MonitorAlert,
  type MonitorCheck,
  type MonitorSeries,
  significantChanges,
  type Test,
} from '@pageprobe/client';

import { fieldLines } from './field-lines.ts';
import { sparkline } from './sparkline.ts';

// What a person reads: one screen per test, the figures that matter first.

const ms = (v: unknown) =>
  typeof v !== 'number' ? '–' : v >= 1000 ? `${(v / 1000).toFixed(1)} s` : `${Math.round(v)} ms`;
const OPS: Record<string, string> = { minScore: '≥', minNumericValue: '≥', maxNumericValue: '≤', maxLength: 'items ≤' };

/**
 * Text a target or a job chose (a TXT record, a body, a ping's log), its control characters shown as
 * U+FFFD: an escape sequence printed as is would drive the reader's terminal.
 */
export const printable = (text: string) => text.replace(/\p{Cc}/gu, '\uFFFD');

type Checked = { up: boolean; reason: string | null; error: string | null };
/** Up, or down with its reason and (not for an expectation: its own line says it) its words. */
const verdict = (r: Checked, paint: Paint) =>
  r.up
    ? paint.ok('up')
    : paint.bad(`down (${r.reason})${r.error && r.reason !== 'expectation_failed' ? `: ${printable(r.error)}` : ''}`);

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

export interface Paint {
  ok: (s: string) => string;
  bad: (s: string) => string;
  dim: (s: string) => string;
}
export const plain: Paint = { ok: (s) => s, bad: (s) => s, dim: (s) => s };
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
  const device = t.type === 'lighthouse' || t.type === 'seo_crawl' ? `, ${t.device}` : '';
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
    if (t.type === 'lighthouse' && t.vitals) {
      const v = t.vitals as Record<string, number | null>;
      lines.push(
        `  LCP ${ms(v.lcp_ms)} · FCP ${ms(v.fcp_ms)} · CLS ${v.cls ?? '–'} · TBT ${ms(v.tbt_ms)} · TTFB ${ms(v.ttfb_ms)}`,
      );
    }
    if (t.type === 'lighthouse' && t.spread)
      lines.push(`  performance over the runs: ${t.spread.min}–${t.spread.max} (sd ${t.spread.stddev})`);
    if (t.type === 'lighthouse') lines.push(...fieldLines(t.result?.field, paint));
    if (t.type === 'uptime' && t.result) {
      const r = t.result;
      lines.push(`  ${verdict(r, paint)} · status ${r.status_code ?? '–'} · total ${ms(r.timings_ms.total)}`);
    }
    if (t.type === 'tcp' && t.result) {
      const r = t.result;
      lines.push(`  ${verdict(r, paint)} · connect ${ms(r.timings_ms.connect)} · total ${ms(r.timings_ms.total)}`);
      if (r.tls)
        lines.push(
          `  TLS ${r.tls.protocol ?? '–'} · certificate ${r.tls.days_remaining ?? '–'} days left${r.tls.chain_valid ? '' : paint.bad(` · not trusted: ${r.tls.error}`)}`,
        );
    }
    if (t.type === 'dns' && t.result) {
      const r = t.result;
      lines.push(
        `  ${verdict(r, paint)} · ${r.type} ${r.name} from ${r.resolver ?? 'the system resolver'} · total ${ms(r.timings_ms.total)}`,
      );
      for (const a of r.answers.slice(0, 10))
        lines.push(`    ${printable(a.value)}${a.ttl === null ? '' : `  (ttl ${a.ttl})`}`);
      if (r.answers.length > 10) lines.push(`    … ${r.answers.length - 10} more (--json for all)`);
    }
    if ((t.type === 'uptime' || t.type === 'tcp' || t.type === 'dns') && t.result?.expectations?.length) {
      lines.push('  expectations:');
      for (const e of t.result.expectations) lines.push(`    ${expectationLine(e, paint)}`);
    }
    if (t.type === 'seo_crawl' && t.result) {
      const c = t.result.issue_counts;
      lines.push(`  ${t.result.pages_crawled} pages · ${c.error} errors · ${c.warning} warnings · ${c.notice} notices`);
    }
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
  const heartbeat = m.type === 'heartbeat';
  const what = heartbeat ? (m.name ?? 'heartbeat') : m.url;
  const lines = [`${state}  ${what}  (${m.type}, ${cadence(m)})  ${paint.dim(m.id)}`];
  if (heartbeat) {
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

/**
 * How often it runs: every N s; a heartbeat, when a ping is due (its period or cron schedule in its time
 * zone) and the grace after it.
 */
export function cadence(m: Monitor): string {
  if (m.type !== 'heartbeat') return `every ${m.interval_seconds} s`;
  const due = m.schedule ? `cron '${m.schedule}' ${m.time_zone ?? 'UTC'}` : `every ${m.period_seconds} s`;
  return `${due} + ${m.grace_seconds} s grace`;
}

/** A monitor in one line, as lists show it. */
export const monitorLine = (m: Monitor) =>
  `${m.id}  ${m.status.padEnd(6)}  ${m.type.padEnd(10)}  ${cadence(m)}  ${m.type === 'heartbeat' ? (m.name ?? '') : m.url}`;

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
