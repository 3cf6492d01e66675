import { html } from '@pageprobe/html';
import type { RequestHandler, Response } from 'express';
import { REPORT_CSS_PATH as CSS_PATH } from '@pageprobe/test-kinds';
import type { PerAddressWindow } from '../limits/per-address.ts';

// What every page served without an API key shares: reports, monitor pages, status pages and badges.

export { REPORT_CSS as CSS, REPORT_CSS_PATH as CSS_PATH } from '@pageprobe/test-kinds';

// Pages carry their credential in the URL: no referrer leaves the page, nothing runs on it, it cannot be
// framed. Lighthouse's own report (its inline scripts) is served sandboxed, in an opaque origin.
export const REPORT_CSP =
  "default-src 'none'; style-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/** The security headers of a page; `cache` says how long it may be kept (private, not at all by default). */
export function secure(res: Response, csp = REPORT_CSP, cache = 'private, no-store'): void {
  res.set({
    'content-security-policy': csp,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'x-robots-tag': 'noindex, nofollow',
    'cross-origin-resource-policy': 'same-origin',
    'cache-control': cache,
  });
  // Not on Lighthouse's report: browsers refuse to open a sandboxed document that sets an opener policy.
  if (csp === REPORT_CSP) res.set('cross-origin-opener-policy', 'same-origin');
}

const message = (title: string, text: string) =>
  html`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title} · Pageprobe</title><link rel="icon" href="data:,"><link rel="stylesheet" href="${CSS_PATH}"></head>
<body><main><h1>${title}</h1><p>${text}</p></main></body></html>`.value;

/** A page's 404, in words: `what` is `Report`, `Monitor page`, `Status page`. */
export function notFoundPage(res: Response, what = 'Report'): void {
  secure(res);
  res
    .status(404)
    .type('html')
    .send(
      message(`${what} not found`, `This ${what.toLowerCase()} link is not valid. Check that it was copied in full.`),
    );
}

/**
 * Pages answer without an API key, so each client address gets a budget of them per minute (shared by
 * every kind of page, per replica) before anything reaches the database.
 */
export const pageBudget =
  (hits: PerAddressWindow): RequestHandler =>
  (req, res, next) => {
    const address = req.ip ?? 'unknown';
    const wait = hits.blockedFor(address);
    if (wait === 0) {
      hits.add(address);
      return next();
    }
    secure(res);
    res
      .status(429)
      .set('retry-after', String(wait))
      .type('html')
      .send(
        message('Too many requests', `Too many pages were opened from this address. Try again in ${wait} seconds.`),
      );
  };
