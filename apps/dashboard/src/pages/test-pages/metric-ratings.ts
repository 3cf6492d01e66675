import { html, type SafeHtml } from '@pageprobe/html';
import { fmtMs } from '@pageprobe/test-kinds';
import { labMetrics, rateVital } from './ratings.ts';
import { ratingMark } from './score-gauges.ts';

const fmtCls = (v: number) => v.toFixed(3);

/**
 * The lab metrics a test recorded, each with its value, its band (shape and word) and the thresholds it
 * was rated by: Core Web Vitals' for LCP, CLS, INP, FCP, TBT, TTFB; Lighthouse's curve for Speed Index.
 */
export function metricRatings(vitals: Record<string, number | null>, device: string): SafeHtml | string {
  const rows = labMetrics(device).flatMap((metric) => {
    const value = vitals[metric.key];
    if (typeof value !== 'number') return [];
    const fmt = (v: number) => (metric.unit === 'ms' ? fmtMs(v) : fmtCls(v));
    return [
      html`<li class="metric" data-metric="${metric.key}"><span class="metric-name">${metric.label}</span> <strong class="metric-value">${fmt(value)}</strong> ${ratingMark(rateVital(value, metric))}
<span class="muted metric-thresholds">good ≤ ${fmt(metric.good)}, poor &gt; ${fmt(metric.poor)}</span></li>`,
    ];
  });
  return rows.length ? html`<h3>Metrics</h3><ul class="metrics">${rows}</ul>` : '';
}
