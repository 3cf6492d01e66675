import type { Lhr } from './lhr.ts';

/**
 * structure_score: how well the page is built for speed, independent of how fast this one load was.
 *
 * Over the performance category's `insights` and `diagnostics` audits that have a score (numeric,
 * binary or metric-savings audits; informative and not-applicable ones are left out):
 *
 *     structure_score = round(100 × Σ wᵢ·sᵢ / Σ wᵢ)
 *
 * where sᵢ is the audit's score (0 to 1) and wᵢ = 1 + impactᵢ, with
 *
 *     impactᵢ = min(9, LCP/250 + FCP/250 + TBT/100 + INP/100 + 40·CLS)
 *
 * from the audit's estimated savings (`metricSavings`, in ms; CLS unitless). A passing audit weighs 1;
 * a failing one weighs more the more it would save: 1 s of LCP counts 4, 500 ms of TBT counts 5, a
 * layout shift of 0.1 counts 4, capped at 10. No scored audit at all gives null.
 */
export function structureScore(lhr: Lhr): number | null {
  let weighted = 0;
  let total = 0;
  for (const ref of lhr.categories.performance?.auditRefs ?? []) {
    if (ref.group !== 'insights' && ref.group !== 'diagnostics') continue;
    const audit = lhr.audits[ref.id];
    if (!audit || typeof audit.score !== 'number') continue;
    if (!['numeric', 'binary', 'metricSavings'].includes(audit.scoreDisplayMode)) continue;
    const weight = 1 + impact(audit.metricSavings);
    weighted += weight * audit.score;
    total += weight;
  }
  return total === 0 ? null : Math.round((100 * weighted) / total);
}

export function impact(savings: Record<string, number> | undefined | null): number {
  if (!savings) return 0;
  const s = (key: string) => Math.max(0, savings[key] ?? 0);
  return Math.min(9, s('LCP') / 250 + s('FCP') / 250 + s('TBT') / 100 + s('INP') / 100 + 40 * s('CLS'));
}
