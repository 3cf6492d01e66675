import type { CruxClient } from '@pageprobe/crux';
import type { Db, Pool } from '@pageprobe/db';
import type { Logger } from '@pageprobe/logger';
import type { Storage } from '@pageprobe/storage';
import { Router } from 'express';
import { PerAddressWindow } from '../limits/per-address.ts';
import { reportRoutes } from '../reports/report-routes.ts';
import { monitorPageRoutes } from './monitor-page-routes.ts';
import { CSS, CSS_PATH, pageBudget } from './page-security.ts';
import { publicStatusRoutes } from './status-page-routes.ts';
import { subscriptionRoutes } from './subscription-routes.ts';
import type { ServiceDeps } from '@pageprobe/services';

export interface PageDeps {
  db: Db;
  pool: Pool;
  storage: Storage;
  logger: Logger;
  publicBaseUrl: string;
  /** Pages (reports, monitor and status pages, badges) per client address per minute, per replica. */
  perMinute: number;
  /** CrUX History for a lighthouse monitor's field lines (issue 48). */
  crux: CruxClient;
  /** The services a status page's subscriptions call (issue 58): they enqueue their confirmations. */
  services: ServiceDeps;
}

/**
 * Everything served without an API key: tests' reports, monitors' pages and badges, status pages, and
 * their stylesheet. One per-address budget covers them all.
 */
export function pageRoutes(deps: PageDeps): Router {
  const router = Router();
  router.get(CSS_PATH, (_req, res) => {
    res
      .set({ 'cache-control': 'public, max-age=31536000, immutable', 'x-content-type-options': 'nosniff' })
      .type('css')
      .send(CSS);
  });
  router.use(['/reports', '/status', '/badges'], pageBudget(new PerAddressWindow(deps.perMinute)));
  router.use(
    monitorPageRoutes(deps.db, deps.publicBaseUrl, deps.crux),
    reportRoutes(deps),
    publicStatusRoutes(deps.db, deps.publicBaseUrl),
    subscriptionRoutes(deps.services),
  );
  return router;
}
