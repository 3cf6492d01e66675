// Issue 61, the beacon: the script real users' pages load. The API serves it (in this process); a page the
// harness serves carries the snippet snippetFor writes, pointing at the API; a real Chromium visits it.
// The page's LCP is an image served late and its button's click handler holds the main thread 300 ms: the
// beacon the browser sends when the page goes away (read from the browser's own requests: the ingest is
// not this file's) parses with beaconSchema, strictly, names the image and the button. A tiny sample rate
// sends nothing; query strings are dropped unless the snippet keeps them; a view restored from the
// back-forward cache is a view of its own; phones and tablets are told apart; the script's answers cache.
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { test } from 'node:test';
import { gunzipSync } from 'node:zlib';
import { type Beacon, beaconSchema, beaconScript, snippetFor } from '@pageprobe/rum';
import { type Browser, KnownDevices, type Page } from 'puppeteer-core';
import { startBrowser } from '../support/dashboard.ts';
import { frames, hide, idle, noisePng, seen } from '../support/rum-pages.ts';
import { startServer } from '../support/servers.ts';
import { startStack } from '../support/stack.ts';
import { createTestEnv } from '../support/test-env.ts';

const env = await createTestEnv();
const stack = await startStack(env, { apps: ['api'] });
const COLLECT = `${stack.origin}/rum/v1/collect`;

const hero = noisePng(320, 200);

const page = (snippet: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Shop</title>${snippet}</head><body>
<h1>Shop</h1><img id="hero" src="/hero.png" width="320" height="200" alt="Our shop">
<p><button id="add" type="button">Add to cart</button></p>
<script>
document.getElementById('add').addEventListener('click', (event) => {
  const end = performance.now() + 300;
  while (performance.now() < end) {}
  event.target.textContent = 'Added';
});
</script></body></html>`;

// Each path its snippet: /shop and / with every view sent, /kept keeping query strings, /rare at one view
// in a million.
const snippets: Record<string, string> = {
  '/': snippetFor({ siteKey: 'rum_pk_shop', sampleRate: 1, keepQueryStrings: false }, stack.origin),
  '/shop': snippetFor({ siteKey: 'rum_pk_shop', sampleRate: 1, keepQueryStrings: false }, stack.origin),
  '/kept': snippetFor({ siteKey: 'rum_pk_shop', sampleRate: 1, keepQueryStrings: true }, stack.origin),
  '/cached': snippetFor({ siteKey: 'rum_pk_shop', sampleRate: 1, keepQueryStrings: false }, stack.origin),
  '/rare': snippetFor({ siteKey: 'rum_pk_shop', sampleRate: 0.000001, keepQueryStrings: false }, stack.origin),
};
const site = await startServer((req, res) => {
  const path = new URL(req.url, 'http://x').pathname;
  if (path === '/hero.png')
    // Late: LCP waits for it, well after FCP (the heading).
    return void setTimeout(
      () => res.writeHead(200, { 'content-type': 'image/png', 'cache-control': 'no-store' }).end(hero),
      700,
    );
  if (path === '/away') return void res.writeHead(200, { 'content-type': 'text/html' }).end('<p>Elsewhere</p>');
  const snippet = snippets[path];
  if (snippet === undefined) return void res.writeHead(404).end();
  // /cached may be kept in the back-forward cache (no-store keeps Chromium from it).
  const cache = path === '/cached' ? 'max-age=0' : 'no-store';
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': cache }).end(page(snippet));
});

const browser: Browser = await startBrowser();

/** A tab whose POSTs to the collector are kept (the API answers 404 there: they are read as sent). */
async function tab(): Promise<{ page: Page; sent: string[] }> {
  const p = await browser.newPage();
  const sent: string[] = [];
  p.on('request', (r) => {
    if (r.url() === COLLECT && r.method() === 'POST') sent.push(r.postData() ?? '');
  });
  return { page: p, sent };
}

/** Loads `path` and waits until the image has painted and the beacon's observers are on. */
async function visit(p: Page, path: string): Promise<void> {
  await p.bringToFront();
  await p.goto(`${site.url}${path}`, { waitUntil: 'load' });
  // LCP's entry for the image is in.
  await p.waitForFunction(seen('largest-contentful-paint', '', "e.id === 'hero'"));
  await idle(p, 2500);
}

/** The tab's collector requests once there are `n` (or after 10 s), each parsed strictly by the schema. */
async function beacons(sent: string[], n: number): Promise<Beacon[]> {
  for (let i = 0; i < 100 && sent.length < n; i++) await new Promise((r) => setTimeout(r, 100));
  return sent.map((body) => beaconSchema.strict().parse(JSON.parse(body)));
}

test('a slow page sends one beacon when hidden, naming its LCP image and its slow button, and nothing more', async () => {
  const { page: p, sent } = await tab();
  await visit(p, '/shop?campaign=autumn&email=someone%40example.com');
  // The button pressed from the keyboard (a click to its handler). Not Puppeteer's mouse: Chromium's event
  // timing entries for the pointerdown and pointerup the DevTools protocol makes carry no target, and
  // web-vitals takes the interaction's target from them (the same with its own prebuilt script).
  await p.focus('#add');
  await p.keyboard.press('Enter');
  // The click's event timing entry is in (the handler held the main thread 300 ms)...
  await p.waitForFunction(seen('event', ', durationThreshold: 16', "e.name === 'click' && e.duration >= 250"));
  // ...and web-vitals has worked through it (its target is read then, while the page is shown).
  await idle(p, 1500);
  await hide(browser, p);
  const [beacon] = await beacons(sent, 1);
  assert.ok(beacon, 'no beacon was sent');
  // Strict at every level (beacons() parsed it so): nothing beyond the schema's fields.
  const body = JSON.parse(sent[0]!);
  assert.deepEqual(beaconSchema.strict().parse(body), body);
  assert.equal(beacon.site, 'rum_pk_shop');
  assert.equal(beacon.path, '/shop', 'query strings are dropped by default');
  assert.equal(beacon.navigation, 'navigate');
  assert.equal(beacon.device, 'desktop');
  const { vitals, attribution } = beacon;
  for (const metric of ['lcp_ms', 'inp_ms', 'fcp_ms', 'ttfb_ms'] as const)
    assert.ok(Number.isInteger(vitals[metric]), `${metric}: ${vitals[metric]}`);
  assert.ok(vitals.lcp_ms! >= 700, `LCP ${vitals.lcp_ms} ms: the image came 700 ms late`);
  assert.ok(vitals.lcp_ms! > vitals.fcp_ms!);
  assert.ok(vitals.inp_ms! >= 250, `INP ${vitals.inp_ms} ms`);
  assert.equal(typeof vitals.cls, 'number');
  assert.equal(attribution?.lcp?.target, '#hero');
  assert.equal(attribution?.inp?.target, '#add');
  assert.equal(attribution?.inp?.type, 'keyboard');
  assert.ok(attribution.inp.processing_duration_ms! >= 250, JSON.stringify(attribution.inp));
  assert.ok(attribution.lcp.resource_load_duration_ms! >= 600, JSON.stringify(attribution.lcp));
  console.log(`beacon (${sent[0]!.length} bytes): ${sent[0]}`);

  // Shown and hidden again: the same page view, not sent twice.
  await p.bringToFront();
  await hide(browser, p);
  assert.equal((await beacons(sent, 2)).length, 1, 'one beacon per page view');
  await p.close();
});

test('query strings are kept only when the snippet says data-query="keep"', async () => {
  const { page: p, sent } = await tab();
  await visit(p, '/kept?campaign=autumn');
  await hide(browser, p);
  await visit(p, '/?campaign=autumn');
  await hide(browser, p);
  const [kept, dropped] = await beacons(sent, 2);
  assert.equal(kept?.path, '/kept?campaign=autumn');
  assert.equal(dropped?.path, '/');
  await p.close();
});

test('a page view not sampled sends nothing: eight views at one in a million', async () => {
  const { page: p, sent } = await tab();
  for (let i = 0; i < 8; i++) {
    await visit(p, '/rare');
    await hide(browser, p);
  }
  // A sampled page in the same tab after them: its beacon arriving shows the rare ones had their chance.
  await visit(p, '/shop');
  await hide(browser, p);
  const all = await beacons(sent, 1);
  assert.deepEqual(
    all.map((b) => b.path),
    ['/shop'],
  );
  await p.close();
});

test('a page restored from the back-forward cache is a new page view, sent as back-forward-cache', async () => {
  const { page: p, sent } = await tab();
  await visit(p, '/cached');
  await hide(browser, p);
  await p.bringToFront();
  await p.goto(`${site.url}/away`, { waitUntil: 'load' });
  await p.goBack({ waitUntil: 'load' });
  // Restored (pageshow persisted), not loaded again: the site served /cached once.
  assert.equal(site.requests.filter((r) => r.url === '/cached').length, 1, 'not restored from the cache');
  // web-vitals gives the restored view its FCP two frames after the restore: four frames later it has.
  await frames(p, 4);
  await idle(p, 1500);
  await hide(browser, p);
  const [first, restored] = await beacons(sent, 2);
  assert.equal(first?.navigation, 'navigate');
  assert.equal(restored?.navigation, 'back-forward-cache');
  assert.equal(restored?.path, '/cached');
  // web-vitals measures a restored view from the restore: its FCP and LCP, in the frames after it.
  assert.ok(Number.isInteger(restored.vitals.fcp_ms), JSON.stringify(restored.vitals));
  await p.close();
});

test('the device class: a phone is mobile, a tablet is tablet (emulated: touch, screen, mobile hint)', async () => {
  const classes: string[] = [];
  for (const device of [KnownDevices['Pixel 5'], KnownDevices['iPad Mini']]) {
    const { page: p, sent } = await tab();
    await p.emulate(device);
    await visit(p, '/shop');
    await hide(browser, p);
    const [beacon] = await beacons(sent, 1);
    classes.push(beacon?.device ?? 'none');
    await p.close();
  }
  assert.deepEqual(classes, ['mobile', 'tablet']);
});

/** A raw GET (fetch would ask for and undo gzip itself). */
function get(path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>(
    (resolve, reject) => {
      request(`${stack.origin}${path}`, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      })
        .on('error', reject)
        .end();
    },
  );
}

test('the script is served without a key, cacheable for an hour, revalidated by its strong ETag, gzipped when asked', async () => {
  const plain = await get('/rum/v1/beacon.js');
  assert.equal(plain.status, 200);
  assert.ok(plain.body.equals(beaconScript()));
  assert.equal(plain.headers['content-type'], 'text/javascript; charset=utf-8');
  assert.equal(plain.headers['cache-control'], 'public, max-age=3600');
  assert.equal(plain.headers['access-control-allow-origin'], '*');
  assert.equal(plain.headers['cross-origin-resource-policy'], 'cross-origin');
  assert.equal(plain.headers['content-encoding'], undefined);
  const etag = plain.headers.etag as string;
  assert.match(etag, /^"[A-Za-z0-9_-]+"$/, 'a strong ETag');

  const again = await get('/rum/v1/beacon.js', { 'if-none-match': etag });
  assert.equal(again.status, 304);
  assert.equal(again.body.length, 0);
  assert.equal(again.headers.etag, etag);

  const zipped = await get('/rum/v1/beacon.js', { 'accept-encoding': 'gzip, br' });
  assert.equal(zipped.status, 200);
  assert.equal(zipped.headers['content-encoding'], 'gzip');
  assert.equal(zipped.headers.vary, 'Accept-Encoding');
  assert.ok(gunzipSync(zipped.body).equals(beaconScript()));
  assert.notEqual(zipped.headers.etag, etag, 'the gzipped bytes are another representation');
  console.log(`beacon.js: ${plain.body.length} bytes, ${zipped.body.length} gzipped as served`);
  const zippedAgain = await get('/rum/v1/beacon.js', {
    'accept-encoding': 'gzip',
    'if-none-match': zipped.headers.etag as string,
  });
  assert.equal(zippedAgain.status, 304);
  // A changed script (another tag) is sent whole.
  assert.equal((await get('/rum/v1/beacon.js', { 'if-none-match': '"stale"' })).status, 200);
});
