import { Router } from 'express';
import { requireScope } from '../auth/api-key-auth.ts';
import type { ApiDeps } from '../deps.ts';
import { callerOf } from '../http/caller.ts';
import { parseLimit } from '@pageprobe/services';
import {
  exportSubscribers,
  listSubscribers,
  type ReportQuery,
  removeSubscriber,
  statusPageReportCsv,
  statusPageUptimeReport,
  subscriberDeliveries,
} from '@pageprobe/services';
import {
  createStatusPage,
  deleteStatusPage,
  getStatusPage,
  listStatusPages,
  type StatusPageInput,
  updateStatusPage,
} from '@pageprobe/services';

export { liveMonitors, type ShownMonitor, STATUS_PAGES_PER_TEAM } from '@pageprobe/services';

/**
 * /status-pages (issue 30): a team's public pages of chosen monitors under labels of its own. The public
 * page (/status/{slug}) shows only those labels, never a monitor's URL. The work is the status page
 * service's (status-page-service.ts), which the dashboard calls too.
 */
export function statusPageRoutes(deps: ApiDeps): Router {
  const router = Router();
  const base = deps.config.PUBLIC_BASE_URL;
  const id = (req: { params: Record<string, unknown> }) => req.params.status_page_id as string;

  router.post('/status-pages', requireScope('write'), async (req, res) => {
    const input = req.body as Required<Pick<StatusPageInput, 'slug' | 'title' | 'monitors'>> & StatusPageInput;
    const page = await createStatusPage(deps, callerOf(req), input);
    res.status(201).location(`${base}/api/v1/status-pages/${page.id}`).json(page);
  });

  router.get('/status-pages', requireScope('read'), async (req, res) => {
    const q = req.query as Record<string, string | undefined>;
    res.json(await listStatusPages(deps, callerOf(req), q.cursor, parseLimit(q.limit)));
  });

  router.get('/status-pages/:status_page_id', requireScope('read'), async (req, res) => {
    res.json(await getStatusPage(deps, callerOf(req), id(req)));
  });

  router.patch('/status-pages/:status_page_id', requireScope('write'), async (req, res) => {
    res.json(await updateStatusPage(deps, callerOf(req), id(req), req.body as StatusPageInput));
  });

  router.delete('/status-pages/:status_page_id', requireScope('write'), async (req, res) => {
    await deleteStatusPage(deps, callerOf(req), id(req));
    res.status(204).end();
  });

  // Issue 58: the page's uptime report, as JSON or CSV.
  router.get('/status-pages/:status_page_id/report', requireScope('read'), async (req, res) => {
    res.json(await statusPageUptimeReport(deps, callerOf(req), id(req), req.query as ReportQuery));
  });
  router.get('/status-pages/:status_page_id/report.csv', requireScope('read'), async (req, res) => {
    const report = await statusPageUptimeReport(deps, callerOf(req), id(req), req.query as ReportQuery);
    res.type('text/csv; charset=utf-8').set('cache-control', 'private, no-store').send(statusPageReportCsv(report));
  });

  // Issue 58: who subscribed, seen by the page's team alone (count, list, CSV, remove).
  router.get('/status-pages/:status_page_id/subscribers', requireScope('read'), async (req, res) => {
    const q = req.query as Record<string, string | undefined>;
    res.json(await listSubscribers(deps, callerOf(req), id(req), { cursor: q.cursor, limit: parseLimit(q.limit) }));
  });

  router.get('/status-pages/:status_page_id/subscribers.csv', requireScope('read'), async (req, res) => {
    const csv = await exportSubscribers(deps, callerOf(req), id(req));
    res
      .type('text/csv; charset=utf-8')
      .set('content-disposition', `attachment; filename="subscribers-${id(req)}.csv"`)
      .set('cache-control', 'private, no-store')
      .send(csv);
  });

  router.get(
    '/status-pages/:status_page_id/subscribers/:subscriber_id/deliveries',
    requireScope('read'),
    async (req, res) => {
      const q = req.query as Record<string, string | undefined>;
      const sub = req.params.subscriber_id as string;
      res.json(
        await subscriberDeliveries(deps, callerOf(req), id(req), sub, { cursor: q.cursor, limit: parseLimit(q.limit) }),
      );
    },
  );

  router.delete('/status-pages/:status_page_id/subscribers/:subscriber_id', requireScope('write'), async (req, res) => {
    await removeSubscriber(deps, callerOf(req), id(req), req.params.subscriber_id as string);
    res.status(204).end();
  });

  return router;
}
