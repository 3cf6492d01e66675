import { setTimeout as sleep } from 'node:timers/promises';
import { normalizeEmail } from '@pageprobe/accounts';
import { RateLimiterRes } from 'rate-limiter-flexible';
import type { DashboardDeps, PageContext } from './page-context.ts';
import { redisCounter } from './redis-counter.ts';

// Guessing passwords (issue 45, item 8). Every form that checks a password goes through here, with two
// counters in Redis (rate-limiter-flexible):
// - per account (the address typed, known or not, so the counters say nothing about who exists): from the
//   sixth attempt not followed by a success, the answer waits SIGN_IN_DELAY_MS, doubling with each further
//   one up to SIGN_IN_MAX_DELAY_MS. It is a delay, never a lock: whoever waits it out with the right
//   password is in, however many wrong ones others sent. Attempts count when they start, so a hundred sent
//   at once wait a hundred growing delays, not the same short one.
// - per client address: past SIGN_IN_ATTEMPTS_PER_ADDRESS a minute, 429 with Retry-After at once, before
//   any hashing. This bounds what one machine can try across accounts (and how many delayed requests it can
//   hold open) without touching anyone else's account.

/** Attempts an account gets before the delays start. */
const FREE_ATTEMPTS = 5;
/** An account's count is forgotten an hour after its first attempt. */
const ACCOUNT_WINDOW_S = 3_600;
const ADDRESS_WINDOW_S = 60;

/** The two counters (each made once per app). */
const limiters = (deps: DashboardDeps) => ({
  // Never refuses: the count only sets the delay.
  account: redisCounter(deps, 'password-attempts:account', Number.MAX_SAFE_INTEGER, ACCOUNT_WINDOW_S),
  address: redisCounter(deps, 'password-attempts:address', deps.config.SIGN_IN_ATTEMPTS_PER_ADDRESS, ADDRESS_WINDOW_S),
});

/** One host often holds a whole IPv6 /64: it counts as one address. */
export function addressKey(ip: string | null | undefined): string {
  if (!ip) return 'unknown';
  if (!ip.includes(':') || ip.startsWith('::ffff:')) return ip.replace(/^::ffff:/, '');
  const [head = '', tail = ''] = ip.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::') ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, '').toLowerCase())
    .join(':')}::/64`;
}

/** The wait before the attempt that follows `earlier` unsuccessful ones. */
export function delayAfter(earlier: number, config: DashboardDeps['config']): number {
  if (earlier < FREE_ATTEMPTS) return 0;
  return Math.min(config.SIGN_IN_MAX_DELAY_MS, config.SIGN_IN_DELAY_MS * 2 ** Math.min(earlier - FREE_ATTEMPTS, 30));
}

export type PasswordOutcome = 'right' | 'wrong' | { retryAfterSeconds: number };

/**
 * Runs `check` (a password verification for `email`) under the limits: refused at once when the client's
 * address sent too many, else after the account's delay. A right password clears the account's count.
 */
export async function passwordAttempt(
  ctx: PageContext,
  email: string,
  check: () => Promise<boolean>,
): Promise<PasswordOutcome> {
  const { account, address } = limiters(ctx.deps);
  const from = addressKey(ctx.actor.ip);
  try {
    await address.consume(from);
  } catch (refused) {
    if (!(refused instanceof RateLimiterRes)) throw refused;
    return { retryAfterSeconds: Math.max(1, Math.ceil(refused.msBeforeNext / 1000)) };
  }
  const who = normalizeEmail(email);
  const counted = await account.consume(who);
  const wait = delayAfter(counted.consumedPoints - 1, ctx.deps.config);
  if (wait > 0) await sleep(wait);
  if (!(await check())) return 'wrong';
  // A success is not held against the address, and the account starts afresh.
  await Promise.all([account.delete(who), address.reward(from, 1)]).catch((error: unknown) =>
    ctx.deps.logger.warn({ err: (error as Error).message }, 'password attempts not cleared'),
  );
  return 'right';
}

/**
 * What a form says after a wrong password once the address's attempts are slowed (issue 56, item 23): the
 * wait the next try will have, so nobody waits half a minute without a word. It depends only on the
 * address typed, counted whether or not it has an account, so it says nothing about who is here.
 */
export async function slowedNotice(ctx: PageContext, email: string): Promise<string> {
  const counted = await limiters(ctx.deps)
    .account.get(normalizeEmail(email))
    .catch(() => null);
  const wait = delayAfter(counted?.consumedPoints ?? 0, ctx.deps.config);
  if (wait <= 0) return '';
  const seconds = Math.max(1, Math.round(wait / 1000));
  return `After several failed attempts, signing in with this address is slowed: your next try will wait ${seconds} second${seconds === 1 ? '' : 's'} before it is answered.`;
}

/** The text and header of a 429; the caller shows it on its own form. */
export function tooManyAttempts(ctx: PageContext, retryAfterSeconds: number): string {
  ctx.res.set('Retry-After', String(retryAfterSeconds));
  return `Too many attempts from your address. Try again in ${retryAfterSeconds} seconds.`;
}
