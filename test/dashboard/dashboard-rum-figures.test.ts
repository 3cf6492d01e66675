// Issue 61: a RUM site's figures in the dashboard. Page views recorded into the rollups as the ingest
// records them, and what made them slow: the site's figures page shows each metric's p75 (as the API
// computes it), its category and shares in words, the lab's line from the site's lighthouse monitor, a
// split by device as a table, and the attribution's slow element with its phases. Another team's site is
// not found. axe finds nothing at 375 and 1280 px in either theme; screenshots in test/.artifacts.
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { ensureUser, hashPassword, setMembership } from '@pageprobe/accounts';
import { createPool } from '@pageprobe/db';
import { addPageView, emptyRumRollup, recordRumRollups } from '@pageprobe/rum';
import { ensurePartitions, recordRollups } from '@pageprobe/test-lifecycle';
import { startApiInProcess } from '../support/api-in-process.ts';
import { axeAtBothWidths, sidewaysScroll, signedIn, startBrowser, startDashboard } from '../support/dashboard.ts';
import { call } from '../support/http.ts';
import { teamWithKey } from '../support/teams.ts';
import { createTestEnv } from '../support/test-env.ts';

const HOUR = 3600_000;
const env = await createTestEnv();
const pool = createPool(env.databaseUrl, { size: 2 });
after(() => pool.end());
const { origin } = await startApiInProcess(env);
const { base } = await startDashboard(env, { PUBLIC_BASE_URL: origin });
const browser = await startBrowser();
const { teamId, key } = await teamWithKey(env, { plan: 'pro' });
const other = await teamWithKey(env, { plan: 'pro' });
const VIEWER = { email: 'rum-viewer@example.com', password: 'the viewer passphrase' };
const viewer = await ensureUser(env.db, {
  email: VIEWER.email,
  passwordHash: await hashPassword(VIEWER.password),
  verified: true,
});
await setMembership(env.db, teamId, viewer.id, 'viewer');

const site = await env.db.rumSite.create({
  data: { teamId, name: 'Shop', siteKey: 'rum-dash-shop', origins: ['https://shop.example.com'] },
});
const foreign = await env.db.rumSite.create({
  data: { teamId: other.teamId, name: 'Theirs', siteKey: 'rum-dash-theirs', origins: [] },
});
const hour = Math.floor(Date.now() / HOUR) * HOUR - HOUR;
await ensurePartitions(pool, new Date(hour - 2 * 86_400_000), new Date(Date.now() + 86_400_000));

// 600 page views over the last hour: mobile slow to paint, desktop quick.
await recordRumRollups(
  pool,
  Array.from({ length: 600 }, (_, i) => {
    const device = i % 3 === 0 ? 'desktop' : 'mobile';
    const lcp = device === 'mobile' ? 2600 + (i % 50) * 40 : 1200 + (i % 40) * 20;
    return {
      siteId: site.id,
      plan: 'pro' as const,
      at: new Date(hour + (i % 60) * 60_000),
      pageGroup: i % 4 === 0 ? 'checkout' : 'product',
      device,
      country: i % 5 === 0 ? 'DE' : 'US',
      rollup: addPageView(emptyRumRollup(), {
        lcp_ms: lcp,
        cls: (i % 10) / 50,
        fcp_ms: lcp * 0.6,
        ttfb_ms: 300 + (i % 30) * 10,
        ...(i % 2 ? { inp_ms: 120 + (i % 20) * 20 } : {}),
      }),
    };
  }),
);
await pool.query(
  `INSERT INTO monitoring.rum_attribution (site_id, at, plan, metric, page_group, target, n, slow, value_sum, phases)
   VALUES ($1, $2, 'pro', 'lcp_ms', 'product', 'main > picture.hero > img', 400, 350, 1360000,
           '{"ttfb_ms": 160000, "resource_load_delay_ms": 120000, "resource_load_duration_ms": 960000, "element_render_delay_ms": 120000}'),
          ($1, $2, 'pro', 'inp_ms', 'checkout', 'button#pay', 150, 90, 52500,
           '{"input_delay_ms": 4500, "processing_duration_ms": 40500, "presentation_delay_ms": 7500}')`,
  [site.id, new Date(hour)],
);
const lab = await env.db.monitor.create({
  data: {
    teamId,
    type: 'lighthouse',
    name: 'Shop home',
    url: 'https://shop.example.com/',
    device: 'mobile',
    intervalSeconds: 3600,
  },
});
await env.db.$transaction((tx) =>
  recordRollups(tx, [
    { monitorId: lab.id, plan: 'pro', at: new Date(hour + 5 * 60_000), ok: true, values: { lcp_ms: 2400, cls: 0.02 } },
    { monitorId: lab.id, plan: 'pro', at: new Date(hour + 45 * 60_000), ok: true, values: { lcp_ms: 2600, cls: 0.02 } },
  ]),
);

const { page } = await signedIn(browser, base, VIEWER);
/** A section's words as laid out (a table's cells apart), by its heading's id. */
const sectionText = (id: string) =>
  page.$eval(`#${id}`, (h) => (h.closest('section') as unknown as { innerText: string }).innerText);

test("a site's figures: each metric's p75 as the API reads it, lab's line, the split, and what made LCP slow", async () => {
  const series = await call<any>(
    `${origin}/api/v1/rum/sites/${site.id}/series?metric=lcp_ms&by=device&from=${new Date(Date.now() - 24 * HOUR).toISOString()}`,
    { token: key },
  );
  assert.equal(series.status, 200);
  const p75 = series.body.summary.p75 as number;

  await page.goto(`${base}/rum/${site.id}?by=device`);
  const lcp = await sectionText('rum-lcp_ms');
  assert.match(lcp, new RegExp(`p75 ${(p75 / 1000).toFixed(1)} s`));
  assert.match(lcp, /Needs improvement|Poor|Good/);
  assert.match(lcp, /Good \d+%\s+Needs improvement \d+%\s+Poor \d+%/);
  // The chart's lines: each device's p75 (split), with the thresholds; the split's table has both devices.
  const legend = await page.$eval('#rum-lcp_ms-chart figcaption', (f) => f.textContent);
  assert.match(legend!, /mobile p75/);
  assert.match(legend!, /desktop p75/);
  const rows = await page.$$eval(
    '#rum-lcp_ms ~ .scroll table.rum-splits tbody th, section:has(#rum-lcp_ms) table.rum-splits tbody th',
    (ths) => [...new Set(ths.map((t) => t.textContent))],
  );
  assert.deepEqual(rows, ['mobile', 'desktop']);
  const mobile = series.body.splits.find((s: any) => s.value === 'mobile').summary;
  assert.match(lcp, new RegExp(`mobile\\s+${mobile.page_views}\\s+${(mobile.p75 / 1000).toFixed(1)} s`));

  // What made LCP slow: the hero image, 88% of its page views slow, its load duration the longest phase.
  const why = await sectionText('rum-why-lcp_ms');
  assert.match(why, /main > picture\.hero > img\s+400\s+88%\s+3\.4 s/);
  assert.match(why, /resource load duration 2\.4 s/);
  assert.match(await sectionText('rum-why-inp_ms'), /What made INP slow[\s\S]*button#pay\s+150\s+60%/);
  // INP has no lab figure, and says so.
  assert.match(await sectionText('rum-inp_ms'), /INP has no lab figure/);

  // Without a split: the lab's line beside the real users' p75, p50 and p95.
  await page.goto(`${base}/rum/${site.id}`);
  const plain = await page.$eval('#rum-lcp_ms-chart figcaption', (f) => f.textContent);
  assert.match(plain!, /Real users p75.*Lab \(Shop home\).*p50.*p95/s);
  assert.deepEqual(await axeAtBothWidths(page, 'rum-figures'), []);
  await page.setViewport({ width: 375, height: 900 });
  assert.equal(await sidewaysScroll(page), 0);
  await page.setViewport({ width: 1280, height: 900 });
});

test("another team's site is not found", async () => {
  const res = await page.goto(`${base}/rum/${foreign.id}`);
  assert.equal(res!.status(), 404);
});
