import { deployAnnotations } from '../deploys/deploy-service.ts';
import { DAY_MS, type Db, type Monitor, type Plan, RETENTION, type Test } from '@pageprobe/db';
import type { CruxClient } from '@pageprobe/crux';
import {
  dayBars,
  fieldSeriesOf,
  type Incident,
  incidents,
  listChecks,
  loadFieldSeries,
  uptimePercent,
  WINDOWS,
} from '@pageprobe/monitors';
import type { AlertRow, MonitorPageData, MonitorState, RangeName, RunRow } from '@pageprobe/pages';
import { fmtMs, kindNamed, monitorKindNamed, monitorSubject } from '@pageprobe/test-kinds';
import { type HeldFor, reportUrl, runFailureOf } from '@pageprobe/test-lifecycle';
import { looksLikeToken } from '../reports/load-report.ts';
import { locationStates } from '../monitors/monitor-locations.ts';
import { loadMaintenance } from './load-maintenance.ts';
import { monitorCharts, type PageField } from './monitor-charts.ts';
import { badgeUrls } from './page-urls.ts';

/** A page's ranges: the uptime windows, and a year. */
export const RANGE_MS: Record<RangeName, number> = { ...WINDOWS, '1y': 365 * DAY_MS };
/** The runs and alerts a page lists. */
const LISTED = 20;

/** The monitor a token opens, not deleted, with its team's plan. */
export type PageMonitor = Monitor & { plan: Plan };

/**
 * The monitor a token opens: the page's token opens its page (unless the page is private: members see it
 * in the dashboard only), the badges' token its badges only (public either way).
 */
export async function monitorByToken(
  db: Db,
  token: string,
  opens: 'page' | 'badges' = 'page',
): Promise<PageMonitor | null> {
  if (!looksLikeToken(token)) return null;
  const found = await db.monitor.findFirst({
    where: {
      ...(opens === 'page' ? { reportToken: token, publicPage: true } : { badgeToken: token }),
      deletedAt: null,
    },
    include: { team: { select: { plan: true } } },
  });
  if (!found) return null;
  const { team, ...monitor } = found;
  return { ...monitor, plan: team.plan };
}

/** Its state: a heartbeat runs nothing, so its last ping is its last run (issue 47). */
export const monitorState = (
  m: Pick<Monitor, 'status' | 'down' | 'degraded' | 'lastRunAt' | 'lastPingAt'>,
): MonitorState =>
  m.status === 'paused'
    ? 'paused'
    : m.down
      ? 'down'
      : m.degraded
        ? 'degraded'
        : (m.lastRunAt ?? m.lastPingAt)
          ? 'up'
          : 'pending';

/** The ranges a plan's aggregates cover: a year only where they are kept that long. */
export const rangesFor = (plan: Plan) =>
  (Object.keys(RANGE_MS) as RangeName[]).filter((r) => RANGE_MS[r] <= RETENTION[plan].aggregatesDays * DAY_MS);

/**
 * How long a page waits for CrUX History before it is drawn without field lines: an answer is cached for
 * everyone, so only the first view of a week waits on CrUX at all, and never long (the page's budget).
 */
const FIELD_PAGE_WAIT_MS = 3_000;

/** Why a monitor's page has no field lines, in words (the test's report says it of its run instead). */
const NO_FIELD_WORDS: Record<string, string> = {
  no_api_key: 'this Pageprobe has no Chrome UX Report API key (CRUX_API_KEY), so field data is off.',
  not_enough_data:
    'the Chrome UX Report has no history of this page nor its site on this device (too few Chrome users visit it).',
  rate_limited: "the Chrome UX Report's query quota is used up for the moment; reload the page in a minute.",
  api_error: 'the Chrome UX Report did not answer in time; reload the page later.',
};

/** A kind with field data (issue 48): its monitor's CrUX History, bounded in time; null for other kinds. */
async function pageField(crux: CruxClient | null, monitor: Monitor): Promise<PageField | null> {
  const series = Object.keys(fieldSeriesOf(monitor));
  if (series.length === 0) return null;
  const none = (reason: 'no_api_key' | 'api_error'): PageField => ({
    source: { available: false, reason },
    points: {},
  });
  if (!crux) return none('no_api_key');
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<PageField>((resolve) => {
    timer = setTimeout(() => resolve(none('api_error')), FIELD_PAGE_WAIT_MS);
  });
  try {
    return await Promise.race([loadFieldSeries(crux, monitor, series), late]);
  } catch {
    // The client answers its failures as `available: false`; anything else is ours, and no reason to
    // fail a page that has everything else to show.
    return none('api_error');
  } finally {
    clearTimeout(timer);
  }
}

/** The sentence above a field kind's charts: whose figures the field lines are, or why there are none. */
function fieldNote(field: PageField | null): string | null {
  if (!field) return null;
  const { source } = field;
  if (!source.available) return `No field data beside the lab's: ${NO_FIELD_WORDS[source.reason]}`;
  const whose = source.scope === 'url' ? 'this page' : 'its whole site (this page alone has too few visits)';
  const device = source.form_factor === 'PHONE' ? 'phones' : 'desktops';
  return `Field lines: what real Chrome users on ${device} saw of ${whose}, the 75th percentile of 28 days, a step a week (Chrome UX Report). Lab lines: this monitor's Lighthouse runs.`;
}

/** Everything a monitor's page shows, read from what is kept as runs finish (rollups, incidents). */
export async function loadMonitorPage(
  db: Db,
  monitor: PageMonitor,
  range: RangeName,
  now: Date,
  links: { base: string; css: string; self: string },
  crux: CruxClient | null = null,
): Promise<MonitorPageData> {
  const fieldRead = pageField(crux, monitor);
  const alertsRead = db.monitorAlert.findMany({
    where: { monitorId: monitor.id },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: LISTED,
    include: { deliveries: { select: { state: true, channel: { select: { name: true } } } } },
  });
  const from = new Date(now.getTime() - RANGE_MS[range]);
  const deploysRead = deployAnnotations(db, monitor, from, now);
  // The charts mark the regressions among the alerts and flag the deploys; everything else is read meanwhile.
  const chartsRead = Promise.all([alertsRead, fieldRead, deploysRead]).then(([rows, field, deploys]) =>
    monitorCharts(
      db,
      monitor,
      from,
      now,
      rows
        .filter((a) => a.event === 'monitor.regressed')
        .map((a) => ({ at: a.createdAt, label: `Regressed: ${a.reason.replaceAll('_', ' ')}` })),
      field,
      rows.flatMap((a) => {
        const details = a.details as { metric?: unknown; message?: unknown } | null;
        return a.event === 'monitor.field_regressed' && typeof details?.metric === 'string'
          ? [{ at: a.createdAt, label: String(details.message ?? 'Real users fare worse'), metric: details.metric }]
          : [];
      }),
      deploys.map((d) => ({
        at: new Date(d.at),
        version: d.version,
        label: `Deploy ${d.version} (${d.environment}): ${d.status}`,
      })),
    ),
  );
  const [uptime, days, incidentList, runs, alertRows, charts, maintenance, locations, field] = await Promise.all([
    uptimePercent(db, monitor.id, now),
    dayBars(db, monitor.id, now),
    incidents(db, monitor.id),
    latestRuns(db, monitor, links.base),
    alertsRead,
    chartsRead,
    loadMaintenance(db, monitor.teamId, [{ monitor }], now),
    locationStates(db, monitor, { withUptime: true }),
    fieldRead,
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
    fieldNote: fieldNote(field),
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
  switch (held.reason) {
    case 'maintenance':
      return `maintenance: ${held.window.name}`;
    case 'parent_down':
      return `${held.parent.name}, which it depends on, was down`;
    case 'parent_recovering':
      return 'the monitor it depends on was only just back up';
    case 'degraded_not_sent':
      return 'its monitor.degraded was never sent';
    default:
      return 'its monitor.down was never sent';
  }
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
