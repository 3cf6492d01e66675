import type { RumAlert } from '@pageprobe/db';
import type { Rating, RumMetric } from '../metrics.ts';
import type { RumAlertDeploy } from './rum-alert-deploy.ts';

export type RumAlertEvent = 'rum.regressed' | 'rum.recovered';

/** What a RumAlert row's `details` hold (and its API answer shows). */
export interface RumAlertDetails {
  metric: RumMetric;
  p75: number;
  rating: Rating;
  /** The rating alert_state recorded before; null at a site's first look (a budget already passed). */
  previous_rating: Rating | null;
  budget: number | null;
  over_budget: boolean;
  page_views: number;
  window_minutes: number;
  from: string;
  to: string;
  deploy?: RumAlertDeploy;
}

/** A site's page in the dashboard, for its team's members (its route there: `/rum/sites/{id}`). */
export const dashboardRumSiteUrl = (dashboardBaseUrl: string, siteId: string) =>
  `${dashboardBaseUrl.replace(/\/+$/, '')}/rum/${siteId}`;

/**
 * The body of a RUM alert to the site's channels, serialised once (the bytes stored are the bytes signed
 * and sent to a webhook, and read back to word the other channels' messages).
 */
export function serialiseRumAlert(
  site: { id: string; name: string },
  alert: Pick<RumAlert, 'id' | 'event' | 'reason' | 'createdAt'> & { details: RumAlertDetails },
  dashboardBaseUrl: string,
): string {
  const d = alert.details;
  return JSON.stringify({
    event: alert.event,
    site: { id: site.id, name: site.name },
    alert: { id: alert.id, reason: alert.reason, created_at: alert.createdAt.toISOString() },
    metric: d.metric,
    p75: d.p75,
    rating: d.rating,
    previous_rating: d.previous_rating,
    budget: d.budget,
    over_budget: d.over_budget,
    page_views: d.page_views,
    window: { from: d.from, to: d.to, minutes: d.window_minutes },
    ...(d.deploy ? { deploy: d.deploy } : {}),
    url: dashboardRumSiteUrl(dashboardBaseUrl, site.id),
  });
}
