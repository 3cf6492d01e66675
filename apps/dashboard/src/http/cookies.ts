import type { Request, Response } from 'express';
import type { DashboardConfig } from '../config.ts';

// The session cookie: HttpOnly, SameSite=Lax; over https `__Host-`-prefixed and Secure (so no other
// path or subdomain can set or shadow it), which needs Path=/.

export const sessionCookieName = (config: Pick<DashboardConfig, 'SECURE_COOKIES'>) =>
  config.SECURE_COOKIES ? '__Host-pp_session' : 'pp_session';

/** One cookie of the request, or undefined. */
export function readCookie(req: Request, name: string): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return decodeURIComponent(part.slice(at + 1).trim());
  }
  return undefined;
}

function cookie(config: DashboardConfig, value: string, maxAgeSeconds: number): string {
  const path = config.SECURE_COOKIES ? '/' : config.BASE_PATH || '/';
  return [
    `${sessionCookieName(config)}=${value}`,
    `Path=${path}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(config.SECURE_COOKIES ? ['Secure'] : []),
    `Max-Age=${maxAgeSeconds}`,
  ].join('; ');
}

export const setSessionCookie = (res: Response, config: DashboardConfig, token: string) =>
  res.append('Set-Cookie', cookie(config, token, config.SESSION_MAX_DAYS * 86_400));

export const clearSessionCookie = (res: Response, config: DashboardConfig) =>
  res.append('Set-Cookie', cookie(config, '', 0));
