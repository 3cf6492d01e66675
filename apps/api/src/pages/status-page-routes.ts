import { gzipSync } from 'node:zlib';
import type { Db, StatusPage } from '@pageprobe/db';
import {
  componentState,
  dayPercent,
  overallState,
  type PageIncident,
  type StatusPageData,
  statusFeed,
  statusHistoryPage,
  statusIncidentPage,
  statusPage,
  uptimeReportPage,
} from '@pageprobe/pages';
import {
  loadPageIncident,
  loadPageIncidents,
  loadStatusPage,
  loadStatusPageReport,
  type PageLabels,
  pageFrame,
  pageMonth,
  statusReportView,
} from '@pageprobe/services';
import { type Request, type Response, Router } from 'express';
import { ProblemError, sendProblem } from '../http/problem.ts';
import { notFoundPage, secure } from './page-security.ts';
import { statusCsp } from './status-csp.ts';

/** A status page is read at most this often per replica; browsers and proxies keep it as long. */
const CACHE_SECONDS = 30;
const CACHED_PAGES = 1_000;
/** Incidents in a page of the history, and in the feeds. */
const HISTORY_PAGE = 20;
const FEED_INCIDENTS = 50;

/** An incident as the page's JSON gives it: its labels here, never a monitor's id. */
const incidentJson = (i: PageIncident) => ({
  id: i.id,
  title: i.title,
  status: i.status,
  impact: i.impact,
  started_at: i.startedAt.toISOString(),
  resolved_at: i.resolvedAt?.toISOString() ?? null,
  components: i.labels,
  updates: i.updates.map((u) => ({ status: u.status, message: u.message, at: u.at.toISOString() })),
  postmortem: i.postmortem,
  url: i.href,
});

/** The JSON of a status page: what its HTML shows, and nothing else (no URL, id or team data). */
const statusJson = (d: StatusPageData) => ({
  title: d.title,
  description: d.description,
  state: overallState(
    d.monitors,
    d.openIncidents.map((i) => i.impact),
  ),
  updated_at: d.now.toISOString(),
  monitors: d.monitors.map((m) => ({
    label: m.label,
    state: m.state,
    status_text: componentState(m).text,
    in_maintenance: m.inMaintenance,
    impact: m.impact ?? null,
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
    reason: i.code,
    reason_text: i.reason,
  })),
  active_incidents: d.openIncidents.map(incidentJson),
  past_incidents: d.pastIncidents.map(incidentJson),
  maintenance: d.maintenance.map((w) => ({
    name: w.name,
    starts_at: w.start.toISOString(),
    ends_at: w.end.toISOString(),
    monitors: w.labels ?? [],
  })),
  feeds: { atom: d.links.atom, rss: d.links.rss },
});

interface Cached {
  page: StatusPage;
  data: StatusPageData;
  /** Its monitors by id, under its labels: what its incidents' pages, history and feeds show. */
  labels: PageLabels;
  until: number;
  /** The page's HTML, drawn at its first read, and gzipped at its first read that takes gzip. */
  html?: string;
  gzip?: Buffer;
}

/**
 * GET /status/{slug} and /status/{slug}.json: a team's public status page, read at most every 30 s per
 * replica (and kept 30 s by whoever fetches it); its incidents' pages, its history and its Atom and RSS
 * feeds beside it (issue 58).
 */
export function publicStatusRoutes(db: Db, publicBaseUrl: string): Router {
  const router = Router();
  const cache = new Map<string, Cached>();
  const feeds = new Map<string, { body: string; until: number }>();

  /** The page of that slug, cached; null (and a 404 sent) when there is none. */
  async function pageOf(slug: string, res: Response, json = false): Promise<Cached | null> {
    const now = Date.now();
    let cached = cache.get(slug);
    if (!cached || cached.until <= now) {
      const page = /^[a-z0-9-]{1,64}$/.test(slug) ? await db.statusPage.findUnique({ where: { slug } }) : null;
      if (!page) {
        cache.delete(slug);
        if (json) sendProblem(res, new ProblemError(404, 'not_found', 'No status page with that slug.'));
        else notFoundPage(res, 'Status page');
        return null;
      }
      const frame = await pageFrame(db, page);
      const data = await loadStatusPage(db, page, publicBaseUrl, new Date(now), frame);
      cached = { page, data, labels: frame.labels, until: now + CACHE_SECONDS * 1000 };
      if (cache.size >= CACHED_PAGES) cache.delete(cache.keys().next().value!);
      cache.set(slug, cached);
    }
    return cached;
  }

  /** The headers of any of a page's answers. */
  function headers(res: Response, cached: Cached) {
    secure(res, statusCsp(cached.data), `public, max-age=${CACHE_SECONDS}`);
    // Read by other sites' scripts, but found by search engines only once its team says so (issue 44):
    // slugs are first come, and a page nobody chose to publish should not show up in searches.
    if (cached.page.indexable) res.removeHeader('x-robots-tag');
  }

  router.get('/status/:page', async (req, res) => {
    const json = req.params.page.endsWith('.json');
    const slug = json ? req.params.page.slice(0, -'.json'.length) : req.params.page;
    const cached = await pageOf(slug, res, json);
    if (!cached) return;
    headers(res, cached);
    if (json) return void res.set('access-control-allow-origin', '*').json(statusJson(cached.data));
    // Drawn once while kept (50 components' 90 days are 4,500 bars: 20 ms to draw, 750 KB), and sent
    // gzipped to whoever takes it (about 5 % of that: the bars repeat themselves).
    cached.html ??= statusPage(cached.data).value;
    res.vary('accept-encoding').type('html');
    if (req.acceptsEncodings('gzip') !== 'gzip') return void res.send(cached.html);
    cached.gzip ??= gzipSync(cached.html);
    res.set('content-encoding', 'gzip').send(cached.gzip);
  });

  router.get('/status/:slug/incidents/:incident', async (req, res) => {
    const json = req.params.incident.endsWith('.json');
    const id = json ? req.params.incident.slice(0, -'.json'.length) : req.params.incident;
    const cached = await pageOf(req.params.slug, res, json);
    if (!cached) return;
    const { labels } = cached;
    const incident = await loadPageIncident(db, cached.page.teamId, labels, cached.data.links.home, id);
    if (!incident) {
      if (json) return sendProblem(res, new ProblemError(404, 'not_found', 'No incident with that id on this page.'));
      return notFoundPage(res, 'Incident');
    }
    headers(res, cached);
    if (json) return void res.set('access-control-allow-origin', '*').json(incidentJson(incident));
    res.type('html').send(statusIncidentPage(cached.data, incident).value);
  });

  router.get('/status/:slug/history', async (req: Request, res) => {
    const cached = await pageOf(req.params.slug as string, res);
    if (!cached) return;
    const raw = typeof req.query.page === 'string' ? Number(req.query.page) : 1;
    const number = Number.isInteger(raw) && raw >= 1 && raw <= 10_000 ? raw : 1;
    const { labels } = cached;
    const { past, more } = await loadPageIncidents(db, cached.page.teamId, labels, cached.data.links.home, {
      take: HISTORY_PAGE,
      skip: (number - 1) * HISTORY_PAGE,
    });
    const at = (n: number) => `${cached.data.links.history}${n > 1 ? `?page=${n}` : ''}`;
    headers(res, cached);
    res.type('html').send(
      statusHistoryPage(cached.data, past, {
        number,
        newer: number > 1 ? at(number - 1) : null,
        older: more ? at(number + 1) : null,
      }).value,
    );
  });

  // Issue 58: a month's uptime report of the page, printable (the month so far without ?month=).
  router.get('/status/:slug/report', async (req: Request, res) => {
    const cached = await pageOf(req.params.slug as string, res);
    if (!cached) return;
    const range = pageMonth(req.query.month);
    if (!range) return notFoundPage(res, 'Report');
    const report = await loadStatusPageReport(db, cached.page, range);
    headers(res, cached);
    res.type('html').send(uptimeReportPage(statusReportView(report, `${cached.data.links.home}/report`)).value);
  });

  router.get(['/status/:slug/feed.atom', '/status/:slug/feed.rss'], async (req: Request, res) => {
    const format = req.path.endsWith('.atom') ? 'atom' : 'rss';
    const cached = await pageOf(req.params.slug as string, res);
    if (!cached) return;
    const key = `${cached.page.slug} ${format}`;
    let feed = feeds.get(key);
    if (!feed || feed.until <= Date.now()) {
      const { labels } = cached;
      const { open, past } = await loadPageIncidents(db, cached.page.teamId, labels, cached.data.links.home, {
        take: FEED_INCIDENTS,
      });
      const incidents = [...open, ...past];
      feed = { body: statusFeed(cached.data, incidents, cached.data.maintenance, format), until: cached.until };
      if (feeds.size >= CACHED_PAGES) feeds.delete(feeds.keys().next().value!);
      feeds.set(key, feed);
    }
    headers(res, cached);
    res
      .set('access-control-allow-origin', '*')
      .type(format === 'atom' ? 'application/atom+xml' : 'application/rss+xml')
      .send(feed.body);
  });

  return router;
}
