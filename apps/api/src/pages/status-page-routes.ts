import type { Db, StatusPage } from '@pageprobe/db';
import { dayBars, incidents, uptimePercent, WINDOWS } from '@pageprobe/monitors';
import { dayPercent, overallState, type StatusPageData, statusPage } from '@pageprobe/pages';
import { Router } from 'express';
import { ProblemError, sendProblem } from '../http/problem.ts';
import { liveMonitors } from '../status-pages/status-page-service.ts';
import { loadMaintenance } from './load-maintenance.ts';
import { incidentRow, monitorState } from './load-monitor-page.ts';
import { CSS_PATH, notFoundPage, secure } from './page-security.ts';
import { statusPageUrl } from './page-urls.ts';

/** A status page is read at most this often per replica; browsers and proxies keep it as long. */
const CACHE_SECONDS = 30;
const CACHED_PAGES = 1_000;
const MAX_INCIDENTS = 50;

export async function loadStatusPage(db: Db, page: StatusPage, base: string, now: Date): Promise<StatusPageData> {
  const shown = await liveMonitors(db, page);
  const since = now.getTime() - WINDOWS['90d'];
  const maintenance = await loadMaintenance(db, page.teamId, shown, now);
  const monitors = await Promise.all(
    shown.map(async ({ label, monitor }) => {
      const [percent, days, list] = await Promise.all([
        uptimePercent(db, monitor.id, now),
        dayBars(db, monitor.id, now),
        incidents(db, monitor.id),
      ]);
      const recent = list.filter((i) => Date.parse(i.ended_at ?? i.started_at) >= since);
      const inMaintenance = maintenance.active.has(monitor.id);
      return { label, state: monitorState(monitor), inMaintenance, uptime90d: percent['90d'], days, recent };
    }),
  );
  return {
    title: page.title,
    description: page.description,
    now,
    monitors,
    incidents: monitors
      .flatMap((m) => m.recent.map((i) => ({ label: m.label, ...incidentRow(i) })))
      .sort((a, b) => b.startedAt.getTime() - a.startedAt.getTime())
      .slice(0, MAX_INCIDENTS),
    maintenance: maintenance.rows,
    links: { css: CSS_PATH, json: `${statusPageUrl(base, page.slug)}.json` },
  };
}

/** The JSON of a status page: what its HTML shows, and nothing else (no URL, id or team data). */
const statusJson = (d: StatusPageData) => ({
  title: d.title,
  description: d.description,
  state: overallState(d.monitors),
  updated_at: d.now.toISOString(),
  monitors: d.monitors.map((m) => ({
    label: m.label,
    state: m.state,
    in_maintenance: m.inMaintenance,
    uptime_percent_90d: m.uptime90d,
    days: m.days.map((day) => ({
      date: day.day.toISOString().slice(0, 10),
      checks: day.n,
      uptime_percent: dayPercent(day),
    })),
  })),
  incidents: d.incidents.map((i) => ({
    monitor: i.label,
    started_at: i.startedAt.toISOString(),
    ended_at: i.endedAt?.toISOString() ?? null,
    duration_seconds: Math.round(((i.endedAt ?? d.now).getTime() - i.startedAt.getTime()) / 1000),
    reason: i.reason,
  })),
  maintenance: d.maintenance.map((w) => ({
    name: w.name,
    starts_at: w.start.toISOString(),
    ends_at: w.end.toISOString(),
    monitors: w.labels ?? [],
  })),
});

/**
 * GET /status/{slug} and /status/{slug}.json: a team's public status page, read at most every 30 s per
 * replica (and kept 30 s by whoever fetches it).
 */
export function publicStatusRoutes(db: Db, publicBaseUrl: string): Router {
  const router = Router();
  const cache = new Map<string, { data: StatusPageData; indexable: boolean; until: number }>();

  router.get('/status/:page', async (req, res) => {
    const json = req.params.page.endsWith('.json');
    const slug = json ? req.params.page.slice(0, -'.json'.length) : req.params.page;
    const now = Date.now();
    let cached = cache.get(slug);
    if (!cached || cached.until <= now) {
      const page = /^[a-z0-9-]{1,64}$/.test(slug) ? await db.statusPage.findUnique({ where: { slug } }) : null;
      if (!page) {
        cache.delete(slug);
        if (json) return sendProblem(res, new ProblemError(404, 'not_found', 'No status page with that slug.'));
        return notFoundPage(res, 'Status page');
      }
      cached = {
        data: await loadStatusPage(db, page, publicBaseUrl, new Date(now)),
        indexable: page.indexable,
        until: now + CACHE_SECONDS * 1000,
      };
      if (cache.size >= CACHED_PAGES) cache.delete(cache.keys().next().value!);
      cache.set(slug, cached);
    }
    secure(res, undefined, `public, max-age=${CACHE_SECONDS}`);
    // Read by other sites' scripts, but found by search engines only once its team says so (issue 44):
    // slugs are first come, and a page nobody chose to publish should not show up in searches.
    if (cached.indexable) res.removeHeader('x-robots-tag');
    if (json) return void res.set('access-control-allow-origin', '*').json(statusJson(cached.data));
    res.type('html').send(statusPage(cached.data).value);
  });

  return router;
}
