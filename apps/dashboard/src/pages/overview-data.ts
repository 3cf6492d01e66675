import { type CreditsView, creditsOf } from '@pageprobe/services';
import { type Db, Prisma } from '@pageprobe/db';
import { type LiveLocation, liveLocations } from '@pageprobe/jobs';
import type { DashboardDeps } from '../http/page-context.ts';

// The overview's figures (issue 46), each one bounded query whatever the team's size: the monitors down
// now and the open incidents through partial indexes (a few rows each), the newest tests and the alerts of
// the last 24 hours read newest first through their indexes and cut at a handful. Nothing counts or loads
// every monitor or every test of the team.

/** How many of each list the overview shows. */
export const SHOWN = { down: 5, degraded: 5, channels: 5, incidents: 5, tests: 5, alerts: 10 } as const;
/** The alerts of the last 24 hours are counted up to this; past it the page says "more than". */
export const ALERTS_COUNTED = 1000;

/** What lists need to call a monitor (monitorLabel: its name, its URL, or a heartbeat's title). */
export interface MonitorNaming {
  url: string;
  name: string | null;
  type: string;
}
export interface DownMonitor extends MonitorNaming {
  id: string;
  consecutive_failures: number;
}
export interface OpenIncident extends MonitorNaming {
  monitor_id: string;
  started_at: Date;
  reason: string;
}
export interface RecentAlert extends MonitorNaming {
  id: string;
  monitor_id: string;
  event: string;
  reason: string;
  created_at: Date;
}
export interface LatestTest {
  id: string;
  url: string;
  type: string;
  status: 'queued' | 'running' | 'completed' | 'failed';
  createdAt: Date;
  grade: string | null;
  performanceScore: number | null;
}

export interface FailingChannel {
  id: string;
  name: string;
  type: string;
  first_failure_at: Date | null;
}

/** A new team's first steps (issue 60), each true once the team has done it, ever. */
export interface FirstSteps {
  key: boolean;
  test: boolean;
  monitor: boolean;
  channel: boolean;
  invite: boolean;
}

export interface Overview {
  credits: CreditsView;
  defaultLocation: string | null;
  steps: FirstSteps;
  down: { total: number; shown: DownMonitor[] };
  degraded: { total: number; shown: DownMonitor[] };
  failingChannels: { total: number; shown: FailingChannel[] };
  incidents: { total: number; shown: OpenIncident[] };
  tests: LatestTest[];
  alerts: { total: number; shown: RecentAlert[] };
  /** Null when Redis could not be asked (the page says so; the rest still shows). */
  locations: LiveLocation[] | null;
}

type Counted<T> = T & { total: number };
const split = <T>(rows: Counted<T>[]) => ({
  total: rows[0]?.total ?? 0,
  shown: rows.map(({ total: _, ...row }) => row as T),
});

/** The team's monitors down now: the partial index monitors_down_team_id_idx holds only these. */
const downMonitors = (db: Db, teamId: string) =>
  db.$queryRaw<Counted<DownMonitor>[]>`
    SELECT id, url, name, type::text AS type, consecutive_failures, (count(*) OVER ())::int AS total
    FROM monitors WHERE team_id = ${teamId}::uuid AND down AND deleted_at IS NULL AND status = 'active'
    ORDER BY consecutive_failures DESC, id LIMIT ${SHOWN.down}`;

/** Degraded but not down (monitors_degraded_team_id_idx: degraded ones only). */
const degradedMonitors = (db: Db, teamId: string) =>
  db.$queryRaw<Counted<DownMonitor>[]>`
    SELECT id, url, name, type::text AS type, consecutive_degraded AS consecutive_failures,
      (count(*) OVER ())::int AS total
    FROM monitors WHERE team_id = ${teamId}::uuid AND degraded AND NOT down AND deleted_at IS NULL
      AND status = 'active'
    ORDER BY consecutive_degraded DESC, id LIMIT ${SHOWN.degraded}`;

/** Channels a day of failed deliveries made `failing`: a team has at most ALERT_CHANNELS_PER_TEAM. */
const failingChannels = (db: Db, teamId: string) =>
  db.$queryRaw<Counted<FailingChannel>[]>`
    SELECT id, name, type::text AS type, first_failure_at, (count(*) OVER ())::int AS total
    FROM alert_channels WHERE team_id = ${teamId}::uuid AND state = 'failing'
    ORDER BY first_failure_at, id LIMIT ${SHOWN.channels}`;

/**
 * The team's default location, and whether it ever made a key, started a test, made a monitor and an alert
 * channel, and invited someone (an invitation, or a second member): one row, each an EXISTS that stops at
 * the first row an index on team_id finds.
 */
const teamAndSteps = (db: Db, teamId: string) =>
  db.$queryRaw<Array<FirstSteps & { default_location: string | null }>>`
    SELECT t.default_location,
      EXISTS (SELECT 1 FROM api_keys WHERE team_id = t.id) AS key,
      EXISTS (SELECT 1 FROM tests WHERE team_id = t.id) AS test,
      EXISTS (SELECT 1 FROM monitors WHERE team_id = t.id) AS monitor,
      EXISTS (SELECT 1 FROM alert_channels WHERE team_id = t.id) AS channel,
      (EXISTS (SELECT 1 FROM invitations WHERE team_id = t.id)
        OR EXISTS (SELECT 1 FROM memberships WHERE team_id = t.id OFFSET 1)) AS invite
    FROM teams t WHERE t.id = ${teamId}::uuid`;

/**
 * The monitor of a row (what names it), when it is the team's and not deleted: a probe of the primary key per
 * row (LIMIT 1 keeps it a nested loop), so the cost follows the few rows read, never the team's monitors.
 */
const ofTeam = (teamId: string, monitorId: Prisma.Sql) =>
  Prisma.sql`SELECT url, name, type::text AS type FROM monitors WHERE id = ${monitorId} AND team_id = ${teamId}::uuid AND deleted_at IS NULL LIMIT 1`;

/** Incidents still open (incidents_open_idx: open ones only), of the team's monitors. */
const openIncidents = (db: Db, teamId: string) =>
  db.$queryRaw<Counted<OpenIncident>[]>`
    SELECT i.monitor_id, m.url, m.name, m.type, i.started_at, i.reason, (count(*) OVER ())::int AS total
    FROM monitoring.incidents i CROSS JOIN LATERAL (${ofTeam(teamId, Prisma.sql`i.monitor_id`)}) m
    WHERE i.ended_at IS NULL
    ORDER BY i.started_at DESC LIMIT ${SHOWN.incidents}`;

/** The team's alerts of the last 24 hours, newest first, counted up to ALERTS_COUNTED. */
const recentAlerts = (db: Db, teamId: string, since: Date) =>
  db.$queryRaw<Counted<RecentAlert>[]>`
    WITH recent AS (
      SELECT a.id, a.monitor_id, m.url, m.name, m.type, a.event, a.reason, a.created_at
      FROM monitor_alerts a CROSS JOIN LATERAL (${ofTeam(teamId, Prisma.sql`a.monitor_id`)}) m
      WHERE a.created_at > ${since}
      ORDER BY a.created_at DESC, a.id DESC LIMIT ${ALERTS_COUNTED + 1})
    SELECT *, (SELECT count(*) FROM recent)::int AS total FROM recent
    ORDER BY created_at DESC, id DESC LIMIT ${SHOWN.alerts}`;

export async function loadOverview(deps: DashboardDeps, teamId: string): Promise<Overview> {
  const { db } = deps;
  const [credits, [team], down, degraded, channels, incidents, tests, alerts, locations] = await Promise.all([
    creditsOf(deps, teamId),
    teamAndSteps(db, teamId),
    downMonitors(db, teamId),
    degradedMonitors(db, teamId),
    failingChannels(db, teamId),
    openIncidents(db, teamId),
    db.test.findMany({
      where: { teamId },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take: SHOWN.tests,
      select: { id: true, url: true, type: true, status: true, createdAt: true, grade: true, performanceScore: true },
    }),
    recentAlerts(db, teamId, new Date(Date.now() - 24 * 3600_000)),
    liveLocations(deps.redis, deps.config.QUEUE_PREFIX).catch(() => null),
  ]);
  if (!team) throw new Error(`no team ${teamId}`);
  const { default_location, ...steps } = team;
  return {
    credits,
    defaultLocation: default_location,
    steps,
    down: split(down),
    degraded: split(degraded),
    failingChannels: split(channels),
    incidents: split(incidents),
    tests,
    alerts: split(alerts),
    locations,
  };
}
