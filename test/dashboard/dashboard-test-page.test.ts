// Issue 60, item 5: a completed lighthouse test's page shows the page. A real lighthouse test (the
// browser worker in process) of a page this file serves, with a script from a second host name (a third
// party), then its dashboard page in Chromium: the final screenshot loads, the filmstrip's frames are
// there, the gauges say "Best practices", each metric has a rating word, the waterfall has a row per HAR
// entry and marks the third party, Lighthouse's report opens on a dashboard page with a way back, compare
// speaks in words; axe in light and dark, nothing sideways at 375 px. Screenshots in test/.artifacts/dashboard/.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ensureUser, hashPassword, setMembership } from '@pageprobe/accounts';
import { startTest, waitForTest } from '@pageprobe/testing';
import { axeAtBothWidths, signedIn, startBrowser, startDashboard } from '../support/dashboard.ts';
import { startApiApp } from '../support/app-process.ts';
import { startServer } from '../support/servers.ts';
import { startInProcess } from '../support/stack.ts';
import { teamWithKey } from '../support/teams.ts';
import { createTestEnv } from '../support/test-env.ts';

const env = await createTestEnv();
const thirdParty = await startServer((_req, res) =>
  res.writeHead(200, { 'content-type': 'text/javascript' }).end('document.body.dataset.third = "1";'),
);
// The third party by another host name than the page's (localhost, not 127.0.0.1): another site.
const thirdUrl = thirdParty.url.replace('127.0.0.1', 'localhost');
const site = await startServer((_req, res) =>
  res
    .writeHead(200, { 'content-type': 'text/html' })
    .end(
      `<!doctype html><html lang="en"><title>Shop</title><h1>A shop</h1><p>Hello</p><script src="${thirdUrl}/t.js"></script>`,
    ),
);
const common = { ALLOW_PRIVATE_TARGETS: 'true' };
const { origin: apiOrigin } = await startApiApp(env);
const [{ base }] = await Promise.all([
  startDashboard(env, { ...common, PUBLIC_BASE_URL: apiOrigin }),
  startInProcess(
    'worker-browser',
    env.appEnv({
      ...common,
      LIGHTHOUSE_MAX_WAIT_MS: '6000',
      LIGHTHOUSE_TIMEOUT_MS: '60000',
      PUBLIC_BASE_URL: apiOrigin,
    }),
  ),
]);
const browser = await startBrowser();
const { teamId, key } = await teamWithKey(env, { plan: 'pro', credits: 30 });
const PERSON = { email: 'tester@example.com', password: 'the tester passphrase' };
const user = await ensureUser(env.db, {
  email: PERSON.email,
  passwordHash: await hashPassword(PERSON.password),
  verified: true,
});
await setMembership(env.db, teamId, user.id, 'editor');

const run = async () => {
  const { id } = await startTest(apiOrigin, key, { url: `${site.url}/`, type: 'lighthouse', device: 'mobile' });
  const done = await waitForTest(apiOrigin, key, id, { timeoutMs: 180_000 });
  assert.equal(done.status, 'completed', JSON.stringify(done.error ?? null));
  return id as string;
};
const [first, second] = [await run(), await run()];
const { page } = await signedIn(browser, base, PERSON);

test("a lighthouse test's page: screenshot, filmstrip, gauges, rated metrics, waterfall", async () => {
  await page.setViewport({ width: 1280, height: 900 });
  await page.goto(`${base}/tests/${second}`);
  const shot = await page.waitForSelector('img[alt="The page when loading finished"]');
  await page.waitForFunction((img) => (img as unknown as { complete: boolean }).complete, {}, shot);
  assert.ok(
    (await shot!.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth)) > 0,
    'the screenshot loads',
  );
  assert.ok((await page.$$('ol.filmstrip img[loading="lazy"]')).length > 0, 'filmstrip frames');
  const gauges = await page.$$eval('li.gauge', (li) => li.map((l) => l.textContent ?? ''));
  assert.ok(
    gauges.some((g) => g.includes('Best practices')),
    gauges.join(' | '),
  );
  assert.ok(!(await page.content()).includes('best_practices'));
  for (const g of gauges) assert.match(g, /good|needs improvement|poor/);
  const metrics = await page.$$eval('li.metric', (li) => li.map((l) => l.textContent ?? ''));
  assert.ok(metrics.length >= 4, metrics.join(' | '));
  for (const m of metrics) assert.match(m, /good|needs improvement|poor/, m);
  assert.ok(metrics.some((m) => m.includes('Largest Contentful Paint')));

  // One row per HAR entry, the third party marked by a word and a shape.
  const artifact = await env.db.artifact.findFirstOrThrow({ where: { testId: second, kind: 'har' } });
  assert.ok(artifact);
  const har = await fetch(`${apiOrigin}/api/v1/tests/${second}/har`, { headers: { authorization: `Bearer ${key}` } });
  const entries = ((await har.json()) as { log: { entries: unknown[] } }).log.entries.length;
  assert.equal((await page.$$('svg.waterfall g.req')).length, entries);
  assert.ok((await page.$$('svg.waterfall g.req.third-party .third-party-mark')).length >= 1, 'the third party');
  assert.match(await page.$eval('details.waterfall-table', (d) => d.textContent ?? ''), /third party/);
  assert.ok(Number(await page.evaluate('document.documentElement.scrollWidth')) <= 1280);
  assert.deepEqual(await axeAtBothWidths(page, 'test-page'), []);
  await page.setViewport({ width: 375, height: 900 });
  assert.ok(Number(await page.evaluate('document.documentElement.scrollWidth')) <= 375, 'nothing sideways at 375 px');
});

test("Lighthouse's report on a dashboard page, with the way back", async () => {
  await page.setViewport({ width: 1280, height: 900 });
  await page.goto(`${base}/tests/${second}`);
  await Promise.all([page.waitForNavigation(), page.click('::-p-aria(Lighthouse’s full report)')]);
  assert.match(page.url(), new RegExp(`/tests/${second}/report$`));
  const frame = await page.waitForSelector('iframe.lighthouse-report');
  const content = await frame!.contentFrame();
  await content.waitForSelector('.lh-root, .lh-vars', { timeout: 30_000 });
  assert.deepEqual(await axeAtBothWidths(page, 'test-report'), []);
  await Promise.all([page.waitForNavigation(), page.click('::-p-aria([name="Back to the test"][role="link"])')]);
  assert.match(page.url(), new RegExp(`/tests/${second}$`));
});

test('compare in words: metric names, changes first, "within noise"', async () => {
  await page.setViewport({ width: 1280, height: 900 });
  await page.goto(`${base}/tests/${second}/compare?base=${first}`);
  const rows = await page.$$eval('table.compare-table tbody tr', (tr) =>
    tr.map((r) => [...r.children].map((c) => c.textContent?.trim() ?? '')),
  );
  const names = rows.map((r) => r[0]);
  assert.ok(names.includes('Largest Contentful Paint'), names.join(' | '));
  assert.ok(names.includes('Best practices score'), names.join(' | '));
  assert.ok(!names.some((n) => /_|vitals /.test(n!)), names.join(' | '));
  const order = rows.map((r) => ({ worse: 0, better: 1 })[r[4] as 'worse'] ?? 2);
  assert.deepEqual(order, [...order].sort(), 'worse, then better, then within noise');
  assert.ok(rows.some((r) => r[4] === 'within noise'));
  assert.ok(!rows.some((r) => r[4] === 'same'));
  assert.deepEqual(await axeAtBothWidths(page, 'test-compare'), []);
  await page.setViewport({ width: 375, height: 900 });
  assert.ok(Number(await page.evaluate('document.documentElement.scrollWidth')) <= 375);
});
