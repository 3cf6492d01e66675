import { normalizeEmail } from '@pageprobe/accounts';
import { RateLimiterRes } from 'rate-limiter-flexible';
import type { DashboardDeps, PageContext } from './page-context.ts';
import { addressKey } from './password-attempts.ts';
import { redisCounter } from './redis-counter.ts';

// Open sign-up's limits (issue 56, item 16), checked before the password is hashed (Argon2id, about 65 ms
// of CPU): a burst costs a counter in Redis, not a hash a request. Two counters:
// - per address signed up with: SIGN_UPS_PER_ADDRESS an hour, as many as the links it may be mailed,
//   counted whether or not the address has an account (the answer says nothing about who is here);
// - per client address (an IPv6 /64): SIGN_IN_ATTEMPTS_PER_ADDRESS a minute, as for password attempts.

/** Sign-ups an address gets an hour: the sign-up links it may be mailed (account-mail.ts). */
const SIGN_UPS_PER_ADDRESS = 3;

/** The two counters (each made once per app). */
const limiters = (deps: DashboardDeps) => ({
  email: redisCounter(deps, 'sign-ups:email', SIGN_UPS_PER_ADDRESS, 3_600),
  client: redisCounter(deps, 'sign-ups:client', deps.config.SIGN_IN_ATTEMPTS_PER_ADDRESS, 60),
});

/** Null when this sign-up may go on (and is counted), else the seconds to wait. */
export async function signUpRefused(ctx: PageContext, email: string): Promise<number | null> {
  const { email: perEmail, client } = limiters(ctx.deps);
  try {
    await client.consume(addressKey(ctx.actor.ip));
    await perEmail.consume(normalizeEmail(email));
    return null;
  } catch (refused) {
    if (!(refused instanceof RateLimiterRes)) throw refused;
    return Math.max(1, Math.ceil(refused.msBeforeNext / 1000));
  }
}
