import { hashToken, isTokenShaped, newToken } from '@pageprobe/accounts';
import type { Request, Response } from 'express';
import type { Redis } from 'ioredis';
import type { DashboardConfig } from '../config.ts';
import { readCookie } from '../http/cookies.ts';

// One sign-in with SSO between its start and the provider's answer: the PKCE verifier, state and nonce
// stay on the server (Redis, FLOW_SECONDS, taken once), found by a random id in a short-lived cookie of
// this browser. The cookie is SameSite=Lax, so it rides along on the provider's top-level redirect back;
// a callback that arrives in another browser, twice, or late finds nothing and is refused. Redis keeps
// the id's SHA-256 only (STYLE 28), under the app's prefix.

/** Time a person has at the provider (login, consent) before the flow is forgotten. */
const FLOW_SECONDS = 600;

export interface OidcFlow {
  state: string;
  nonce: string;
  codeVerifier: string;
  /** A signed-in person linking an identity (from Security): the session that started it, and whose. */
  link?: { sessionId: string; userId: string };
}

const cookieName = (config: Pick<DashboardConfig, 'SECURE_COOKIES'>) =>
  config.SECURE_COOKIES ? '__Host-pp_oidc' : 'pp_oidc';

const keyOf = (config: DashboardConfig, id: string) =>
  `${config.QUEUE_PREFIX}:oidc-flow:${Buffer.from(hashToken(id)).toString('base64url')}`;

function flowCookie(config: DashboardConfig, value: string, maxAgeSeconds: number): string {
  return [
    `${cookieName(config)}=${value}`,
    `Path=${config.SECURE_COOKIES ? '/' : config.BASE_PATH || '/'}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(config.SECURE_COOKIES ? ['Secure'] : []),
    `Max-Age=${maxAgeSeconds}`,
  ].join('; ');
}

/** Keeps a new flow and gives this browser its cookie. */
export async function beginFlow(redis: Redis, config: DashboardConfig, res: Response, flow: OidcFlow): Promise<void> {
  const { token: id } = newToken();
  await redis.set(keyOf(config, id), JSON.stringify(flow), 'EX', FLOW_SECONDS);
  res.append('Set-Cookie', flowCookie(config, id, FLOW_SECONDS));
}

/** The flow this browser started, taken (it cannot be used again), and its cookie cleared; or null. */
export async function takeFlow(redis: Redis, config: DashboardConfig, req: Request, res: Response) {
  const id = readCookie(req, cookieName(config));
  res.append('Set-Cookie', flowCookie(config, '', 0));
  if (!isTokenShaped(id)) return null;
  const stored = await redis.getdel(keyOf(config, id));
  return stored ? (JSON.parse(stored) as OidcFlow) : null;
}
