import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { beaconScript } from '@pageprobe/rum';
import { Router } from 'express';

/**
 * GET /rum/v1/beacon.js (issue 61): the real-user monitoring script the sites' pages load (the snippet,
 * snippetFor in @pageprobe/rum). At the root, not under /api/v1, and without a key: any page on any origin
 * loads it.
 *
 * Kept an hour by browsers and CDNs (its address never changes, so a new release reaches pages within the
 * hour), then revalidated by its ETag (a 304, no body). Two representations, so two strong tags: the
 * bytes, and the same bytes gzipped (compressed once, here: the app compresses nothing else for it).
 * Cross-origin by nature: `cross-origin-resource-policy: cross-origin` so a page with COEP can load it,
 * `access-control-allow-origin: *` for a page that loads it with `crossorigin`, and
 * `timing-allow-origin: *` so the page's own measurements see what the script costs it.
 */
export function beaconRoute(): Router {
  const plain = beaconScript();
  const gzipped = gzipSync(plain, { level: 9 });
  const hash = createHash('sha256').update(plain).digest('base64url').slice(0, 22);
  const shared = {
    'content-type': 'text/javascript; charset=utf-8',
    'cache-control': 'public, max-age=3600',
    'access-control-allow-origin': '*',
    'cross-origin-resource-policy': 'cross-origin',
    'timing-allow-origin': '*',
    'x-content-type-options': 'nosniff',
    vary: 'Accept-Encoding',
  };
  return Router().get('/rum/v1/beacon.js', (req, res) => {
    const gzip = req.acceptsEncodings('gzip') === 'gzip';
    res.set({ ...shared, etag: gzip ? `"${hash}-gz"` : `"${hash}"` });
    if (req.fresh) {
      res.status(304).end();
      return;
    }
    if (gzip) res.set('content-encoding', 'gzip');
    res.send(gzip ? gzipped : plain);
  });
}
