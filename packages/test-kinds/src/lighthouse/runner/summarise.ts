import { blendedScore, gradeFor, USER_TIMING_LIMITS, type UserTiming } from '@pageprobe/test-kinds';
import type { Lhr, LhrAudit } from './lhr.ts';
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
    // Under Lighthouse's id, as the issue that added it asked (since Lighthouse 13.3's default config).
    'agentic-browsing': pct(lhr.categories['agentic-browsing']?.score),
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

/**
 * A view of the page (issue 34's first and repeat view): its score, vitals, requests and bytes. A run
 * already summarised passes its summary rather than have it worked out again.
 */
export function viewOf(view: 'first' | 'repeat', lhr: Lhr, { performanceScore, vitals } = summarise(lhr)) {
  const total = resourceSummary(lhr).total;
  return {
    view,
    performance_score: performanceScore,
    vitals,
    requests: total?.requests ?? 0,
    transfer_bytes: total?.transfer_bytes ?? 0,
  };
}

/**
 * The page's User Timing marks and measures, as Lighthouse's user-timings audit saw them (measures
 * first): the first `USER_TIMING_LIMITS.entries`, names cut, and what was cut when anything was.
 */
export function userTimings(lhr: Lhr): { user_timings: UserTiming[]; user_timings_truncated?: UserTimingsCut } {
  const items = lhr.audits['user-timings']?.details?.items ?? [];
  const all = items.flatMap((i) => {
    if (typeof i.name !== 'string' || typeof i.startTime !== 'number') return [];
    const measure = i.timingType === 'Measure';
    return [
      {
        name: i.name,
        kind: measure ? ('measure' as const) : ('mark' as const),
        start_ms: Number(i.startTime.toFixed(2)),
        duration_ms: measure && typeof i.duration === 'number' ? Number(i.duration.toFixed(2)) : null,
      },
    ];
  });
  const kept = all.slice(0, USER_TIMING_LIMITS.entries);
  const cut = { dropped: all.length - kept.length, names_cut: 0 };
  for (const timing of kept) {
    if (timing.name.length <= USER_TIMING_LIMITS.nameChars) continue;
    timing.name = timing.name.slice(0, USER_TIMING_LIMITS.nameChars);
    cut.names_cut++;
  }
  return { user_timings: kept, ...(cut.dropped || cut.names_cut ? { user_timings_truncated: cut } : {}) };
}

/** A type, not an interface: the result is stored as Prisma JSON, which wants an index signature. */
type UserTimingsCut = { dropped: number; names_cut: number };

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

/** An insight Lighthouse shows whatever it scores (the LCP breakdown, the INP breakdown...): informative. */
const shownInsight = (audit: LhrAudit, group: string | undefined) =>
  group === 'insights' && audit.scoreDisplayMode === 'informative';

/**
 * Failed and improvable audits of every category, and the informative insights Lighthouse shows (LCP
 * breakdown, document latency...: no score), each with its Lighthouse group (insights, diagnostics,
 * a11y-…) and the group's title. Biggest estimated savings first: by the metric savings Lighthouse 13
 * reports (weighed as in structure-score.ts; its ms/bytes totals are mostly 0), then ms, then bytes,
 * then the lowest score; informative insights after the scored audits.
 */
export function improvableAudits(lhr: Lhr) {
  const seen = new Set<string>();
  const out = [];
  for (const [category, cat] of Object.entries(lhr.categories)) {
    for (const ref of cat?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (!audit || seen.has(audit.id) || ref.group === 'metrics' || ref.group === 'hidden') continue;
      const improvable =
        typeof audit.score === 'number' &&
        audit.score < 0.9 &&
        ['numeric', 'binary', 'metricSavings'].includes(audit.scoreDisplayMode);
      if (!improvable && !shownInsight(audit, ref.group)) continue;
      seen.add(audit.id);
      out.push({
        id: audit.id,
        category,
        group: ref.group ?? null,
        group_title: (ref.group && lhr.categoryGroups?.[ref.group]?.title) || null,
        title: audit.title,
        score: improvable ? (audit.score as number) : null,
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
      Number(a.score === null) - Number(b.score === null) ||
      impact(b.savings.metrics) - impact(a.savings.metrics) ||
      b.savings.ms - a.savings.ms ||
      b.savings.bytes - a.savings.bytes ||
      (a.score ?? 1) - (b.score ?? 1),
  );
}
