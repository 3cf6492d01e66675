import type { RumSite } from '@pageprobe/db';
import { ATTRIBUTED_METRICS, RUM_METRICS, SPLITS, type Split } from '@pageprobe/rum';
import { type Caller, rumSiteAttribution, rumSiteSeries } from '@pageprobe/services';
import type { DashboardDeps } from '../../../http/page-context.ts';

// What a site's charts read (issue 61): every metric's series over the range (split when asked) and the
// targets behind slow LCP, INP and CLS, from the same services the API answers with.

export const RANGES = { '24h': 24 * 3600_000, '7d': 7 * 24 * 3600_000, '30d': 30 * 24 * 3600_000 } as const;
export type RangeName = keyof typeof RANGES;
export const DEVICE_FILTERS = ['mobile', 'tablet', 'desktop'] as const;

export interface FiguresQuery {
  range: RangeName;
  by: Split | null;
  device: (typeof DEVICE_FILTERS)[number] | null;
}

/** The page's query, each part one of its choices (anything else is the default). */
export function figuresQuery(q: Record<string, unknown>): FiguresQuery {
  const pick = <T extends string>(v: unknown, of: readonly T[]): T | null =>
    typeof v === 'string' && (of as readonly string[]).includes(v) ? (v as T) : null;
  return {
    range: pick(q.range, Object.keys(RANGES) as RangeName[]) ?? '24h',
    by: pick(q.by, SPLITS),
    device: pick(q.device, DEVICE_FILTERS),
  };
}

export type SiteSeries = Awaited<ReturnType<typeof rumSiteSeries>>;
export type SiteAttribution = Awaited<ReturnType<typeof rumSiteAttribution>>;

export interface SiteFiguresData {
  query: FiguresQuery;
  series: SiteSeries[];
  attribution: SiteAttribution[];
}

export async function loadSiteFigures(
  deps: DashboardDeps,
  caller: Pick<Caller, 'teamId'>,
  site: Pick<RumSite, 'id'>,
  query: FiguresQuery,
  now = new Date(),
): Promise<SiteFiguresData> {
  const window = { from: new Date(now.getTime() - RANGES[query.range]).toISOString(), to: now.toISOString() };
  const filters = {
    ...(query.by ? { by: query.by } : {}),
    ...(query.device ? { device: query.device } : {}),
  };
  const [series, attribution] = await Promise.all([
    Promise.all(RUM_METRICS.map((metric) => rumSiteSeries(deps, caller, site.id, { metric, ...window, ...filters }))),
    Promise.all(ATTRIBUTED_METRICS.map((metric) => rumSiteAttribution(deps, caller, site.id, { metric, ...window }))),
  ]);
  return { query, series, attribution };
}
