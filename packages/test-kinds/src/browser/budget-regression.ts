import type { CompareSubject } from '../compare/delta.ts';

type OverBudget = Array<{ step: number; severity: string; message: string }>;
const overOf = (t: CompareSubject | undefined): OverBudget =>
  ((t?.result as { over_budget?: OverBudget } | null)?.over_budget ?? []).filter((b) => b.severity === 'regressed');

/**
 * monitor.regressed (issue 59, item 6) when a run misses a step's budget (of the default severity) that
 * the run before met: once when it starts, not at every slow run after.
 */
export function budgetRegression(test: CompareSubject, previous: CompareSubject | undefined) {
  const over = overOf(test);
  if (over.length === 0 || !previous) return null;
  const before = new Set(overOf(previous).map((b) => b.step));
  const fresh = over.filter((b) => !before.has(b.step));
  if (fresh.length === 0) return null;
  return {
    reason: 'budget_exceeded',
    details: { message: fresh.map((b) => b.message).join('; '), steps: fresh.map((b) => b.step) },
  };
}
