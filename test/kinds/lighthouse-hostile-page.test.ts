// Issue 44 item 6: the tested page cannot write into our result. A page that overwrites what the INP
// attribution collects with invented frames and junk, and records 1,000 User Timing marks with
// 10,000-character names, in one user flow on the real worker and Chromium (a flow: one Lighthouse run).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { startTest, waitForTest } from '@pageprobe/testing';
import { startApiApp, startApp } from '../support/app-process.ts';
import { startServer } from '../support/servers.ts';
import { teamWithKey } from '../support/teams.ts';
import { createTestEnv } from '../support/test-env.ts';

const env = await createTestEnv();
const html = (body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Hostile</title></head><body>${body}</body></html>`;
/** The click handler's name: longer than the 200 characters a script's text keeps. */
const handler = `openMenu${'_'.repeat(292)}`;
const site = await startServer((req, res) => {
  if (req.url === '/hostile')
    return res.writeHead(200, { 'content-type': 'text/html' }).end(
      html(`<h1>Hostile</h1><button id="menu">Menu</button><script>
        for (let i = 0; i < 1000; i++) performance.mark(i + '-' + 'n'.repeat(10000));
        // What the old watcher read from the page's own global: frames the page made up, and junk.
        const invented = [
          { url: 'https://invented.test/evil.js', function: 'invented', invoker: 'x'.repeat(100000), duration_ms: 99999 },
          { url: 42, function: ['wrong'], invoker: {}, duration_ms: '7' },
          'y'.repeat(1000000),
        ];
        Object.defineProperty(globalThis, '__pageprobeFrames', { get: () => invented, set() {}, configurable: false });
      </script><script src="/menu.js"></script>`),
    );
  if (req.url === '/menu.js')
    return res.writeHead(200, { 'content-type': 'application/javascript' }).end(`function ${handler}() {
  const end = performance.now() + 300;
  while (performance.now() < end) {}
  globalThis.__pageprobeFrames = 'z'.repeat(1000000);
}
document.getElementById("menu").addEventListener("click", ${handler});`);
  res.writeHead(404).end();
});

const { origin } = await startApiApp(env);
await startApp(
  'worker-browser',
  env.appEnv({
    ALLOW_PRIVATE_TARGETS: 'false',
    ALLOW_TARGETS: new URL(site.url).host,
    // Room for the 10 MB of marks on a loaded machine: at the wait's end Lighthouse asks the page
    // for one answer in a second and calls it hung without one.
    LIGHTHOUSE_MAX_WAIT_MS: '20000',
    BROWSER_TEST_TYPES: 'lighthouse',
    PUBLIC_BASE_URL: origin,
  }),
);
const { key } = await teamWithKey(env, { credits: 5 });

test('a hostile page: INP attribution holds only what the browser saw, User Timing at most 50 names of 100 characters, and the result says what was cut', async () => {
  const { id } = await startTest(origin, key, {
    url: `${site.url}/hostile`,
    type: 'lighthouse',
    steps: [
      { type: 'start_timespan', name: 'open the menu' },
      { type: 'click', selector: '#menu' },
      { type: 'wait', ms: 1500 },
      { type: 'end_timespan' },
    ],
  } as never);
  const t = await waitForTest<Record<string, any> & { status: string }>(origin, key, id, { timeoutMs: 150_000 });
  assert.equal(t.status, 'completed', JSON.stringify(t.error));

  // The scripts are the page's real handler, its name cut, its duration the one Chromium measured.
  const timespan = t.result.steps.find((s: any) => s.type === 'end_timespan');
  const { scripts } = timespan.interaction.attribution;
  assert.ok(scripts.length >= 1, JSON.stringify(timespan));
  for (const s of scripts) {
    assert.equal(s.url, `${site.url}/menu.js`, JSON.stringify(s));
    assert.ok(s.duration_ms >= 0 && s.duration_ms < 5000, JSON.stringify(s));
    for (const text of [s.url, s.function, s.invoker]) assert.ok(text === null || text.length <= 200);
  }
  assert.equal(scripts[0].function, `${handler.slice(0, 199)}…`);
  assert.ok(scripts[0].duration_ms >= 290, JSON.stringify(scripts[0]));
  const body = JSON.stringify(t);
  for (const made of ['invented', 'xxxxxxxxxx', 'yyyyyyyyyy', 'zzzzzzzzzz'])
    assert.ok(!body.includes(made), `${made} reached the result`);

  // The first 50 marks Lighthouse lists, each name cut to 100 characters, and what was cut.
  const timings = t.result.user_timings as Array<Record<string, any>>;
  assert.equal(timings.length, 50);
  for (const u of timings) {
    assert.equal(u.kind, 'mark');
    assert.match(u.name, /^\d+-n+$/);
    assert.equal(u.name.length, 100);
  }
  // Lighthouse lists what Chromium's trace kept of the 1,000 (all of them on a quiet machine, about half
  // under load): every one past the first 50 is counted as dropped, and each kept name was cut.
  const { dropped, names_cut } = t.result.user_timings_truncated;
  assert.equal(names_cut, 50);
  assert.ok(dropped > 0 && dropped <= 950, `dropped ${dropped}`);
  // 1,000 names of 10,000 characters are 10 MB; what the API answers stays small.
  assert.ok(body.length < 100_000, `${body.length} characters`);
});
