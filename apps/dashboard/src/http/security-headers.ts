import type { RequestHandler } from 'express';

/**
 * Every answer of the dashboard: scripts and styles from its own origin only (no inline script, no
 * third party, STYLE 29), never framed, no referrer to other sites, never cached (pages hold a person's data).
 */
export const securityHeaders: RequestHandler = (_req, res, next) => {
  res.set({
    'content-security-policy':
      "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'same-origin',
    'x-frame-options': 'DENY',
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'x-robots-tag': 'noindex, nofollow',
    'cache-control': 'no-store',
  });
  next();
};
