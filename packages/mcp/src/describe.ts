import {
  type Comparison,
  type Monitor,
  type MonitorAlert,
  type MonitorCheck,
  type MonitorSeries,
  significantChanges,
  type Test,
} from '@pageprobe/client';

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
  if (t.type === 'uptime' && t.result) {
    lines.push(
      `${t.result.up ? 'up' : `down (${t.result.reason})`}, status ${t.result.status_code ?? '–'}, ${t.result.timings_ms.total ?? '–'} ms`,
    );
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

export function describeComparison(c: Comparison): string {
  const changed = significantChanges(c).map((x) => `${x.name} ${x.change}: ${x.base} → ${x.head}`);
  return [
    `${c.head.url} against ${c.base.url} (${c.type})`,
    ...(changed.length ? changed : ['no significant change']),
    `report: ${c.report_url}`,
  ].join('\n');
}

export const describeMonitor = (m: Monitor) =>
  `monitor ${m.id}: ${m.type} of ${m.url} every ${m.interval_seconds} s, ${m.status}${m.paused_reason ? ` (${m.paused_reason})` : ''}${m.down ? ', DOWN' : ''}`;

/** A check of a monitor in one line: an uptime check, or a lighthouse or seo_crawl run (a test). */
export function describeCheck(c: MonitorCheck): string {
  const verdict = c.passed === null ? '' : `, assertions ${c.passed ? 'passed' : 'failed'}`;
  if (c.test_id === null) {
    const state = c.up ? 'up' : `down (${c.reason ?? 'http_error'})`;
    return `${c.at}: ${state}, status ${c.status_code ?? '–'}, ${c.total_ms ?? '–'} ms${verdict}`;
  }
  const scores = Object.entries(c.scores ?? {}).map(([k, v]) => `${k} ${v}`);
  if (c.structure_score !== null) scores.push(`structure ${c.structure_score}`);
  return `${c.at}: ${c.status}${scores.length ? `, ${scores.join(', ')}` : ''}${verdict}, test ${c.test_id}`;
}

/** A monitor read by id: the line above, then its uptime, latest incidents and locations (uptime monitors). */
export function describeMonitorDetail(m: Monitor): string {
  const lines = [describeMonitor(m)];
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
