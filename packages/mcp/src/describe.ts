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

import { describeField, describeFieldPair } from './describe-field.ts';

// What an assistant reads back: a few lines per result (the structured content carries the rest).

export function describeTest(t: Test): string {
  const lines = [`${t.type} test ${t.id} of ${t.url}: ${t.status}`];
  if (t.error) lines.push(`error ${t.error.code}: ${t.error.message}`);
  if (t.scores && Object.keys(t.scores).length) {
    lines.push(
      `scores: ${Object.entries(t.scores)
        .map(([k, v]) => `${k} ${v}`)
        .join(', ')}${t.grade ? `; grade ${t.grade}` : ''}`,
    );
  }
  if (t.structure_score !== null) lines.push(`structure score ${t.structure_score}`);
  if (t.type === 'lighthouse' && t.vitals) {
    lines.push(
      `vitals: ${Object.entries(t.vitals)
        .map(([k, v]) => `${k} ${v ?? '–'}`)
        .join(', ')}`,
    );
  }
  if (t.type === 'lighthouse') {
    const field = describeField(t.result?.field);
    if (field) lines.push(field);
  }
  if (t.type === 'uptime' && t.result) {
    lines.push(`${verdict(t.result)}, status ${t.result.status_code ?? '–'}, ${t.result.timings_ms.total ?? '–'} ms`);
  }
  if (t.type === 'tcp' && t.result) {
    const r = t.result;
    const tls = r.tls
      ? `; TLS ${r.tls.protocol ?? '–'}, certificate ${r.tls.days_remaining ?? '–'} days left${r.tls.chain_valid ? '' : ` (not trusted: ${r.tls.error})`}`
      : '';
    lines.push(`${verdict(r)}, connect ${r.timings_ms.connect ?? '–'} ms, total ${r.timings_ms.total ?? '–'} ms${tls}`);
  }
  if (t.type === 'dns' && t.result) {
    const r = t.result;
    const answers = r.answers.map((a) => `${a.value} (ttl ${a.ttl ?? '–'})`).join(', ') || 'no answers';
    lines.push(`dns ${r.type} ${r.name}: ${answers}`);
    lines.push(`${verdict(r)}, ${r.timings_ms.total ?? '–'} ms from ${r.resolver ?? 'the system resolver'}`);
  }
  if ((t.type === 'uptime' || t.type === 'tcp' || t.type === 'dns') && t.result?.expectations?.length) {
    lines.push(describeExpectations(t.result.expectations));
  }
  if (t.type === 'seo_crawl' && t.seo_issues?.length) {
    lines.push(
      `issues: ${t.seo_issues
        .slice(0, 8)
        .map((i) => `${i.code} (${i.severity}, ${i.url_count} URLs)`)
        .join(', ')}`,
    );
  }
  if (t.passed !== null) {
    const failed = (t.assertion_results ?? []).filter((r) => !r.passed).map((r) => `${r.key} (${r.actual ?? '–'})`);
    lines.push(`assertions ${t.passed ? 'passed' : 'failed'}${failed.length ? `: ${failed.join(', ')}` : ''}`);
  }
  lines.push(`report: ${t.report_url}`);
  return lines.join('\n');
}

/** Up, or down with its reason and words (an expectation's words are on their own line). */
const verdict = (r: { up: boolean; reason: string | null; error: string | null }) =>
  r.up ? 'up' : `down (${r.reason})${r.error && r.reason !== 'expectation_failed' ? `: ${r.error}` : ''}`;

/** How many expectations held, and each failed one's words. */
function describeExpectations(results: ExpectationResult[]): string {
  const failed = results.filter((e) => !e.passed);
  const head = `expectations: ${results.length - failed.length} of ${results.length} held`;
  return failed.length ? `${head}; failed: ${failed.map((e) => e.message).join('; ')}` : head;
}

export function describeComparison(c: Comparison): string {
  const changed = significantChanges(c).map((x) => `${x.name} ${x.change}: ${x.base} → ${x.head}`);
  const field = c.type === 'lighthouse' ? describeFieldPair(c.deltas.field) : null;
  return [
    `${c.head.url} against ${c.base.url} (${c.type})`,
    ...(changed.length ? changed : ['no significant change']),
    ...(field ? [field] : []),
    `report: ${c.report_url}`,
  ].join('\n');
}

/** A heartbeat's cadence: its period or cron schedule (with its time zone), and its grace. */
const heartbeatCadence = (m: Monitor) =>
  `${m.schedule ? `on cron '${m.schedule}' (${m.time_zone ?? 'UTC'})` : `every ${m.period_seconds} s`} + ${m.grace_seconds} s grace`;

export const describeMonitor = (m: Monitor) => {
  const what =
    m.type === 'heartbeat'
      ? `heartbeat${m.name ? ` "${m.name}"` : ''} pinged ${heartbeatCadence(m)}`
      : `${m.type} of ${m.url} every ${m.interval_seconds} s`;
  return `monitor ${m.id}: ${what}, ${m.status}${m.paused_reason ? ` (${m.paused_reason})` : ''}${m.down ? ', DOWN' : ''}`;
};

/** A check of a monitor in one line: an uptime, tcp, dns or heartbeat check, or a lighthouse or seo_crawl run (a test). */
export function describeCheck(c: MonitorCheck): string {
  const verdict = c.passed === null ? '' : `, assertions ${c.passed ? 'passed' : 'failed'}`;
  if (c.test_id === null) {
    const state = c.up ? 'up' : `down (${c.reason ?? 'http_error'})`;
    // tcp, dns and heartbeat checks have no status code.
    const status = c.status_code === null ? '' : `, status ${c.status_code}`;
    return `${c.at}: ${state}${status}, ${c.total_ms ?? '–'} ms${verdict}`;
  }
  const scores = Object.entries(c.scores ?? {}).map(([k, v]) => `${k} ${v}`);
  if (c.structure_score !== null) scores.push(`structure ${c.structure_score}`);
  return `${c.at}: ${c.status}${scores.length ? `, ${scores.join(', ')}` : ''}${verdict}, test ${c.test_id}`;
}

/**
 * A monitor read by id: the line above, then a heartbeat's ping URL, last ping and deadline, then its
 * uptime, latest incidents and locations.
 */
export function describeMonitorDetail(m: Monitor): string {
  const lines = [describeMonitor(m)];
  if (m.type === 'heartbeat') {
    lines.push(`ping URL: ${m.ping_url ?? '–'} (GET or POST; /start, /fail, /<exit status> after it)`);
    lines.push(`last ping: ${m.last_ping_at ?? 'none yet'}; down unless a ping comes by ${m.deadline_at ?? '–'}`);
    if (m.run_started_at) lines.push(`a run started at ${m.run_started_at} and has not ended`);
  }
  const pct = (v: number | null) => (v === null ? '–' : `${v}%`);
  const u = m.uptime_percent;
  if (u) lines.push(`uptime: 24h ${pct(u['24h'])}, 7d ${pct(u['7d'])}, 30d ${pct(u['30d'])}, 90d ${pct(u['90d'])}`);
  if (m.incidents) {
    const latest = m.incidents
      .slice(0, 5)
      .map((i) => `${i.started_at} to ${i.ended_at ?? 'ongoing'}: ${i.reason}${i.maintenance ? ' (maintenance)' : ''}`);
    lines.push(latest.length ? `incidents (newest first):\n${latest.join('\n')}` : 'no incidents');
  }
  if (m.locations?.length)
    lines.push(
      `locations: ${m.locations.map((l) => `${l.location} ${l.state} (24h ${pct(l.uptime_24h)})`).join(', ')}`,
    );
  lines.push(`page: ${m.report_url}`);
  return lines.join('\n');
}

/** A series: its span and resolution, then one line per point (mean, count, p95). */
export function describeSeries(s: MonitorSeries): string {
  return [
    `${s.metric} from ${s.from} to ${s.to}, per ${s.resolution}, ${s.points.length} points`,
    ...s.points.map((p) => `${p.at}: ${Number(p.value.toFixed(3))} (n ${p.count}, p95 ${Number(p.p95.toFixed(3))})`),
  ].join('\n');
}

export const describeAlert = (a: MonitorAlert) => `${a.created_at}: ${a.event}, ${a.reason}`;

/** A heartbeat's ping: when, what, a run's duration, the first line of its log. */
export function describePing(p: HeartbeatPing): string {
  const what = p.kind === 'exit' ? `exit ${p.exit_code}` : p.kind;
  const log = p.body ? `, log: ${p.body.split('\n', 1)[0]!.slice(0, 200)}` : '';
  return `${p.at}: ${what}${p.duration_ms === null ? '' : `, run ${p.duration_ms} ms`}${log}`;
}
