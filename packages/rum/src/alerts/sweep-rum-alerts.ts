import type { CallbackDelivery, Db, Prisma, RumSite } from '@pageprobe/db';
import { RUM_METRICS } from '../metrics.ts';
import { type AlertState, budgetOf, judgeMetric } from './judge.ts';
import { type RumAlertDeploy, rumAlertDeploy } from './rum-alert-deploy.ts';
import { type RumAlertDetails, serialiseRumAlert } from './rum-alert-payload.ts';
import { rumMaintenance } from './rum-maintenance.ts';
import { windowFigures } from './window-p75.ts';

// Issue 61 item 5: the dispatcher's sweep looks at each site due for a look (alert_checked_at older than
// RUM_ALERT_INTERVAL_MS), works out each metric's p75 over the site's alert window, judges it against
// alert_state (judge.ts), and records rum.regressed / rum.recovered with their deliveries to the site's
// channels in the same transaction as the new state. Each site is claimed with FOR UPDATE SKIP LOCKED in
// its own transaction: two dispatchers sweeping at once look at different sites, and a site looked at
// is no longer due, so each change is raised once.

/**
 * How long one sweep keeps looking at sites due (the rest at the next sweep, 10 s on by default): a look
 * is a few milliseconds (two indexed reads of the window's minute rows), so thousands of sites a sweep.
 */
const SWEEP_BUDGET_MS = 5_000;

export interface RumAlertSweepOptions {
  dashboardBaseUrl: string;
  /** How often a site is looked at (RUM_ALERT_INTERVAL_MS). */
  intervalMs: number;
}

/** One site's look, inside its claim's transaction: the deliveries it made. */
async function lookAt(
  tx: Prisma.TransactionClient,
  site: RumSite,
  options: RumAlertSweepOptions,
  at: Date,
): Promise<CallbackDelivery[]> {
  // Held by maintenance: no state moves, so a metric still worse after the window raises then.
  if (await rumMaintenance(tx, site, at)) {
    await tx.rumSite.update({ where: { id: site.id }, data: { alertCheckedAt: at } });
    return [];
  }
  const from = new Date(at.getTime() - site.alertWindowMinutes * 60_000);
  const figures = await windowFigures(tx, site.id, from, at);
  const state: AlertState = { ...(site.alertState as AlertState) };
  const raised: Array<{ event: string; reason: string; details: RumAlertDetails }> = [];
  let deploy: RumAlertDeploy | null | undefined;
  for (const metric of RUM_METRICS) {
    const figure = figures.find((f) => f.metric === metric);
    // Too few page views to say: nothing recorded, nothing raised.
    if (!figure || figure.pageViews < site.alertMinPageViews) continue;
    const budget = budgetOf(site.budgets, metric);
    const judged = judgeMetric(metric, figure.p75, budget, state[metric] ?? null, at);
    state[metric] = judged.next;
    if (!judged.event || !judged.reason) continue;
    if (judged.event === 'rum.regressed' && deploy === undefined) {
      deploy = await rumAlertDeploy(tx, site.teamId, at, options.dashboardBaseUrl);
    }
    raised.push({
      event: judged.event,
      reason: judged.reason,
      details: {
        metric,
        p75: figure.p75,
        rating: judged.next.rating,
        previous_rating: judged.previous?.rating ?? null,
        budget,
        over_budget: judged.next.over_budget,
        page_views: figure.pageViews,
        window_minutes: site.alertWindowMinutes,
        from: from.toISOString(),
        to: at.toISOString(),
        ...(judged.event === 'rum.regressed' && deploy ? { deploy } : {}),
      },
    });
  }
  await tx.rumSite.update({
    where: { id: site.id },
    data: { alertState: state as unknown as Prisma.InputJsonObject, alertCheckedAt: at },
  });
  if (raised.length === 0) return [];
  // The site's channels that still exist and are its team's (a channel deleted since is skipped).
  const channels = site.alertChannelIds.length
    ? await tx.alertChannel.findMany({
        where: { id: { in: site.alertChannelIds }, teamId: site.teamId },
        select: { id: true },
      })
    : [];
  const data: Prisma.CallbackDeliveryCreateManyInput[] = [];
  for (const alert of raised) {
    const row = await tx.rumAlert.create({
      data: {
        siteId: site.id,
        event: alert.event,
        metric: alert.details.metric,
        reason: alert.reason,
        details: alert.details as unknown as Prisma.InputJsonObject,
        createdAt: at,
      },
    });
    const payload = serialiseRumAlert(site, { ...row, details: alert.details }, options.dashboardBaseUrl);
    for (const { id } of channels) {
      data.push({ teamId: site.teamId, rumAlertId: row.id, channelId: id, event: alert.event, payload });
    }
  }
  return data.length ? tx.callbackDelivery.createManyAndReturn({ data }) : [];
}

/** Looks at the sites due; returns the deliveries made, for their jobs. */
export async function sweepRumAlerts(db: Db, options: RumAlertSweepOptions): Promise<CallbackDelivery[]> {
  const out: CallbackDelivery[] = [];
  // Each site once a sweep, however short the interval (tests set it to a few hundred ms).
  const seen: string[] = [];
  const deadline = Date.now() + SWEEP_BUDGET_MS;
  while (Date.now() < deadline) {
    const made = await db.$transaction(
      async (tx) => {
        const at = new Date();
        const [claimed] = await tx.$queryRaw<Array<{ id: string }>>`
          SELECT id::text FROM rum_sites
          WHERE deleted_at IS NULL AND NOT (id = ANY(${seen}::uuid[]))
            AND (alert_checked_at IS NULL OR alert_checked_at <= ${new Date(at.getTime() - options.intervalMs)})
          ORDER BY alert_checked_at NULLS FIRST, id LIMIT 1 FOR UPDATE SKIP LOCKED`;
        if (!claimed) return null;
        seen.push(claimed.id);
        const site = await tx.rumSite.findUniqueOrThrow({ where: { id: claimed.id } });
        return lookAt(tx, site, options, at);
      },
      { timeout: 30_000 },
    );
    if (made === null) break;
    out.push(...made);
  }
  return out;
}
