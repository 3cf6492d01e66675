import type { RequestHandler } from 'express';

/**
 * Every answer of the dashboard: scripts and styles from its own origin only (no inline script, no
 * third party, STYLE 29), never framed (it frames only its own Lighthouse report, sandboxed: frame-src 'self'), no referrer to other sites, never cached (pages hold a person's
 * data). Images may come from the API's origin too: a monitor's page shows its badges, which the API
 * serves (the same origin in production, where the dashboard is the API host's /app/; another port locally).
 */
export function securityHeaders(apiBaseUrl: string): RequestHandler {
  const api = new URL(apiBaseUrl).origin;
  const headers = {
    'content-security-policy': `default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data: ${api}; connect-src 'self'; frame-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'`,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'same-origin',
    'x-frame-options': 'DENY',
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'x-robots-tag': 'noindex, nofollow',
    'cache-control': 'no-store',
  };
  return (_req, res, next) => {
    res.set(headers);
    next();
  };
}
