import { blendedScore, gradeFor } from '@pageprobe/test-lifecycle';
import type { Lhr } from './lhr.ts';
import { impact, structureScore } from './structure-score.ts';

const pct = (score: number | null | undefined) => (typeof score === 'number' ? Math.round(score * 100) : null);
/** An audit's numeric value, rounded to `digits`; null when it has none. */
export const num = (lhr: Lhr, id: string, digits = 0) => {
  const value = lhr.audits[id]?.numericValue;
  return typeof value === 'number' ? Number(value.toFixed(digits)) : null;
};

/** What GET /tests/{id} shows of a lighthouse run. */
export function summarise(lhr: Lhr) {
  const performance = pct(lhr.categories.performance?.score);
  const structure = structureScore(lhr);
  const scores = {
    performance,
    accessibility: pct(lhr.categories.accessibility?.score),
    best_practices: pct(lhr.categories['best-practices']?.score),
    seo: pct(lhr.categories.seo?.score),
  };
  const vitals = {
    lcp_ms: num(lhr, 'largest-contentful-paint'),
    fcp_ms: num(lhr, 'first-contentful-paint'),
    cls: num(lhr, 'cumulative-layout-shift', 3),
    tbt_ms: num(lhr, 'total-blocking-time'),
    speed_index_ms: num(lhr, 'speed-index'),
    ttfb_ms: num(lhr, 'server-response-time'),
    interactive_ms: num(lhr, 'interactive'),
  };
  return {
    performanceScore: performance,
    structureScore: structure,
    grade: performance !== null && structure !== null ? gradeFor(blendedScore(performance, structure)) : null,
    scores: Object.fromEntries(Object.entries(scores).filter(([, v]) => v !== null)),
    vitals,
    audits: improvableAudits(lhr),
  };
}

/** Requests and bytes per resource type, from Lighthouse's resource summary (compare reads them). */
export function resourceSummary(lhr: Lhr): Record<string, { requests: number; transfer_bytes: number }> {
  const items = lhr.audits['resource-summary']?.details?.items ?? [];
  return Object.fromEntries(
    items.flatMap((i) =>
      i.resourceType
        ? [
            [
              i.resourceType,
              { requests: Math.round(i.requestCount ?? 0), transfer_bytes: Math.round(i.transferSize ?? 0) },
            ],
          ]
        : [],
    ),
  );
}

/**
 * Failed and improvable audits of every category, biggest estimated savings first: by the metric
 * savings Lighthouse 13 reports (weighed as in structure-score.ts; its ms/bytes totals are mostly 0),
 * then ms, then bytes, then the lowest score.
 */
export function improvableAudits(lhr: Lhr) {
  const seen = new Set<string>();
  const out = [];
  for (const [category, cat] of Object.entries(lhr.categories)) {
    for (const ref of cat?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (!audit || seen.has(audit.id) || ref.group === 'metrics' || ref.group === 'hidden') continue;
      if (typeof audit.score !== 'number' || audit.score >= 0.9) continue;
      if (!['numeric', 'binary', 'metricSavings'].includes(audit.scoreDisplayMode)) continue;
      seen.add(audit.id);
      out.push({
        id: audit.id,
        category,
        title: audit.title,
        score: audit.score,
        display_value: audit.displayValue ?? null,
        savings: {
          ms: Math.round(audit.details?.overallSavingsMs ?? 0),
          bytes: Math.round(audit.details?.overallSavingsBytes ?? 0),
          metrics: audit.metricSavings ?? {},
        },
      });
    }
  }
  return out.sort(
    (a, b) =>
      impact(b.savings.metrics) - impact(a.savings.metrics) ||
      b.savings.ms - a.savings.ms ||
      b.savings.bytes - a.savings.bytes ||
      a.score - b.score,
  );
}
