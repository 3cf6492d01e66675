import type { Monitor } from '@pageprobe/db';
import {
  incidents,
  listChecks,
  listPings,
  loadSeries,
  metricsOf,
  plotsMetric,
  degradedPercent,
  uptimePercent,
} from '@pageprobe/monitors';
import { randomBytes } from 'node:crypto';
import { monitorKindNamed, recordsChecks } from '@pageprobe/test-kinds';
import { type Request, Router } from 'express';
import { auditRequest } from '../audit/audit-request.ts';
import { requireScope } from '../auth/api-key-auth.ts';
import type { ApiDeps } from '../deps.ts';
import { callerOf } from '../http/caller.ts';
import { after, decodeCursor, encodeCursor, NEWEST_FIRST, pageOf, parseLimit } from '@pageprobe/services';
import { ProblemError } from '../http/problem.ts';
import { listTests } from '@pageprobe/services';
import { presentTest } from '../test-routes/present-test.ts';
import { type CreateMonitor, type UpdateMonitor, WITH_CHANNELS } from '@pageprobe/services';
import { createMonitor, deleteMonitor, ownedMonitor, updateMonitor } from '@pageprobe/services';
import { presentCheck, presentRunAsCheck } from './present-check.ts';
import { presentMonitor } from './present-monitor.ts';
import { cruxOf, deployAnnotations } from '@pageprobe/services';
import { fieldSeriesAnswer } from './field-series.ts';
import { locationStates } from '@pageprobe/services';
import { monitorReportCsv, monitorUptimeReport, type ReportQuery } from '@pageprobe/services';

/** An alert's delivery to its monitor's callback_url (the one without a channel), as the API shows it. */
export function callbackOf(deliveries: Array<{ state: string; channelId: string | null }>) {
  const callback = deliveries.find((d) => d.channelId === null);
  return callback ? { state: callback.state } : null;
}

/** A ping's place in its monitor's list: (at, id), ids being a sequence's numbers, not UUIDs. */
function decodePingCursor(cursor: string): { at: Date; id: string } {
  try {
    const [at, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as [string, string];
    const date = new Date(at);
    if (Number.isNaN(date.getTime()) || !/^\d{1,19}$/.test(id)) throw new Error('bad cursor');
    return { at: date, id };
  } catch {
    throw new ProblemError(400, 'validation_failed', 'cursor is not a next_cursor this API gave out.', {
      errors: [{ path: 'query.cursor', message: 'is not a valid cursor' }],
    });
  }
}

/** Series default to the last 7 days. */
const DEFAULT_SERIES_MS = 7 * 24 * 3600_000;
/** A location's series is grouped from raw checks, not rollups (issue 44): its range is bounded. */
const LOCATION_SERIES_MAX_MS = 31 * 24 * 3600_000;

/**
 * /monitors (issues 16, 29): tests and checks on a schedule. The row is the schedule: its next_run_at is
 * claimed by the dispatchers' tick, so a monitor created or resumed with next_run_at now runs within one.
 */
export function monitorRoutes(deps: ApiDeps): Router {
  const router = Router();
  const { config } = deps;

  /** The team's monitor, not deleted; another team's is a missing one. */
  const owned = (teamId: string, id: string) => ownedMonitor(deps.db, teamId, id);
  const statesOf = (monitor: Monitor) => locationStates(deps.db, monitor, { withUptime: false });
  // A heartbeat's ping URL is a key (whoever has it marks the monitor up or down): only a key that may
  // change the monitor gets it; a read key, the API's viewer, sees null (issue 56, item 17).
  const forKey = <T extends { ping_url: string | null }>(req: Request, body: T): T =>
    req.auth!.scope === 'write' ? body : { ...body, ping_url: null };

  router.post('/monitors', requireScope('write'), async (req, res) => {
    const monitor = await createMonitor(deps, callerOf(req), req.body as CreateMonitor);
    res
      .status(201)
      .location(`${config.PUBLIC_BASE_URL}/api/v1/monitors/${monitor.id}`)
      .json(presentMonitor(monitor, config.PUBLIC_BASE_URL, null, await statesOf(monitor)));
  });

  router.get('/monitors', requireScope('read'), async (req, res) => {
    const q = req.query as Record<string, string | undefined>;
    const limit = parseLimit(q.limit);
    const rows = await deps.db.monitor.findMany({
      where: { teamId: req.auth!.teamId, deletedAt: null, ...after(q.cursor) },
      orderBy: NEWEST_FIRST,
      take: limit + 1,
      include: WITH_CHANNELS,
    });
    const { page, nextCursor } = pageOf(rows, limit);
    const data = await Promise.all(
      page.map(async (m) => forKey(req, presentMonitor(m, config.PUBLIC_BASE_URL, null, await statesOf(m)))),
    );
    res.json({ data, next_cursor: nextCursor });
  });

  router.get('/monitors/:monitor_id', requireScope('read'), async (req, res) => {
    const monitor = await owned(req.auth!.teamId, req.params.monitor_id as string);
    const states = await locationStates(deps.db, monitor, { withUptime: true });
    // Kinds whose runs are rows of monitoring.checks (uptime, tcp, dns, heartbeats: issue 47) have a record.
    if (!recordsChecks(monitor.type))
      return void res.json(forKey(req, presentMonitor(monitor, config.PUBLIC_BASE_URL, null, states)));
    const now = new Date();
    const [percent, degraded, record] = await Promise.all([
      uptimePercent(deps.db, monitor.id, now),
      degradedPercent(deps.db, monitor.id, now),
      incidents(deps.db, monitor.id),
    ]);
    const uptime = { uptime_percent: percent, degraded_percent: degraded, incidents: record };
    res.json(forKey(req, presentMonitor(monitor, config.PUBLIC_BASE_URL, uptime, states)));
  });

  router.patch('/monitors/:monitor_id', requireScope('write'), async (req, res) => {
    const monitor = await updateMonitor(
      deps,
      callerOf(req),
      req.params.monitor_id as string,
      req.body as UpdateMonitor,
    );
    res.json(presentMonitor(monitor, config.PUBLIC_BASE_URL, null, await statesOf(monitor)));
  });

  router.delete('/monitors/:monitor_id', requireScope('write'), async (req, res) => {
    await deleteMonitor(deps, callerOf(req), req.params.monitor_id as string);
    res.status(204).end();
  });

  // A new page or badge token (issue 44): the old links answer 404 from now on, on every replica (pages
  // and badges read their token on each request).
  router.post('/monitors/:monitor_id/rotate-token', requireScope('write'), async (req, res) => {
    const { token } = req.body as { token: 'page' | 'badges' | 'ping' };
    const current = await owned(req.auth!.teamId, req.params.monitor_id as string);
    if (token === 'ping' && current.type !== 'heartbeat') {
      throw new ProblemError(400, 'validation_failed', 'token ping applies to heartbeat monitors only.', {
        errors: [{ path: 'body.token', message: 'ping applies to heartbeat monitors only' }],
      });
    }
    const fresh = randomBytes(32).toString('base64url');
    const monitor = await deps.db.monitor.update({
      where: { id: current.id },
      data:
        token === 'page' ? { reportToken: fresh } : token === 'badges' ? { badgeToken: fresh } : { pingToken: fresh },
      include: WITH_CHANNELS,
    });
    await auditRequest(deps.db, req, 'monitor.token_rotated', monitor.id, { token });
    res.json(presentMonitor(monitor, config.PUBLIC_BASE_URL, null, await statesOf(monitor)));
  });

  router.get('/monitors/:monitor_id/tests', requireScope('read'), async (req, res) => {
    const { teamId } = req.auth!;
    const monitor = await owned(teamId, req.params.monitor_id as string);
    const q = req.query as Record<string, string | undefined>;
    const { page, nextCursor } = await listTests(deps.db, teamId, {
      limit: parseLimit(q.limit),
      monitorId: monitor.id,
      ...(q.cursor ? { cursor: q.cursor } : {}),
    });
    const base = config.PUBLIC_BASE_URL;
    res.json({ data: page.map((t) => presentTest(t, base, t.delivery)), next_cursor: nextCursor });
  });

  router.get('/monitors/:monitor_id/checks', requireScope('read'), async (req, res) => {
    const { teamId } = req.auth!;
    const monitor = await owned(teamId, req.params.monitor_id as string);
    const q = req.query as Record<string, string | undefined>;
    const limit = parseLimit(q.limit);
    if (!recordsChecks(monitor.type)) {
      // Lighthouse and seo_crawl runs are tests: their checks are their tests, summed up.
      const { page, nextCursor } = await listTests(deps.db, teamId, {
        limit,
        monitorId: monitor.id,
        ...(q.cursor ? { cursor: q.cursor } : {}),
      });
      return void res.json({ data: page.map(presentRunAsCheck), next_cursor: nextCursor });
    }
    const before = q.cursor ? decodeCursor(q.cursor).createdAt : null;
    const checks = await listChecks(deps.db, monitor.id, before, limit + 1);
    let page = checks.slice(0, limit);
    // Several locations check one slot (issue 32), and the cursor is a slot: a page ends with a whole slot,
    // so the next one starts at the slot after it.
    if (checks.length > limit && checks[limit]!.slot.getTime() === page.at(-1)!.slot.getTime()) {
      const whole = page.filter((c) => c.slot.getTime() !== checks[limit]!.slot.getTime());
      if (whole.length > 0) page = whole;
    }
    const last = page.at(-1);
    res.json({
      data: page.map(presentCheck),
      next_cursor: checks.length > limit && last ? encodeCursor({ createdAt: last.slot, id: monitor.id }) : null,
    });
  });

  // A heartbeat's pings as received, with the log a POST sent (issue 47), newest first.
  router.get('/monitors/:monitor_id/pings', requireScope('read'), async (req, res) => {
    const monitor = await owned(req.auth!.teamId, req.params.monitor_id as string);
    const q = req.query as Record<string, string | undefined>;
    const limit = parseLimit(q.limit);
    const pings = await listPings(deps.pool, monitor.id, q.cursor ? decodePingCursor(q.cursor) : null, limit + 1);
    const page = pings.slice(0, limit);
    const last = page.at(-1);
    res.json({
      data: page.map((p) => ({
        at: p.at.toISOString(),
        kind: p.kind,
        exit_code: p.exitCode,
        duration_ms: p.durationMs,
        body: p.body,
      })),
      next_cursor:
        pings.length > limit && last
          ? Buffer.from(JSON.stringify([last.at.toISOString(), last.id])).toString('base64url')
          : null,
    });
  });

  router.get('/monitors/:monitor_id/series', requireScope('read'), async (req, res) => {
    const monitor = await owned(req.auth!.teamId, req.params.monitor_id as string);
    const q = req.query as Record<string, string | undefined>;
    // Field data (issue 48): what real users saw, from CrUX History rather than the monitor's runs.
    if (q.source === 'field') {
      if (q.location !== undefined) {
        throw new ProblemError(400, 'validation_failed', 'location applies to source=lab only.', {
          errors: [{ path: 'query.location', message: 'applies to source=lab only' }],
        });
      }
      const field = await fieldSeriesAnswer(cruxOf(deps), monitor, q);
      // Deploys over the field's range (issue 62): the weeks the points cover, or the 40 weeks CrUX keeps.
      const fieldTo = field.to ? new Date(field.to) : new Date();
      const fieldFrom = field.from ? new Date(field.from) : new Date(fieldTo.getTime() - 280 * 86_400_000);
      return void res.json({ ...field, annotations: await deployAnnotations(deps.db, monitor, fieldFrom, fieldTo) });
    }
    const metric = q.metric ?? '';
    if (!plotsMetric(monitor, metric)) {
      const hint = monitorKindNamed(monitor.type).monitor.namedMetrics?.hint;
      const named = hint ? `, or ${hint}` : '';
      const message = `must be one of ${metricsOf(monitor).join(', ')}${named} for a ${monitor.type} monitor`;
      throw new ProblemError(400, 'validation_failed', `metric ${message}.`, {
        errors: [{ path: 'query.metric', message }],
      });
    }
    const to = q.to ? new Date(q.to) : new Date();
    const from = q.from ? new Date(q.from) : new Date(to.getTime() - DEFAULT_SERIES_MS);
    // The document's date-time check is the validator's fast one, which lets `T25:00:00Z` through.
    for (const [name, at] of [
      ['from', from],
      ['to', to],
    ] as const) {
      if (Number.isNaN(at.getTime())) {
        throw new ProblemError(400, 'validation_failed', `${name} is not a date-time.`, {
          errors: [{ path: `query.${name}`, message: 'is not a date-time' }],
        });
      }
    }
    if (from >= to) {
      throw new ProblemError(400, 'validation_failed', 'from must be before to.', {
        errors: [{ path: 'query.from', message: 'must be before to' }],
      });
    }
    if (q.location !== undefined && !monitor.locations?.includes(q.location)) {
      // Monitors that run checks from locations have them (issue 32); tests and heartbeats never do.
      const message = recordsChecks(monitor.type)
        ? "is not one of the monitor's locations"
        : 'applies only to monitors whose runs are checks';
      throw new ProblemError(400, 'validation_failed', `location ${message}.`, {
        errors: [{ path: 'query.location', message }],
      });
    }
    if (q.location !== undefined && to.getTime() - from.getTime() > LOCATION_SERIES_MAX_MS) {
      throw new ProblemError(400, 'validation_failed', "A location's series spans at most 31 days.", {
        errors: [{ path: 'query.from', message: 'must be at most 31 days before to with a location' }],
      });
    }
    const { resolution, points } = await loadSeries(deps.db, monitor, metric, from, to, q.location);
    res.json({
      metric,
      source: 'lab',
      from: from.toISOString(),
      to: to.toISOString(),
      resolution,
      points: points.map(({ at, avg, ...figures }) => ({ at: at.toISOString(), value: avg, ...figures })),
      // What happened on the way (issue 62): the deploys that cover the monitor, for a chart's markers.
      annotations: await deployAnnotations(deps.db, monitor, from, to),
    });
  });

  // Issue 58: its uptime report over a month or a range, as JSON or CSV.
  router.get('/monitors/:monitor_id/report', requireScope('read'), async (req, res) => {
    res.json(await monitorUptimeReport(deps, callerOf(req), req.params.monitor_id as string, req.query as ReportQuery));
  });
  router.get('/monitors/:monitor_id/report.csv', requireScope('read'), async (req, res) => {
    const report = await monitorUptimeReport(
      deps,
      callerOf(req),
      req.params.monitor_id as string,
      req.query as ReportQuery,
    );
    res.type('text/csv; charset=utf-8').set('cache-control', 'private, no-store').send(monitorReportCsv(report));
  });

  router.get('/monitors/:monitor_id/alerts', requireScope('read'), async (req, res) => {
    const monitor = await owned(req.auth!.teamId, req.params.monitor_id as string);
    const q = req.query as Record<string, string | undefined>;
    const limit = parseLimit(q.limit);
    const rows = await deps.db.monitorAlert.findMany({
      where: { monitorId: monitor.id, ...after(q.cursor) },
      orderBy: NEWEST_FIRST,
      take: limit + 1,
      include: { deliveries: { select: { state: true, channelId: true } } },
    });
    const { page, nextCursor } = pageOf(rows, limit);
    res.json({
      data: page.map((a) => ({
        id: a.id,
        event: a.event,
        reason: a.reason,
        details: a.details,
        test_id: a.testId,
        created_at: a.createdAt.toISOString(),
        callback: callbackOf(a.deliveries),
        channels: a.deliveries.flatMap((d) => (d.channelId ? [{ id: d.channelId, state: d.state }] : [])),
      })),
      next_cursor: nextCursor,
    });
  });

  return router;
}
