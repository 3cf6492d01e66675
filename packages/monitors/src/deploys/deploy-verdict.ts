import type { Test } from '@pageprobe/db';
import { kindNamed } from '@pageprobe/test-kinds';

// Issue 62: a deploy's verdict, from each monitor's first run after it against its last run before it.

export type CheckVerdict = 'pending' | 'passed' | 'regressed' | 'failed';
export type DeployStatus = 'checking' | 'passed' | 'regressed' | 'failed' | 'recorded';

/** A figure that got worse beyond the runs' noise (the compare's own rule, `Delta.change`). */
export interface Worse {
  /** The figure's path in the kind's deltas, e.g. `vitals.lcp_ms`, `scores.performance`. */
  figure: string;
  base: number | null;
  head: number | null;
}

/** One monitor's part of a deploy, as stored in `deploys.checks` and shown by the API. */
export interface DeployCheck {
  monitor_id: string;
  verdict: CheckVerdict;
  /** Why it failed: the run's error, its assertions, a check down, or no run in time. */
  reason: string | null;
  worse: Worse[];
  /** The runs compared: tests for a test kind, check times for a check kind. */
  before_test_id: string | null;
  after_test_id: string | null;
  after_at: string | null;
}

export const pendingCheck = (monitorId: string): DeployCheck => ({
  monitor_id: monitorId,
  verdict: 'pending',
  reason: null,
  worse: [],
  before_test_id: null,
  after_test_id: null,
  after_at: null,
});

/**
 * The deltas' groups that are not a run's figures: resources (bytes move with content, not speed), the
 * audits' lists, field data (28 days of real users: a deploy cannot have moved it yet).
 */
const NOT_FIGURES = new Set(['resources', 'audits', 'field']);

/** Every delta in a kind's deltas that got worse, by path. */
export function worseFigures(deltas: unknown, path: string[] = []): Worse[] {
  if (deltas === null || typeof deltas !== 'object') return [];
  const d = deltas as Record<string, unknown>;
  if (typeof d.change === 'string' && 'head' in d && 'base' in d) {
    return d.change === 'worse'
      ? [{ figure: path.join('.'), base: d.base as number | null, head: d.head as number | null }]
      : [];
  }
  return Object.entries(d).flatMap(([k, v]) =>
    path.length === 0 && NOT_FIGURES.has(k) ? [] : worseFigures(v, [...path, k]),
  );
}

/** A test kind's monitor: its run after the deploy (finished) against its last completed run before. */
export function testVerdict(monitorId: string, after: Test, before: Test | null): DeployCheck {
  const base = { ...pendingCheck(monitorId), after_test_id: after.id, before_test_id: before?.id ?? null };
  base.after_at = (after.completedAt ?? after.createdAt).toISOString();
  if (after.status === 'failed') {
    return { ...base, verdict: 'failed', reason: after.errorMessage ?? after.errorCode ?? 'the run failed' };
  }
  if (after.passed === false) return { ...base, verdict: 'failed', reason: 'its assertions failed' };
  if (!before) return { ...base, verdict: 'passed', reason: 'no run before the deploy to compare with' };
  const worse = worseFigures(kindNamed(after.type).comparison.compare(after, before));
  return { ...base, verdict: worse.length ? 'regressed' : 'passed', worse };
}

/** A check kind's monitor: its first check after the deploy. */
export function checkVerdict(
  monitorId: string,
  check: { at: Date; up: boolean; degraded: boolean; reason: string | null },
): DeployCheck {
  const base = { ...pendingCheck(monitorId), after_at: check.at.toISOString() };
  if (!check.up) return { ...base, verdict: 'failed', reason: check.reason ?? 'down' };
  if (check.degraded) return { ...base, verdict: 'regressed', reason: 'an expectation of severity degraded failed' };
  return { ...base, verdict: 'passed' };
}

/** The deploy's status once no check is pending: the worst of its checks. */
export function deployStatus(checks: readonly DeployCheck[]): DeployStatus {
  if (checks.length === 0) return 'recorded';
  if (checks.some((c) => c.verdict === 'pending')) return 'checking';
  if (checks.some((c) => c.verdict === 'failed')) return 'failed';
  if (checks.some((c) => c.verdict === 'regressed')) return 'regressed';
  return 'passed';
}
