import type { Db, Monitor, StatusPage } from '@pageprobe/db';
import {
  combinedReport,
  MAX_REPORT_MS,
  type MonitorReport,
  monitorReport,
  monthRange,
  type ReportRange,
  toHours,
} from '@pageprobe/monitors';
import type { Caller } from '../caller.ts';
import { csvCell } from '../csv-cell.ts';
import type { ServiceDeps } from '../deps.ts';
import { worstImpact } from '../incidents/present-incident.ts';
import { ownedMonitor } from '../monitors/monitor-service.ts';
import { ProblemError } from '../problem.ts';
import { liveMonitors, ownedStatusPage } from '../status-pages/status-page-service.ts';

// Uptime reports (issue 58 item 6), for a monitor and for a status page, over a month or any range: JSON
// for the API, CSV for a spreadsheet, and the data of the printable pages.

export interface ReportQuery {
  /** `2026-11`: that month (UTC). */
  month?: string;
  from?: string;
  to?: string;
}

const invalid = (path: string, message: string): never => {
  throw new ProblemError(400, 'validation_failed', `${path} ${message}.`, { errors: [{ path, message }] });
};

/** The range asked for: a month, or from and to (whole hours, at most a year and a day); the month so far by default. */
export function reportRange(query: ReportQuery, now = new Date()): ReportRange {
  if (query.month !== undefined) {
    if (query.from !== undefined || query.to !== undefined) invalid('query.month', 'goes without from and to');
    return monthRange(query.month) ?? invalid('query.month', 'is a month as YYYY-MM');
  }
  if (query.from === undefined && query.to === undefined) {
    return { from: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)), to: now };
  }
  const from = new Date(query.from ?? '');
  const to = query.to === undefined ? now : new Date(query.to);
  if (Number.isNaN(from.getTime())) invalid('query.from', 'is a date-time');
  if (Number.isNaN(to.getTime())) invalid('query.to', 'is a date-time');
  if (to <= from) invalid('query.to', 'comes after from');
  if (to.getTime() - from.getTime() > MAX_REPORT_MS) invalid('query.to', 'is at most 366 days after from');
  return toHours({ from, to });
}

/** A printable page's range: `?month=` or the month so far; null for a month that is not one. */
export function pageMonth(month: unknown): ReportRange | null {
  try {
    return reportRange(typeof month === 'string' ? { month } : {});
  } catch {
    return null;
  }
}

export type MonitorUptimeReport = MonitorReport & { monitor: { id: string; name: string | null; url: string } };

const monitorFacts = (m: Pick<Monitor, 'id' | 'name' | 'url'>) => ({ id: m.id, name: m.name, url: m.url });

export async function monitorUptimeReport(deps: ServiceDeps, caller: Caller, id: string, query: ReportQuery) {
  const monitor = await ownedMonitor(deps.db, caller.teamId, id);
  return { monitor: monitorFacts(monitor), ...(await monitorReport(deps.db, monitor.id, reportRange(query))) };
}

/** A status page's report: each component's, the page's all together, and the incidents the team wrote. */
export async function loadStatusPageReport(db: Db, page: StatusPage, range: ReportRange) {
  const shown = await liveMonitors(db, page);
  const components = await Promise.all(
    shown.map(async ({ label, monitor }) => ({
      label,
      monitor_id: monitor.id,
      ...(await monitorReport(db, monitor.id, range)),
    })),
  );
  const written = await db.incident.findMany({
    where: {
      teamId: page.teamId,
      components: { some: { monitorId: { in: shown.map((s) => s.monitor.id) } } },
      startedAt: { lt: toHours(range).to },
      OR: [{ resolvedAt: null }, { resolvedAt: { gt: toHours(range).from } }],
    },
    include: { components: true },
    orderBy: { startedAt: 'asc' },
  });
  const hours = toHours(range);
  return {
    status_page: { id: page.id, title: page.title, slug: page.slug },
    from: hours.from.toISOString(),
    to: hours.to.toISOString(),
    ...combinedReport(components),
    components,
    written_incidents: written.map((i) => ({
      id: i.id,
      title: i.title,
      impact: worstImpact(i.components),
      started_at: i.startedAt.toISOString(),
      resolved_at: i.resolvedAt?.toISOString() ?? null,
    })),
  };
}

export type StatusPageReport = Awaited<ReturnType<typeof loadStatusPageReport>>;

export async function statusPageUptimeReport(deps: ServiceDeps, caller: Caller, id: string, query: ReportQuery) {
  return loadStatusPageReport(deps.db, await ownedStatusPage(deps, caller.teamId, id), reportRange(query));
}

const CSV_HEAD = [
  'name',
  'from',
  'to',
  'checks',
  'up',
  'down',
  'uptime_percent',
  'degraded_percent',
  'incidents',
  'downtime_seconds',
  'recovered',
  'mean_recovery_seconds',
  'longest_recovery_seconds',
];

/** One CSV line of a report's figures under a name. */
function csvLine(name: string, from: string, to: string, r: ReturnType<typeof combinedReport>) {
  return [
    name,
    from,
    to,
    r.checks.total,
    r.checks.up,
    r.checks.down,
    r.uptime_percent,
    r.degraded_percent,
    r.incident_count,
    r.downtime_seconds,
    r.recovery.recovered,
    r.recovery.mean_seconds,
    r.recovery.longest_seconds,
  ]
    .map(csvCell)
    .join(',');
}

export const monitorReportCsv = (r: MonitorUptimeReport) =>
  `${CSV_HEAD.join(',')}\n${csvLine(r.monitor.name ?? r.monitor.url, r.from, r.to, combinedReport([r]))}\n`;

/** A status page's report as CSV: a line per component, then the page's. */
export const statusPageReportCsv = (r: StatusPageReport) =>
  `${[
    CSV_HEAD.join(','),
    ...r.components.map((c) => csvLine(c.label, r.from, r.to, combinedReport([c]))),
    csvLine(`${r.status_page.title} (all)`, r.from, r.to, r),
  ].join('\n')}\n`;
