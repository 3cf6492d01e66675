export { type Beacon, beaconSchema, MAX_BEACON_BYTES, MAX_TARGET_CHARS, PHASES } from './beacon-payload.ts';
export { DEVICES, type Device, OTHER_GROUP, SPLITS, type Split, UNKNOWN_COUNTRY } from './dimensions.ts';
export {
  ATTRIBUTED,
  isRumMetric,
  RATINGS,
  type Rating,
  RUM_METRICS,
  type RumMetric,
  rate,
  THRESHOLDS,
} from './metrics.ts';
export { RUM_LEVELS, RUM_TABLES } from './rollups/levels.ts';
export { type RumBucket, recordRumRollups } from './rollups/record-rum-rollups.ts';
export { addPageView, emptyRumRollup, mergeRumRollups, type Ratings, type RumRollup } from './rollups/rum-rollup.ts';
export { type AcceptedView, DEFAULT_MAX_ROWS, RumAggregator, type RumBatch } from './ingest/aggregator.ts';
export { countryOf, type GeoIp, openGeoIp } from './ingest/country.ts';
export { DROP_REASONS, type DropReason, NIL_SITE } from './ingest/drop-reasons.ts';
export { type RumFlusher, rumFlusher, writeRumBatch } from './ingest/flusher.ts';
export { type BeaconRequest, type Outcome, pathOf, RumIngest } from './ingest/rum-ingest.ts';
export { type IngestSite, normalOrigin, RumSites, SITE_TTL_MS } from './ingest/rum-sites.ts';
export {
  attributionKeyOf,
  mergeAttribution,
  type RumAttributionRow,
  recordRumAttribution,
} from './rollups/record-rum-attribution.ts';
export { type RumDropRow, recordRumDrops } from './rollups/record-rum-drops.ts';
export type { Queryable } from './rollups/record-rum-rollups.ts';
// Reading a site's figures (issue 61): series of percentiles and shares, and what made page views slow.
export {
  type AttributedMetric,
  ATTRIBUTED_METRICS,
  ATTRIBUTION_LIMIT,
  type AttributionTarget,
  isAttributed,
  type RumAttributionQuery,
  rumAttribution,
} from './read/attribution.ts';
export { type Figures, figuresOf } from './read/figures.ts';
export { MAX_RUM_POINTS, rumLevelFor } from './read/levels-for.ts';
export {
  DEFAULT_SPLIT_TOP,
  MAX_SPLIT_TOP,
  type RumPoint,
  type RumSeries,
  type RumSeriesQuery,
  type RumSplit,
  rumSeries,
} from './read/series.ts';
export { type AlertState, budgetOf, judgeMetric, type MetricState } from './alerts/judge.ts';
export { RUM_DEPLOY_ENVIRONMENT, type RumAlertDeploy } from './alerts/rum-alert-deploy.ts';
export {
  dashboardRumSiteUrl,
  type RumAlertDetails,
  type RumAlertEvent,
  serialiseRumAlert,
} from './alerts/rum-alert-payload.ts';
export { type RumAlertSweepOptions, sweepRumAlerts } from './alerts/sweep-rum-alerts.ts';
export {
  type CompiledGroup,
  compileGroups,
  groupOf,
  groupOfCompiled,
  MAX_GROUP_NAME_CHARS,
  MAX_PAGE_GROUPS,
  MAX_PATTERN_CHARS,
  type PageGroup,
  patternProblem,
} from './page-groups.ts';
export { beaconScript, type SnippetSite, snippetFor } from './snippet.ts';
