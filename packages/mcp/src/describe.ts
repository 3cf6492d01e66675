import type { Comparison, ExpectationResult, HeartbeatPing, Monitor } from '@pageprobe/client';
import type { Incident, MonitorAlert, MonitorCheck, MonitorSeries, RumSite, Test } from '@pageprobe/client';
import { cadence, extrasOf, figuresOf, pinged, significantChanges } from '@pageprobe/client';
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
  // The kind's own figures (packages/client/src/kinds.ts), then real users' where the test has them.
  lines.push(...figuresOf(t).map((parts) => parts.join(', ')));
  const { field, expectations } = extrasOf(t);
  const users = describeField(field);
  if (users) lines.push(users);
  if (expectations.length) lines.push(describeExpectations(expectations));
  if (t.passed !== null) {
    const failed = (t.assertion_results ?? []).filter((r) => !r.passed).map((r) => `${r.key} (${r.actual ?? '–'})`);
    lines.push(`assertions ${t.passed ? 'passed' : 'failed'}${failed.length ? `: ${failed.join(', ')}` : ''}`);
  }
  lines.push(`report: ${t.report_url}`);
  return lines.join('\n');
}

/** How many expectations held, and each failed one's words. */
function describeExpectations(results: ExpectationResult[]): string {
  const failed = results.filter((e) => !e.passed);
  const head = `expectations: ${results.length - failed.length} of ${results.length} held`;
  return failed.length ? `${head}; failed: ${failed.map((e) => e.message).join('; ')}` : head;
}

export function describeComparison(c: Comparison): string {
  const changed = significantChanges(c).map((x) => `${x.name} ${x.change}: ${x.base} → ${x.head}`);
  const deltas = c.deltas as { field?: Parameters<typeof describeFieldPair>[0] };
  const field = 'field' in deltas ? describeFieldPair(deltas.field) : null;
  return [
    `${c.head.url} against ${c.base.url} (${c.type})`,
    ...(changed.length ? changed : ['no significant change']),
    ...(field ? [field] : []),
    `report: ${c.report_url}`,
  ].join('\n');
}

export const describeMonitor = (m: Monitor) => {
  const what = pinged(m.type)
    ? `${m.type}${m.name ? ` "${m.name}"` : ''} pinged ${cadence(m)}`
    : `${m.type} of ${m.url} ${cadence(m)}`;
  return `monitor ${m.id}: ${what}, ${m.status}${m.paused_reason ? ` (${m.paused_reason})` : ''}${m.down ? ', DOWN' : m.state === 'degraded' ? ', DEGRADED' : ''}`;
};

/** A check of a monitor in one line: an uptime, tcp, dns or heartbeat check, or a lighthouse or seo_crawl run (a test). */
export function describeCheck(c: MonitorCheck): string {
  const verdict = c.passed === null ? '' : `, assertions ${c.passed ? 'passed' : 'failed'}`;
  if (c.test_id === null) {
    const state = c.up ? (c.degraded ? 'up but degraded' : 'up') : `down (${c.reason ?? 'http_error'})`;
    // tcp, dns and heartbeat checks have no status code.
    const status = c.status_code === null ? '' : `, status ${c.status_code}`;
    const held = c.suppressed_by ? `, alerts held: monitor ${c.suppressed_by} was down` : '';
    return `${c.at}: ${state}${status}, ${c.total_ms ?? '–'} ms${verdict}${held}`;
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
  // A server older than dependencies leaves the field out.
  if (m.depends_on?.length)
    lines.push(`depends on: ${m.depends_on.join(', ')} (its downs alert no one while one is down)`);
  if (pinged(m.type)) {
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

/** An incident: its head line, the monitors it affects, then its updates oldest first. */
export const describeIncident = (i: Incident) =>
  [
    `${i.id}: ${i.title} (${i.status}${i.impact ? `, ${i.impact}` : ''}), since ${i.started_at}`,
    `affects ${i.components.map((c) => `${c.monitor_id} (${c.impact})`).join(', ')}`,
    ...i.updates.map((u) => `  ${u.at} ${u.status}: ${u.message}`),
  ].join('\n');

/** A RUM site (issue 61): its name and id, where its beacons may come from, how it is sampled and split. */
export function describeRumSite(s: RumSite): string {
  const groups = s.page_groups.map((g) => `${g.name} ${g.pattern}`).join(', ');
  const budgets = Object.entries(s.budgets)
    .map(([m, v]) => `${m} ${v}`)
    .join(', ');
  return [
    `${s.name} (${s.id}), key ${s.site_key}: origins ${s.origins.join(', ')}; sampled at ${s.sample_rate}${s.keep_query_strings ? ', query strings kept' : ''}`,
    groups ? `page groups (first match wins, else other): ${groups}` : 'no page groups: every page view is "other"',
    ...(budgets ? [`p75 budgets: ${budgets}`] : []),
  ].join('\n');
}
