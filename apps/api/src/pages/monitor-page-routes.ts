import type { CruxClient } from '@pageprobe/crux';
import type { Db } from '@pageprobe/db';
import { loadSeriesOf, monitorReport, uptimePercent } from '@pageprobe/monitors';
import {
  type BadgeFigure,
  type BadgeName,
  BADGES_OF,
  badgeNamed,
  badgeSvg,
  monitorPage,
  type RangeName,
  uptimeReportPage,
} from '@pageprobe/pages';
import { Router } from 'express';
import {
  loadMonitorPage,
  monitorByToken,
  monitorState,
  type PageMonitor,
  RANGE_MS,
  monitorReportView,
  rangesFor,
  pageMonth,
} from '@pageprobe/services';
import { CSS_PATH, notFoundPage, secure } from './page-security.ts';
import { monitorPageUrl } from '@pageprobe/services';

const DEFAULT_RANGE: RangeName = '7d';
/** How long a badge is kept, here and by whoever embeds it. */
const BADGE_SECONDS = 60;
const CACHED_BADGES = 2_000;
const BADGE_CSP = "default-src 'none'; style-src 'unsafe-inline'";

/** What one badge shows, read from what is kept as runs finish. */
async function badgeFigure(db: Db, monitor: PageMonitor, name: BadgeName, now: Date): Promise<BadgeFigure> {
  switch (name) {
    case 'status':
      return { kind: 'state', state: monitorState(monitor) };
    case 'uptime_24h':
    case 'uptime_7d':
    case 'uptime_30d': {
      const window = name.slice('uptime_'.length) as '24h' | '7d' | '30d';
      return { kind: 'percent', value: (await uptimePercent(db, monitor.id, now))[window] };
    }
    case 'response_time': {
      // The mean of the last 24 hours' checks: the hours' means weighted by their counts.
      const { series } = await loadSeriesOf(db, monitor, ['total_ms'], new Date(now.getTime() - RANGE_MS['24h']), now);
      const points = series.total_ms!;
      const n = points.reduce((sum, p) => sum + p.count, 0);
      return { kind: 'ms', value: n ? points.reduce((sum, p) => sum + p.avg * p.count, 0) / n : null };
    }
    case 'performance_score':
    case 'structure_score': {
      const latest = await db.test.findFirst({
        where: { monitorId: monitor.id, status: 'completed' },
        orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
        select: { performanceScore: true, structureScore: true },
      });
      const value = name === 'performance_score' ? latest?.performanceScore : latest?.structureScore;
      return { kind: 'score', value: value ?? null };
    }
  }
}

/**
 * GET /reports/monitors/{token}: a monitor's page, for anyone with the link; /badges/{token}/{name}.svg:
 * its badges, for a README (embedded anywhere, so they may be read cross-origin and kept a minute). Each
 * has its own token (issue 44): a badge's never opens the page, which shows the URL, alerts and reports.
 */
export function monitorPageRoutes(db: Db, publicBaseUrl: string, crux: CruxClient): Router {
  const router = Router();
  const badges = new Map<string, { svg: string; until: number }>();

  router.get('/reports/monitors/:token', async (req, res) => {
    const monitor = await monitorByToken(db, req.params.token);
    if (!monitor) return notFoundPage(res, 'Monitor page');
    const asked = req.query.range;
    const ranges = rangesFor(monitor.plan);
    const range = ranges.find((r) => r === asked) ?? DEFAULT_RANGE;
    const self = monitorPageUrl(publicBaseUrl, monitor.reportToken);
    const data = await loadMonitorPage(
      db,
      monitor,
      range,
      new Date(),
      { base: publicBaseUrl, css: CSS_PATH, self },
      crux,
    );
    secure(res);
    res.type('html').send(monitorPage(data).value);
  });

  // Issue 58: its month's uptime report, printable, under the page's own link.
  router.get('/reports/monitors/:token/report', async (req, res) => {
    const monitor = await monitorByToken(db, req.params.token);
    if (!monitor) return notFoundPage(res, 'Monitor page');
    const range = pageMonth(req.query.month);
    if (!range) return notFoundPage(res, 'Report');
    const report = await monitorReport(db, monitor.id, range);
    const self = `${monitorPageUrl(publicBaseUrl, monitor.reportToken)}/report`;
    secure(res);
    res.type('html').send(uptimeReportPage(monitorReportView(monitor.name ?? monitor.url, report, self)).value);
  });

  router.get('/badges/:token/:file', async (req, res) => {
    const name = badgeNamed(req.params.file.replace(/\.svg$/, ''));
    // The token is read on every request (one unique-index read), and only the figure is kept: a badge
    // token rotated, or a monitor deleted, answers 404 at once on every replica.
    const monitor =
      name && req.params.file.endsWith('.svg') ? await monitorByToken(db, req.params.token, 'badges') : null;
    if (!monitor || !BADGES_OF[monitor.type]?.includes(name!)) return notFoundPage(res, 'Badge');
    const key = `${monitor.id} ${name}`;
    const now = Date.now();
    let cached = badges.get(key);
    if (!cached || cached.until <= now) {
      cached = {
        svg: badgeSvg(name!, await badgeFigure(db, monitor, name!, new Date(now))),
        until: now + BADGE_SECONDS * 1000,
      };
      if (badges.size >= CACHED_BADGES) badges.delete(badges.keys().next().value!);
      badges.set(key, cached);
    }
    secure(res, BADGE_CSP, `public, max-age=${BADGE_SECONDS}`);
    res.set('cross-origin-resource-policy', 'cross-origin');
    res.type('image/svg+xml').send(cached.svg);
  });

  return router;
}
