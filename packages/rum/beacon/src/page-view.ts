import type {
  CLSMetricWithAttribution,
  INPMetricWithAttribution,
  LCPMetricWithAttribution,
  MetricType,
} from 'web-vitals/attribution';
import type { Beacon } from '../../src/beacon-payload.ts';
import { connectionType, deviceClass } from './device-class.ts';

// One page view's figures as web-vitals reports them, in the beacon's shape (beaconSchema in
// ../../src/beacon-payload.ts: every field named there, nothing else). Written for size: it is most of
// what the beacon adds to web-vitals.

export interface PageView {
  navigation: Beacon['navigation'];
  vitals: Beacon['vitals'];
  attribution: NonNullable<Beacon['attribution']>;
  sent?: boolean;
}

export const newView = (navigation: Beacon['navigation'] = 'navigate'): PageView => ({
  navigation,
  vitals: {},
  attribution: {},
});

/**
 * A duration in whole ms, or nothing when it is not one the schema takes (negative, or past ten minutes:
 * a tab left open, not a measurement).
 */
const ms = (value: number) => (value >= 0 && value <= 600_000 ? Math.round(value) : undefined);

/** MAX_TARGET_CHARS in beacon-payload.ts (web-vitals' selectors stop at 100 already). */
const target = (selector: string | undefined) => selector?.slice(0, 200);

/** Records a metric's report (every change is reported: the last one is the view's figure). */
export function record(view: PageView, metric: MetricType): void {
  // Every report names its view's navigation type: the same for all of one view's metrics.
  view.navigation = metric.navigationType;
  const { vitals, attribution } = view;
  switch (metric.name) {
    case 'LCP': {
      const a = (metric as LCPMetricWithAttribution).attribution;
      vitals.lcp_ms = ms(metric.value);
      attribution.lcp = {
        target: target(a.target),
        ttfb_ms: ms(a.timeToFirstByte),
        resource_load_delay_ms: ms(a.resourceLoadDelay),
        resource_load_duration_ms: ms(a.resourceLoadDuration),
        element_render_delay_ms: ms(a.elementRenderDelay),
      };
      break;
    }
    case 'INP': {
      const a = (metric as INPMetricWithAttribution).attribution;
      vitals.inp_ms = ms(metric.value);
      attribution.inp = {
        target: target(a.interactionTarget),
        type: a.interactionType,
        input_delay_ms: ms(a.inputDelay),
        processing_duration_ms: ms(a.processingDuration),
        presentation_delay_ms: ms(a.presentationDelay),
      };
      break;
    }
    case 'CLS':
      // Four decimals: far finer than the ingest's buckets, and the body stays short.
      vitals.cls = Math.round(metric.value * 1e4) / 1e4;
      attribution.cls = { target: target((metric as CLSMetricWithAttribution).attribution.largestShiftTarget) };
      break;
    case 'FCP':
      vitals.fcp_ms = ms(metric.value);
      break;
    case 'TTFB':
      vitals.ttfb_ms = ms(metric.value);
  }
}

/**
 * The view's beacon: nothing when no metric was reported (hidden before its first byte's report), nor
 * when it was sent. JSON.stringify leaves the undefined fields out: the body has only what was measured.
 */
export function beaconOf(view: PageView, site: string, path: string): Beacon | undefined {
  if (view.sent || !Object.values(view.vitals).some((v) => v !== undefined)) return undefined;
  return {
    site,
    // The schema's longest path.
    path: path.slice(0, 2048),
    navigation: view.navigation,
    device: deviceClass(),
    connection: connectionType(),
    vitals: view.vitals,
    attribution: view.attribution,
  };
}
