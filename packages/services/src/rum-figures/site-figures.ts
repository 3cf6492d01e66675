import type { Monitor, RumSite } from '@pageprobe/db';
import { fieldSeriesOf, loadFieldSeries, loadSeries, plotsMetric } from '@pageprobe/monitors';
import {
  type AttributedMetric,
  ATTRIBUTED_METRICS,
  type RumMetric,
  type RumPoint,
  RUM_METRICS,
  rumAttribution,
  rumSeries,
  SPLITS,
  type Split,
  THRESHOLDS,
} from '@pageprobe/rum';
import type { Caller } from '../caller.ts';
import type { ServiceDeps } from '../deps.ts';
import { cruxOf } from '../field/crux-of.ts';
import { ProblemError } from '../problem.ts';
import { deploysCovering } from '../deploys/deploy-service.ts';

// Reading a site's real users' figures (issue 61), whichever door asks (the API, the dashboard; the CLI
// and MCP through the API): the series of a metric with the lab's figure (the site's lighthouse
// monitors) and CrUX's (their URLs' field data) beside it and the deploys as markers, and what made the
// page views slow.

/** A site's series default to the last 7 days, as monitors' do. */
export const DEFAULT_RUM_SERIES_MS = 7 * 24 * 3600_000;
/** The lab has no figure for INP: a lab load has no interaction. */
export const NO_LAB_INP = 'INP has no lab figure: a lab load has no interaction (Lighthouse measures TBT instead).';

export type RumQuery = Record<string, string | string[] | undefined>;

const invalid = (path: string, message: string, detail: string) =>
  new ProblemError(400, 'validation_failed', detail, { errors: [{ path, message }] });

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The caller's team's site, or 404 (another team's site is as unknown as an id never made). */
export async function ownedRumSite(deps: Pick<ServiceDeps, 'db'>, teamId: string, id: string): Promise<RumSite> {
  const site = UUID.test(id) ? await deps.db.rumSite.findFirst({ where: { id, teamId, deletedAt: null } }) : null;
  if (!site) throw new ProblemError(404, 'not_found', 'The team has no RUM site with that id.');
  return site;
}

/** A query parameter given once; an array (`?metric=a&metric=b`) is refused. */
function one(q: RumQuery, name: string): string | undefined {
  const v = q[name];
  if (Array.isArray(v)) throw invalid(`query.${name}`, 'must be given once', `${name} must be given once.`);
  return v === '' ? undefined : v;
}

/** from and to: date-times, from before to; to defaults to now, from to `defaultMs` before to. */
export function rumRange(q: RumQuery, now = new Date(), defaultMs = DEFAULT_RUM_SERIES_MS) {
  const toText = one(q, 'to');
  const fromText = one(q, 'from');
  const to = toText ? new Date(toText) : now;
  const from = fromText ? new Date(fromText) : new Date(to.getTime() - defaultMs);
  for (const [name, at] of [
    ['from', from],
    ['to', to],
  ] as const) {
    if (Number.isNaN(at.getTime())) throw invalid(`query.${name}`, 'is not a date-time', `${name} is not a date-time.`);
  }
  if (from >= to) throw invalid('query.from', 'must be before to', 'from must be before to.');
  return { from, to };
}

function metricOf(q: RumQuery, allowed: readonly string[]): string {
  const metric = one(q, 'metric') ?? '';
  if (!allowed.includes(metric)) {
    const message = `must be one of ${allowed.join(', ')}`;
    throw invalid('query.metric', message, `metric ${message}.`);
  }
  return metric;
}

/** The site's lab: the team's lighthouse monitors whose URL's origin is one of the site's origins. */
export async function siteMonitors(deps: Pick<ServiceDeps, 'db'>, site: Pick<RumSite, 'teamId' | 'origins'>) {
  const monitors = await deps.db.monitor.findMany({
    where: { teamId: site.teamId, type: 'lighthouse', deletedAt: null },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
  });
  const origins = new Set(site.origins.map((o) => o.replace(/\/+$/, '').toLowerCase()));
  return monitors.filter((m) => {
    try {
      return origins.has(new URL(m.url).origin.toLowerCase());
    } catch {
      return false;
    }
  });
}

const presentPoint = ({ at, ...figures }: RumPoint) => ({ at: at.toISOString(), ...figures });

/** A lab monitor as a series names it. */
const monitorOf = (m: Monitor) => ({ id: m.id, name: m.name, url: m.url, device: m.device });

/**
 * GET /rum/sites/{id}/series: a metric's points (p50, p75, p95 and shares per bucket), split by page
 * group, device or country when asked, filtered by any of them, with the window's summary; beside them
 * each lab monitor's series of the metric (its runs' mean per bucket, p50 and p95), CrUX's weekly p75 of
 * their URLs where CrUX has one, and the deploys over the window.
 */
export async function rumSiteSeries(deps: ServiceDeps, caller: Pick<Caller, 'teamId'>, siteId: string, q: RumQuery) {
  const site = await ownedRumSite(deps, caller.teamId, siteId);
  const metric = metricOf(q, RUM_METRICS) as RumMetric;
  const by = one(q, 'by');
  if (by !== undefined && !(SPLITS as readonly string[]).includes(by)) {
    const message = `must be one of ${SPLITS.join(', ')}`;
    throw invalid('query.by', message, `by ${message}.`);
  }
  const filters: Partial<Record<Split, string>> = {};
  for (const split of SPLITS) {
    const value = one(q, split);
    if (value !== undefined) filters[split] = value;
  }
  const topText = one(q, 'top');
  const top = topText === undefined ? undefined : Number(topText);
  if (top !== undefined && !(Number.isInteger(top) && top >= 1 && top <= 20)) {
    throw invalid('query.top', 'must be an integer from 1 to 20', 'top must be an integer from 1 to 20.');
  }
  const { from, to } = rumRange(q);
  const series = await rumSeries(deps.pool, site.id, { metric, from, to, by: by as Split | undefined, filters, top });

  const monitors = await siteMonitors(deps, site);
  const labMonitors = metric === 'inp_ms' ? [] : monitors.filter((m) => plotsMetric(m, metric));
  const lab = await Promise.all(
    labMonitors.map(async (m) => {
      const { resolution, points } = await loadSeries(deps.db, m, metric, from, to);
      return {
        monitor: monitorOf(m),
        resolution,
        points: points.map(({ at, avg, p50, p95, count }) => ({ at: at.toISOString(), value: avg, p50, p95, count })),
      };
    }),
  );
  // CrUX's figures of each monitor's URL and device (one query each, through the client's cache); a URL
  // without them says why. Weekly points in the window, and the newest one up to `to` (a 28-day p75 is
  // still the field's figure for a window shorter than a week).
  const fielded = monitors.filter((m) => fieldSeriesOf(m)[metric] !== undefined);
  const seen = new Set<string>();
  const field = [];
  for (const m of fielded) {
    const key = `${m.url} ${m.device}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const { source, points } = await loadFieldSeries(cruxOf(deps), m, [metric]);
    const all = points[metric] ?? [];
    const upTo = all.filter((p) => p.at <= to);
    const latest = upTo.at(-1);
    field.push({
      monitor: monitorOf(m),
      field: source,
      points: upTo
        .filter((p) => p.at >= from)
        .map(({ at, p75, good, needs_improvement, poor, category }) => ({
          at: at.toISOString(),
          p75,
          good,
          needs_improvement,
          poor,
          category,
        })),
      latest: latest ? { at: latest.at.toISOString(), p75: latest.p75, category: latest.category } : null,
    });
  }
  return {
    site_id: site.id,
    metric,
    unit: THRESHOLDS[metric].unit,
    thresholds: { good: THRESHOLDS[metric].good, poor: THRESHOLDS[metric].poor },
    from: from.toISOString(),
    to: to.toISOString(),
    resolution: series.resolution,
    filters,
    by: series.by,
    summary: series.summary,
    points: series.points.map(presentPoint),
    splits: series.splits.map((s) => ({ value: s.value, summary: s.summary, points: s.points.map(presentPoint) })),
    lab,
    ...(metric === 'inp_ms' ? { lab_note: NO_LAB_INP } : {}),
    field,
    annotations: await deploysCovering(deps.db, site.teamId, monitors, from, to),
  };
}

/**
 * GET /rum/sites/{id}/attribution: the targets behind slow page views of LCP, INP or CLS in the window
 * (a page group's or all), the most slow page views first, with the metric's and its phases' averages.
 */
export async function rumSiteAttribution(
  deps: ServiceDeps,
  caller: Pick<Caller, 'teamId'>,
  siteId: string,
  q: RumQuery,
) {
  const site = await ownedRumSite(deps, caller.teamId, siteId);
  const metric = metricOf(q, ATTRIBUTED_METRICS) as AttributedMetric;
  const pageGroup = one(q, 'page_group');
  const { from, to } = rumRange(q);
  const targets = await rumAttribution(deps.pool, site.id, { metric, from, to, page_group: pageGroup });
  return {
    site_id: site.id,
    metric,
    from: from.toISOString(),
    to: to.toISOString(),
    page_group: pageGroup ?? null,
    targets,
  };
}
