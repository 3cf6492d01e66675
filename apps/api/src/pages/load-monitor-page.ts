import { DAY_MS, type Db, type Monitor, type Plan, RETENTION, type Test } from '@pageprobe/db';
import { dayBars, type Incident, incidents, listChecks, uptimePercent, WINDOWS } from '@pageprobe/monitors';
import type { AlertRow, MonitorPageData, MonitorState, RangeName, RunRow } from '@pageprobe/pages';
import { fmtMs, kindNamed, monitorKindNamed, monitorSubject } from '@pageprobe/test-kinds';
import { type HeldFor, reportUrl, runFailureOf } from '@pageprobe/test-lifecycle';
import { looksLikeToken } from '../reports/load-report.ts';
import { locationStates } from '../monitors/monitor-locations.ts';
import { loadMaintenance } from './load-maintenance.ts';
import { monitorCharts } from './monitor-charts.ts';
import { badgeUrls } from './page-urls.ts';

/** A page's ranges: the uptime windows, and a year. */
export const RANGE_MS: Record<RangeName, number> = { ...WINDOWS, '1y': 365 * DAY_MS };
/** The runs and alerts a page lists. */
const LISTED = 20;

/** The monitor a token opens, not deleted, with its team's plan. */
export type PageMonitor = Monitor & { plan: Plan };

/** The monitor a token opens: the page's token opens its page, the badges' token its badges only. */
export async function monitorByToken(
  db: Db,
  token: string,
  opens: 'page' | 'badges' = 'page',
): Promise<PageMonitor | null> {
  if (!looksLikeToken(token)) return null;
  const found = await db.monitor.findFirst({
    where: { ...(opens === 'page' ? { reportToken: token } : { badgeToken: token }), deletedAt: null },
    include: { team: { select: { plan: true } } },
  });
  if (!found) return null;
  const { team, ...monitor } = found;
  return { ...monitor, plan: team.plan };
}

/** Its state: a heartbeat runs nothing, so its last ping is its last run (issue 47). */
export const monitorState = (m: Pick<Monitor, 'status' | 'down' | 'lastRunAt' | 'lastPingAt'>): MonitorState =>
  m.status === 'paused' ? 'paused' : m.down ? 'down' : (m.lastRunAt ?? m.lastPingAt) ? 'up' : 'pending';

/** The ranges a plan's aggregates cover: a year only where they are kept that long. */
export const rangesFor = (plan: Plan) =>
  (Object.keys(RANGE_MS) as RangeName[]).filter((r) => RANGE_MS[r] <= RETENTION[plan].aggregatesDays * DAY_MS);

/** Everything a monitor's page shows, read from what is kept as runs finish (rollups, incidents). */
export async function loadMonitorPage(
  db: Db,
  monitor: PageMonitor,
  range: RangeName,
  now: Date,
  links: { base: string; css: string; self: string },
): Promise<MonitorPageData> {
  const alertsRead = db.monitorAlert.findMany({
    where: { monitorId: monitor.id },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: LISTED,
    include: { deliveries: { select: { state: true, channel: { select: { name: true } } } } },
  });
  // The charts mark the regressions among the alerts; everything else is read meanwhile.
  const chartsRead = alertsRead.then((rows) =>
    monitorCharts(
      db,
      monitor,
      new Date(now.getTime() - RANGE_MS[range]),
      now,
      rows
        .filter((a) => a.event === 'monitor.regressed')
        .map((a) => ({ at: a.createdAt, label: `Regressed: ${a.reason.replaceAll('_', ' ')}` })),
    ),
  );
  const [uptime, days, incidentList, runs, alertRows, charts, maintenance, locations] = await Promise.all([
    uptimePercent(db, monitor.id, now),
    dayBars(db, monitor.id, now),
    incidents(db, monitor.id),
    latestRuns(db, monitor, links.base),
    alertsRead,
    chartsRead,
    loadMaintenance(db, monitor.teamId, [{ monitor }], now),
    locationStates(db, monitor, { withUptime: true }),
  ]);
  const alerts: AlertRow[] = alertRows.map((a) => ({
    at: a.createdAt,
    event: a.event,
    reason: a.reason,
    delivery: a.deliveries.map((d) => `${d.channel?.name ?? 'callback'}: ${d.state}`).join(' · ') || null,
    held: heldWords((a.details as { held?: HeldFor } | null)?.held),
  }));
  const kind = monitorKindNamed(monitor.type);
  return {
    kindTitle: kind.title,
    url: monitorSubject(monitor),
    state: monitorState(monitor),
    pausedReason: monitor.pausedReason,
    intervalSeconds: monitor.intervalSeconds,
    cadence: kind.monitor.page.cadence?.(monitor) ?? null,
    facts: kind.monitor.page.facts?.(monitor) ?? [],
    runWord: kind.monitor.page.run,
    now,
    range,
    ranges: rangesFor(monitor.plan),
    uptime,
    days,
    charts,
    incidents: incidentList.map(incidentRow),
    maintenance: maintenance.rows,
    locations:
      locations?.map((l) => ({
        location: l.location,
        state: l.state,
        lastCheckAt: l.last_check_at,
        uptime24h: l.uptime_24h,
      })) ?? null,
    alerts,
    runs,
    badges: Object.entries(badgeUrls(links.base, monitor)).map(([name, url]) => ({
      name: name as MonitorPageData['badges'][number]['name'],
      url,
    })),
    links: { css: links.css, json: `${links.base}/api/v1/monitors/${monitor.id}`, self: links.self },
  };
}

/** Why an alert was recorded but not sent, in words. */
function heldWords(held: HeldFor | undefined): string | null {
  if (!held) return null;
  return held.reason === 'maintenance' ? `maintenance: ${held.window.name}` : 'its monitor.down was never sent';
}

/** An incident as the pages list it: one that began during maintenance says so. */
export const incidentRow = (i: Incident) => ({
  startedAt: new Date(i.started_at),
  endedAt: i.ended_at ? new Date(i.ended_at) : null,
  reason: i.maintenance ? `${i.reason} (during maintenance)` : i.reason,
});

/** The newest runs: its checks, or its tests with their reports, as its kind runs (`monitor.page.run`). */
async function latestRuns(db: Db, monitor: Monitor, base: string): Promise<RunRow[]> {
  if (monitorKindNamed(monitor.type).monitor.page.run === 'check') {
    return (await listChecks(db, monitor.id, null, LISTED)).map((c) => ({
      at: c.startedAt,
      ok: c.figures.up,
      figures: [
        c.figures.status_code === null ? null : `HTTP ${c.figures.status_code}`,
        fmtMs(c.figures.timings_ms.total),
      ]
        .filter(Boolean)
        .join(' · '),
      reason: c.figures.up ? null : c.figures.reason,
      reportHref: null,
    }));
  }
  const tests = await db.test.findMany({
    where: { monitorId: monitor.id },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: LISTED,
  });
  return tests.map((t) => runRowOf(t, base));
}

function runRowOf(test: Test, base: string): RunRow {
  const done = test.status === 'completed' || test.status === 'failed';
  const failure = done ? runFailureOf(test) : null;
  // The kind's score, named as its page names it (`Performance 93`): a test's kind is a kind of test.
  const { score, page } = kindNamed(test.type).monitor;
  const value = score?.(test) ?? null;
  return {
    at: test.startedAt ?? test.createdAt,
    ok: done ? !failure : null,
    figures: !done ? test.status : value === null ? '–' : `${page.scoreLabel ?? 'Score'} ${value}`,
    reason: failure ?? null,
    reportHref: reportUrl(base, test.reportToken),
  };
}
