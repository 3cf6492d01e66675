import {
  type Comparison,
  type Monitor,
  type MonitorAlert,
  type MonitorCheck,
  type MonitorSeries,
  significantChanges,
  type Test,
} from '@pageprobe/client';

// What a person reads: one screen per test, the figures that matter first.

const ms = (v: unknown) =>
  typeof v !== 'number' ? '–' : v >= 1000 ? `${(v / 1000).toFixed(1)} s` : `${Math.round(v)} ms`;
const OPS: Record<string, string> = { minScore: '≥', minNumericValue: '≥', maxNumericValue: '≤', maxLength: 'items ≤' };

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
  lines.push(`${head}  ${t.url}  (${t.type}${t.type === 'uptime' ? '' : `, ${t.device}`}${runs})`);
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
    if (t.type === 'uptime' && t.result) {
      const r = t.result;
      lines.push(
        `  ${r.up ? paint.ok('up') : paint.bad(`down (${r.reason})`)} · status ${r.status_code ?? '–'} · total ${ms(r.timings_ms.total)}`,
      );
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

/** One line per check of a monitor: an uptime check, or a lighthouse or seo_crawl run (a test). */
export function checkLine(c: MonitorCheck): string {
  const verdict = c.passed === null ? '' : `  assertions ${c.passed ? 'passed' : 'failed'}`;
  if (c.test_id === null) {
    const state = c.up ? 'up  ' : `down (${c.reason ?? 'http_error'})`;
    return `${c.at}  ${state}  status ${c.status_code ?? '–'}  total ${ms(c.total_ms)}${verdict}`;
  }
  const scores = [
    c.performance_score !== null ? `performance ${c.performance_score}` : null,
    c.structure_score !== null ? `structure ${c.structure_score}` : null,
  ].filter(Boolean);
  return `${c.at}  ${c.status.padEnd(9)}  ${scores.join(' · ') || '–'}${verdict}  test ${c.test_id}`;
}

const pct = (v: number | null | undefined) => (typeof v === 'number' ? `${v}%` : '–');

/** A monitor on one screen: its state, uptime, latest incidents and per-location states (uptime monitors). */
export function monitorSummary(m: Monitor, paint: Paint = plain): string {
  const state =
    m.status === 'paused'
      ? `paused${m.paused_reason ? ` (${m.paused_reason})` : ''}`
      : m.down
        ? paint.bad('down')
        : paint.ok('up');
  const lines = [`${state}  ${m.url}  (${m.type}, every ${m.interval_seconds} s)  ${paint.dim(m.id)}`];
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

const BARS = '▁▂▃▄▅▆▇█';
/** The values as a one-line bar chart, lowest to highest. */
export function sparkline(values: number[]): string {
  const lo = Math.min(...values);
  const span = Math.max(...values) - lo;
  return values.map((v) => BARS[span === 0 ? 3 : Math.round(((v - lo) / span) * (BARS.length - 1))]).join('');
}

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
