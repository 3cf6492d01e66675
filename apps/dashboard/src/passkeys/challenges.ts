import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { readCookie } from '../http/cookies.ts';
import type { PageContext } from '../http/page-context.ts';

// A WebAuthn ceremony's challenge lives in Redis under a random id for a few minutes; the browser holds
// only the id, in an HttpOnly cookie. Taking it deletes it (GETDEL): a challenge answers one response.

const TTL_SECONDS = 300;

const ceremony = z.discriminatedUnion('kind', [
  /** Adding a passkey: whose, and the name they gave it. */
  z.object({ kind: z.literal('register'), challenge: z.string(), userId: z.string(), name: z.string() }),
  /** Signing in with a discoverable credential: nobody yet. */
  z.object({ kind: z.literal('sign-in'), challenge: z.string() }),
]);
export type Ceremony = z.infer<typeof ceremony>;

const cookieName = (ctx: PageContext) => (ctx.deps.config.SECURE_COOKIES ? '__Host-pp_webauthn' : 'pp_webauthn');
const redisKey = (ctx: PageContext, id: string) => `${ctx.deps.config.QUEUE_PREFIX}:webauthn:${id}`;

function setCookie(ctx: PageContext, value: string, maxAgeSeconds: number) {
  const { config } = ctx.deps;
  ctx.res.append(
    'Set-Cookie',
    [
      `${cookieName(ctx)}=${value}`,
      `Path=${config.SECURE_COOKIES ? '/' : config.BASE_PATH || '/'}`,
      'HttpOnly',
      'SameSite=Strict',
      ...(config.SECURE_COOKIES ? ['Secure'] : []),
      `Max-Age=${maxAgeSeconds}`,
    ].join('; '),
  );
}

/** Keeps a new ceremony's challenge for this browser (a second ceremony replaces the first). */
export async function keepChallenge(ctx: PageContext, value: Ceremony): Promise<void> {
  const id = randomBytes(24).toString('base64url');
  await ctx.deps.redis.set(redisKey(ctx, id), JSON.stringify(value), 'EX', TTL_SECONDS);
  setCookie(ctx, id, TTL_SECONDS);
}

/** This browser's pending ceremony of `kind`, taken (it cannot be used again), or null. */
export async function takeChallenge<K extends Ceremony['kind']>(
  ctx: PageContext,
  kind: K,
): Promise<Extract<Ceremony, { kind: K }> | null> {
  const id = readCookie(ctx.req, cookieName(ctx));
  if (!id || !/^[\w-]{32}$/.test(id)) return null;
  setCookie(ctx, '', 0);
  const raw = await ctx.deps.redis.getdel(redisKey(ctx, id));
  if (!raw) return null;
  const parsed = ceremony.safeParse(JSON.parse(raw));
  return parsed.success && parsed.data.kind === kind ? (parsed.data as Extract<Ceremony, { kind: K }>) : null;
}
