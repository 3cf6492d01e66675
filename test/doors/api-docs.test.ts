// The API's reference page, /api/v1/docs: the public OpenAPI document rendered by Scalar's bundle,
// served by the API itself (no CDN), opened in real headless Chromium under the page's own CSP. Nothing
// the page does is refused by that CSP or logged as an error, nothing is fetched from another origin,
// its search finds an operation, and a request sent from it goes to this API. A screenshot is left at
// /tmp/api-docs.png for review.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { after, test } from 'node:test';
import { publicSpec } from '@pageprobe/api';
import puppeteer, { type Page } from 'puppeteer-core';
import { startApiInProcess } from '../support/api-in-process.ts';
import { createTestEnv } from '../support/test-env.ts';

const SCREENSHOT = '/tmp/api-docs.png';
const env = await createTestEnv();
const { origin } = await startApiInProcess(env);
const docsUrl = `${origin}/api/v1/docs`;

// The bundle as installed for the API: what the page must be served.
const fromApi = createRequire(new URL('../../apps/api/package.json', import.meta.url));
const bundle = readFileSync(new URL('./browser/standalone.js', `file://${fromApi.resolve('@scalar/api-reference')}`));

const browser = await puppeteer.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  pipe: true,
  args: [
    ...['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'],
    ...['--disable-background-networking', '--disable-component-update', '--disable-sync'],
  ],
});
after(() => browser.close());

/** What a page did wrong: console errors, uncaught errors, CSP violations, requests leaving the origin. */
interface Watched {
  page: Page;
  consoleErrors: string[];
  violations: string[];
  elsewhere: string[];
  requests: string[];
}

async function openDocs(): Promise<Watched> {
  // A context of its own: nothing cached by an earlier page.
  const page = await (await browser.createBrowserContext()).newPage();
  await page.setViewport({ width: 1280, height: 900, deviceScaleFactor: 1 });
  const watched: Watched = { page, consoleErrors: [], violations: [], elsewhere: [], requests: [] };
  page.on('console', (m) => m.type() === 'error' && watched.consoleErrors.push(m.text()));
  page.on('pageerror', (e) => watched.consoleErrors.push(`uncaught: ${String(e)}`));
  page.on('request', (r) => {
    const url = r.url();
    watched.requests.push(`${r.method()} ${url}`);
    if (!url.startsWith(`${origin}/`) && !url.startsWith('data:') && !url.startsWith('blob:'))
      watched.elsewhere.push(url);
  });
  await page.exposeFunction('reportViolation', (v: string) => watched.violations.push(v));
  // In-page code as strings here: the tests are compiled without the DOM's types.
  await page.evaluateOnNewDocument(`document.addEventListener('securitypolicyviolation', (e) =>
    reportViolation(e.effectiveDirective + ' blocked ' + (e.blockedURI || 'inline') + ' at ' + e.sourceFile + ':' + e.lineNumber + ' ' + e.sample))`);
  const res = await page.goto(docsUrl, { waitUntil: 'networkidle0' });
  assert.equal(res?.status(), 200);
  // Rendered: the document's title, and the sidebar's operations.
  await page.waitForFunction(`document.body.innerText.includes('Pageprobe API')`, { timeout: 20_000 });
  return watched;
}

const searchButton = '::-p-xpath(//button[contains(., "Search")])';
/** The search's results, each as the text it shows. */
const RESULTS = `[...document.querySelectorAll('[role="option"]')].map((o) => o.innerText.replace(/\\s+/g, ' ').trim())`;

/** Types into the reference's search box; the results' texts once they name `expected`. */
async function search(page: Page, query: string, expected: string): Promise<string[]> {
  const input = await page.waitForSelector('input[role="combobox"]');
  await input!.click({ count: 3 });
  await page.keyboard.press('Backspace');
  await input!.type(query);
  await page.waitForFunction(`${RESULTS}.some((text) => text.includes(${JSON.stringify(expected)}))`, {
    timeout: 10_000,
  });
  return (await page.evaluate(RESULTS)) as string[];
}

test('GET /api/v1/docs needs no key: a page with its CSP (no eval, scripts and fetches only from here), its two scripts hashed, kept a year, gzipped', async () => {
  const res = await fetch(docsUrl);
  assert.equal(res.status, 200);
  assert.match(res.headers.get('content-type')!, /^text\/html/);
  const csp = res.headers.get('content-security-policy')!;
  const directives = new Map(csp.split(/;\s*/).map((d) => [d.split(' ')[0], d.split(' ').slice(1)]));
  assert.deepEqual(directives.get('default-src'), ["'none'"]);
  assert.deepEqual(directives.get('script-src'), ["'self'"]);
  assert.deepEqual(directives.get('connect-src'), ["'self'"]);
  assert.deepEqual(directives.get('frame-ancestors'), ["'none'"]);
  assert.doesNotMatch(csp, /unsafe-eval|https?:|\*/);
  assert.equal(res.headers.get('x-content-type-options'), 'nosniff');
  const html = await res.text();
  const scripts = [...html.matchAll(/<script src="([^"]+)"><\/script>/g)].map((m) => m[1]!);
  assert.equal(scripts.length, 2);
  assert.doesNotMatch(html.replace(/<script src="[^"]+"><\/script>/g, ''), /<script/, 'no inline script');

  for (const src of scripts) {
    assert.match(src, /^\/api\/v1\/docs\/assets\/[a-z-]+-[0-9a-f]{12}\.js$/);
    const plain = await fetch(`${origin}${src}`, { headers: { 'accept-encoding': 'identity' } });
    assert.equal(plain.status, 200);
    assert.match(plain.headers.get('content-type')!, /^text\/javascript/);
    assert.equal(plain.headers.get('cache-control'), 'public, max-age=31536000, immutable');
    assert.equal(plain.headers.get('content-encoding'), null);
    const body = Buffer.from(await plain.arrayBuffer());
    const etag = plain.headers.get('etag')!;
    assert.ok(etag.includes(src.slice(-15, -3)), `${etag} names the hash in ${src}`);
    const zipped = await fetch(`${origin}${src}`, { headers: { 'accept-encoding': 'gzip' } });
    assert.equal(zipped.headers.get('content-encoding'), 'gzip');
    assert.ok(Number(zipped.headers.get('content-length')) < body.length);
    assert.deepEqual(Buffer.from(await zipped.arrayBuffer()), body); // fetch unzipped it
    // As a browser revalidates (fetch alone would add `cache-control: no-cache`, which asks for the body).
    const again = await fetch(`${origin}${src}`, { headers: { 'if-none-match': etag, 'cache-control': 'max-age=0' } });
    assert.equal(again.status, 304);
    if (src.includes('/scalar-')) assert.ok(body.equals(bundle), "the installed package's bundle, as it is");
  }
});

test('openapi.json links the page (externalDocs, absolute like its server) and declares GET /docs open to all', async () => {
  const doc = (await (await fetch(`${origin}/api/v1/openapi.json`)).json()) as any;
  assert.equal(doc.externalDocs.url, docsUrl);
  assert.ok(doc.externalDocs.description);
  const op = doc.paths['/docs'].get;
  assert.deepEqual(op.security, []);
  assert.ok(op.responses['200'].content['text/html']);
});

test('in Chromium: rendered with no console error, no CSP violation and nothing fetched elsewhere; its search finds POST /tests', async () => {
  const { page, consoleErrors, violations, elsewhere, requests } = await openDocs();
  const createTest = (publicSpec.paths['/tests'] as any).post;
  assert.equal(createTest.operationId, 'createTest');
  const sidebar = (await page.evaluate('document.body.innerText')) as string;
  for (const tag of ['tests', 'monitors', 'status-pages', 'alert-channels', 'meta']) assert.ok(sidebar.includes(tag));
  assert.ok(sidebar.includes(createTest.summary));
  await page.screenshot({ path: SCREENSHOT });

  await page.locator(searchButton).click();
  // By path, then by operationId: each lists the operation under its summary, method and path.
  const isCreateTest = (text: string) =>
    text.includes(createTest.summary) && /\bPOST\b/.test(text) && /\/tests$/.test(text);
  for (const query of ['/tests', 'createTest']) {
    const results = await search(page, query, createTest.summary);
    assert.ok(results.some(isCreateTest), `${query}: ${JSON.stringify(results)}`);
  }
  // Chosen, it scrolls the page to the operation.
  await page.locator(`::-p-xpath(//*[@role="option"][contains(., "${createTest.summary}")])`).click();
  await page.waitForFunction('/POST\\/tests$/.test(decodeURIComponent(location.hash))', { timeout: 10_000 });
  await page.screenshot({ path: SCREENSHOT.replace('.png', '-search.png') });

  assert.deepEqual(violations, []);
  assert.deepEqual(consoleErrors, []);
  assert.deepEqual(elsewhere, []);
  assert.ok(requests.includes(`GET ${origin}/api/v1/openapi.json`), JSON.stringify(requests));
  await page.browserContext().close();
});

test('a request sent from the page ("Test Request", then Send) goes straight to this API, and its answer is shown', async () => {
  const { page, consoleErrors, violations, elsewhere, requests } = await openDocs();
  const answers: Array<{ url: string; status: number }> = [];
  page.on('response', (r) => answers.push({ url: r.url(), status: r.status() }));
  await page.locator(searchButton).click();
  const listLocations = (publicSpec.paths['/locations'] as any).get;
  await search(page, listLocations.operationId, listLocations.summary);
  await page.locator('::-p-xpath(//*[@role="option"][contains(., "/locations")])').click();
  await page.locator('::-p-xpath(//button[contains(., "Test Request") and contains(., "/locations")])').click();
  // The answer itself, not the text "401" (the operation's documented responses show it already).
  const answered = page.waitForResponse((r) => r.url().endsWith('/locations'), { timeout: 30_000 });
  await page.locator('::-p-xpath(//button[contains(., "Send")])').click();
  await answered;
  // No key typed in: the API's own 401, shown in the page.
  await page.waitForFunction(`document.body.innerText.includes('401')`, { timeout: 30_000 });
  assert.deepEqual(
    answers.filter((a) => a.url.endsWith('/locations')),
    [{ url: `${origin}/api/v1/locations`, status: 401 }],
  );
  assert.deepEqual(violations, []);
  // The one error logged is Chromium's own line about that 401.
  assert.deepEqual(
    consoleErrors.filter((e) => !/status of 401/.test(e)),
    [],
  );
  assert.deepEqual(elsewhere, [], JSON.stringify(requests));
  await page.browserContext().close();
});
