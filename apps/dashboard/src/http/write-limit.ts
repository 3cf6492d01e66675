import { rateLimitHeaders, RATE_LIMIT_WINDOW_MS, SlidingWindowLimiter, type WindowDecision } from '@pageprobe/ops';
import { message } from '../views/layout.ts';
import type { DashboardDeps, PageContext } from './page-context.ts';

// The API's write limit on the dashboard's forms (issue 56, item 3): every form that changes something
// (app.ts: a POST of a route that is not public, unless the route says `limit: false`) spends one of
// RATE_LIMIT_WRITES_PER_MIN a minute, per person and team, in the same sliding window in Redis the API
// keeps per key, across replicas. Past it the form answers 429 with Retry-After and a page saying when to
// try again, before it changes anything. Without Redis, 503, as the API's writes answer.

const limiters = new WeakMap<DashboardDeps, SlidingWindowLimiter>();

function limiterOf(deps: DashboardDeps): SlidingWindowLimiter {
  let limiter = limiters.get(deps);
  if (!limiter) {
    limiter = new SlidingWindowLimiter(deps.redis, deps.config.QUEUE_PREFIX);
    limiters.set(deps, limiter);
  }
  return limiter;
}

/** Spends one write of the signed-in person in their team; false when the page has been answered (refused). */
export async function spendWrite(ctx: PageContext): Promise<boolean> {
  const { deps, session, res } = ctx;
  const limit = deps.config.RATE_LIMIT_WRITES_PER_MIN;
  let decision: WindowDecision;
  try {
    decision = await limiterOf(deps).take(
      `dashboard-writes:${session!.userId}:${session!.teamId ?? 'none'}`,
      limit,
      RATE_LIMIT_WINDOW_MS,
    );
  } catch (error) {
    deps.logger.warn({ err: (error as Error).message }, 'dashboard write limiter unavailable');
    res.set('Retry-After', '5');
    message(
      ctx,
      'Try again shortly',
      'Changes cannot be made right now; nothing was changed. Try again in a few seconds.',
      503,
    );
    return false;
  }
  const { resetSeconds, headers } = rateLimitHeaders('writes', limit, decision);
  res.set(headers);
  if (decision.allowed) return true;
  message(
    ctx,
    'Too many changes',
    `You made ${limit} changes in this team in the last minute, the most allowed; this one was not made. Try again in ${resetSeconds} s.`,
    429,
  );
  return false;
}
