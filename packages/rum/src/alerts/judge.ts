import { RATINGS, type Rating, type RumMetric, rate } from '../metrics.ts';

// Issue 61 item 5: what a metric's p75 over the alert window means against what the site's alert_state
// last recorded for it. Pure, so the rules are tested without a database (judge.test.ts).
//
// - rum.regressed when the p75's rating is worse than the one last recorded (good → needs_improvement or
//   poor, needs_improvement → poor), or when it passes the site's budget for the metric and did not before;
// - rum.recovered once a told regression is over: the rating back to the one before it (or better) and
//   under budget;
// - a better rating that is not yet a recovery (poor → needs_improvement after good) is recorded quietly,
//   so going worse again raises again.
// - A metric with no state yet (a new site, or its first window with enough page views) starts from what
//   it is, without an alert: there is no "before" to be worse than. A budget is a line the team drew, so
//   one already passed at that first look does raise rum.regressed.

/** What alert_state keeps per metric: what was last recorded, and the regression told and not yet over. */
export interface MetricState {
  rating: Rating;
  over_budget: boolean;
  p75: number;
  /** When this state was recorded (ISO). */
  at: string;
  /** A rum.regressed was told and no rum.recovered since: the rating before it, and when it began. */
  regressed?: { from: Rating; at: string } | null;
}

export type AlertState = Partial<Record<RumMetric, MetricState>>;

export interface Judgement {
  event: 'rum.regressed' | 'rum.recovered' | null;
  /** rating_worse, over_budget (or both, rating first), recovered; null with no event. */
  reason: 'rating_worse' | 'over_budget' | 'recovered' | null;
  previous: MetricState | null;
  next: MetricState;
}

const rank = (r: Rating) => RATINGS.indexOf(r);

export function judgeMetric(
  metric: RumMetric,
  p75: number,
  budget: number | null,
  previous: MetricState | null,
  at: Date,
): Judgement {
  const rating = rate(metric, p75);
  const over = budget !== null && p75 > budget;
  const base = { rating, over_budget: over, p75, at: at.toISOString() };
  if (!previous) {
    if (!over) return { event: null, reason: null, previous: null, next: { ...base, regressed: null } };
    return {
      event: 'rum.regressed',
      reason: 'over_budget',
      previous: null,
      next: { ...base, regressed: { from: rating, at: base.at } },
    };
  }
  const worse = rank(rating) > rank(previous.rating);
  const newlyOver = over && !previous.over_budget;
  if (worse || newlyOver) {
    return {
      event: 'rum.regressed',
      reason: worse ? 'rating_worse' : 'over_budget',
      previous,
      // A regression on top of one not yet over keeps the first's "before": recovery is back to that.
      next: { ...base, regressed: previous.regressed ?? { from: previous.rating, at: base.at } },
    };
  }
  const told = previous.regressed ?? null;
  if (told && !over && rank(rating) <= rank(told.from)) {
    return { event: 'rum.recovered', reason: 'recovered', previous, next: { ...base, regressed: null } };
  }
  return { event: null, reason: null, previous, next: { ...base, regressed: told } };
}

/** A site's budget for a metric from its `budgets` column ({lcp_ms: 2500, ...}), or null. */
export function budgetOf(budgets: unknown, metric: RumMetric): number | null {
  if (budgets === null || typeof budgets !== 'object' || Array.isArray(budgets)) return null;
  const value = (budgets as Record<string, unknown>)[metric];
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}
