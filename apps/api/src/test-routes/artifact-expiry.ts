import { DAY_MS, type Plan, RETENTION } from '@pageprobe/db';

/** What a test row says about its artifacts' expiry (issue 29). */
export interface Expiring {
  artifactsExpireAt: Date | null;
  completedAt: Date | null;
}

/** Past its expiry, a test's artifacts and HAR are gone, or about to be (the sweeper or the bucket's rule). */
export const artifactsExpired = (test: Expiring, now = Date.now()): test is Expiring & { artifactsExpireAt: Date } =>
  test.artifactsExpireAt !== null && test.artifactsExpireAt.getTime() <= now;

const PLANS = Object.keys(RETENTION) as Plan[];

/**
 * The retention that applied, in a sentence. The plan is the one whose days the test was kept (its
 * team's plan when it finished), else `fallback` (the team's plan now); without either, the days alone.
 */
export function retentionSentence(test: Expiring & { artifactsExpireAt: Date }, fallback?: Plan): string {
  const days = test.completedAt
    ? Math.round((test.artifactsExpireAt.getTime() - test.completedAt.getTime()) / DAY_MS)
    : null;
  const plan = PLANS.find((p) => RETENTION[p].artifactsDays === days) ?? fallback;
  if (!plan) return days === null ? '' : `They were kept ${days} days after the test completed.`;
  const others = PLANS.filter((p) => p !== plan).map((p) => `${p} ${RETENTION[p].artifactsDays}`);
  return `The ${plan} plan keeps a test's artifacts ${RETENTION[plan].artifactsDays} days after it completes${others.length ? ` (${others.join(', ')} days)` : ''}.`;
}
