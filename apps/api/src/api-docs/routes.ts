import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { html } from '@pageprobe/html';
import { type Request, type Response, Router } from 'express';

/**
 * GET /docs: the public OpenAPI document as a reference page, rendered in the browser by Scalar
 * (@scalar/api-reference) from this origin's own copy of its standalone bundle, no CDN.
 *
 * Its CSP, and why it is looser than the reports' (page-security.ts): the bundle injects its styles as
 * `<style>` elements and `style` attributes, from Vue and from libraries of its own, only some of them
 * taking a nonce, so styles need 'unsafe-inline'. Nothing else is loosened: scripts only from this
 * origin (no inline script, no eval: see docs-page.js), fetches (the document, and requests sent from
 * the page with a user's key) only to this origin, images from here or data: URLs, no fonts, no frames,
 * no forms, and the page cannot be framed.
 */
export const DOCS_CSP =
  "default-src 'none'; script-src 'self'; style-src 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/** A file served at a name carrying its content's hash, so it can be kept for a year. */
interface Asset {
  name: string;
  body: Buffer;
  etag: string;
  gzipped?: Promise<Buffer>;
}

function asset(stem: string, body: Buffer): Asset {
  const hash = createHash('sha256').update(body).digest('hex').slice(0, 12);
  // Weak: the same tag names the gzipped and the plain bytes.
  return { name: `${stem}-${hash}.js`, body, etag: `W/"${hash}"` };
}

// Read once at start. The package exports no path to its browser bundle: it lies beside its main module.
const SCALAR = asset(
  'scalar',
  readFileSync(new URL('./browser/standalone.js', import.meta.resolve('@scalar/api-reference'))),
);
const PAGE_SCRIPT = asset('docs-page', readFileSync(new URL('./docs-page.js', import.meta.url)));

const page = (base: string) =>
  html`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Pageprobe API reference</title><link rel="icon" href="data:,"></head>
<body><noscript><p>This page needs JavaScript. The document it shows: <a href="${base}/openapi.json">${base}/openapi.json</a>.</p></noscript>
<div id="reference" data-url="${base}/openapi.json"></div>
<script src="${base}/docs/assets/${PAGE_SCRIPT.name}"></script>
<script src="${base}/docs/assets/${SCALAR.name}"></script>
</body></html>`.value;

function sendAsset(req: Request, res: Response, file: Asset): void {
  res.set({
    'cache-control': 'public, max-age=31536000, immutable',
    'content-type': 'text/javascript; charset=utf-8',
    'x-content-type-options': 'nosniff',
    'cross-origin-resource-policy': 'same-origin',
    etag: file.etag,
    vary: 'Accept-Encoding',
  });
  if (req.fresh) {
    res.status(304).end();
    return;
  }
  // Scalar's bundle is 4 MB, about 1 MB gzipped: compressed once, on the first request that takes it.
  if (!req.acceptsEncodings('gzip')) {
    res.send(file.body);
    return;
  }
  file.gzipped ??= promisify(gzip)(file.body, { level: 9 });
  file.gzipped.then(
    (body) => res.set('content-encoding', 'gzip').send(body),
    (err: unknown) => res.destroy(err as Error),
  );
}

/** The reference page and its two scripts, all served without a key (like /openapi.json). */
export function apiDocsRoutes(): Router {
  const router = Router();
  router.get('/docs', (req, res) => {
    res
      .set({
        'content-security-policy': DOCS_CSP,
        'x-content-type-options': 'nosniff',
        'referrer-policy': 'no-referrer',
        'cross-origin-opener-policy': 'same-origin',
        'cross-origin-resource-policy': 'same-origin',
        // Revalidated each time (its ETag): a new release names new scripts.
        'cache-control': 'no-cache',
      })
      .type('html')
      .send(page(req.baseUrl));
  });
  for (const file of [SCALAR, PAGE_SCRIPT]) {
    router.get(`/docs/assets/${file.name}`, (req, res) => sendAsset(req, res, file));
  }
  return router;
}
