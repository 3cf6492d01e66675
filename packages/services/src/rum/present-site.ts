import type { RumSite } from '@pageprobe/db';
import { type PageGroup, type RumMetric, snippetFor } from '@pageprobe/rum';

/** A RUM site as the API shows it, with the one line its pages load. */
export function presentSite(row: RumSite, publicBaseUrl: string) {
  return {
    id: row.id,
    name: row.name,
    site_key: row.siteKey,
    origins: row.origins,
    sample_rate: row.sampleRate,
    page_groups: (Array.isArray(row.pageGroups) ? row.pageGroups : []) as unknown as PageGroup[],
    keep_query_strings: row.keepQueryStrings,
    budgets: (row.budgets ?? {}) as Partial<Record<RumMetric, number>>,
    alert_channels: row.alertChannelIds,
    alert: { window_minutes: row.alertWindowMinutes, min_page_views: row.alertMinPageViews },
    beacons_per_minute: row.beaconsPerMinute,
    snippet: snippetFor(row, publicBaseUrl),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export type PresentedSite = ReturnType<typeof presentSite>;
