// Issue 61, reading real users' figures: a site's page views recorded into the rollups as the ingest
// records them (recordRumRollups, thousands of page views with values chosen here), read back through
// GET /rum/sites/{id}/series and /attribution. The p50, p75 and p95 are within a histogram bucket's width
// of the exact ones computed from the same values, the shares are exact, splits by device, country and
// page group add up to the whole, and the minute, hour and day levels (chosen by the span asked) agree.
// The site's lighthouse monitor gives the lab's line and CrUX (a fake of its API) the field's; a deploy
// is an annotation. Another team's site is 404, bad queries 400.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { after, test } from 'node:test';
import { createPool } from '@pageprobe/db';
import { addPageView, emptyRumRollup, type RumBucket, type RumMetric, rate, recordRumRollups } from '@pageprobe/rum';
import { cruxHistoryBody, startFakeCrux } from '@pageprobe/testing';
import { ensurePartitions, HISTOGRAM_GROWTH, recordRollups } from '@pageprobe/test-lifecycle';
import { startApiInProcess } from '../support/api-in-process.ts';
import { assertProblem, call } from '../support/http.ts';
import { teamWithKey } from '../support/teams.ts';
import { createTestEnv } from '../support/test-env.ts';

const HOUR = 3600_000;
const DAY = 24 * HOUR;
const env = await createTestEnv();
const pool = createPool(env.databaseUrl, { size: 2 });
after(() => pool.end());
const crux = await startFakeCrux();
after(() => crux.close());
const { origin } = await startApiInProcess(env, {
  RATE_LIMIT_READS_PER_MIN: '100000',
  CRUX_API_KEY: 'crux-rum-key-5e1a',
  CRUX_API_URL: crux.url,
});
const api = `${origin}/api/v1`;
const { key, teamId } = await teamWithKey(env, { plan: 'pro' });
const other = await teamWithKey(env, { plan: 'pro' });

type Json = Record<string, any>;
const get = (path: string, token = key) => call<Json>(`${api}${path}`, { token });
const ok = async (path: string) => {
  const res = await get(path);
  assert.equal(res.status, 200, `${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
};

// Every page view falls in one hour two hours ago (H), so a minute-level read of that hour, an
// hour-level read of days around it and a day-level read of months hold the same page views.
const H = Math.floor(Date.now() / HOUR) * HOUR - 2 * HOUR;
await ensurePartitions(pool, new Date(H - 70 * DAY), new Date(Date.now() + DAY));

const site = await env.db.rumSite.create({
  data: { teamId, name: 'Shop', siteKey: 'rum-read-shop', origins: ['https://shop.example.com'] },
});
const foreign = await env.db.rumSite.create({
  data: { teamId: other.teamId, name: 'Theirs', siteKey: 'rum-read-theirs', origins: ['https://theirs.example'] },
});

// 3,000 page views from a seeded generator: mobile slower than desktop, three countries, three groups.
let seed = 61;
const random = () => {
  seed = (seed * 1103515245 + 12345) % 2 ** 31;
  return seed / 2 ** 31;
};
const DEVICES = ['mobile', 'mobile', 'desktop', 'tablet'] as const;
const COUNTRIES = ['DE', 'US', 'US', 'XX', 'FR'] as const;
const GROUPS = ['home', 'product', 'product', 'other'] as const;
interface View {
  minute: number;
  device: string;
  country: string;
  group: string;
  vitals: Partial<Record<RumMetric, number>>;
}
const views: View[] = Array.from({ length: 3000 }, () => {
  const device = DEVICES[Math.floor(random() * DEVICES.length)]!;
  const slow = device === 'mobile' ? 1.8 : 1;
  const vitals: Partial<Record<RumMetric, number>> = {
    lcp_ms: Math.round((800 + random() * 3000) * slow),
    cls: Number((random() * random() * 0.4).toFixed(3)),
    fcp_ms: Math.round((500 + random() * 1800) * slow),
    ttfb_ms: Math.round(80 + random() * 900),
  };
  // Not every page view has an interaction.
  if (random() < 0.6) vitals.inp_ms = Math.round(40 + random() * random() * 700);
  return {
    minute: Math.floor(random() * 60),
    device,
    country: COUNTRIES[Math.floor(random() * COUNTRIES.length)]!,
    group: GROUPS[Math.floor(random() * GROUPS.length)]!,
    vitals,
  };
});
const buckets: RumBucket[] = views.map((v) => ({
  siteId: site.id,
  plan: 'pro',
  at: new Date(H + v.minute * 60_000 + 1_000),
  pageGroup: v.group,
  device: v.device,
  country: v.country,
  rollup: addPageView(emptyRumRollup(), v.vitals),
}));
// As the ingest flushes: in batches, each summed per minute and key.
for (let i = 0; i < buckets.length; i += 500) await recordRumRollups(pool, buckets.slice(i, i + 500));
// The other team's site has page views too: never read through this team's key.
await recordRumRollups(pool, [{ ...buckets[0]!, siteId: foreign.id }]);

/** The exact figures of some page views' metric: ⌈q·n⌉-th smallest, shares by the thresholds. */
function exact(metric: RumMetric, of: View[]) {
  const values = of.flatMap((v) => (v.vitals[metric] === undefined ? [] : [v.vitals[metric]!])).sort((a, b) => a - b);
  const q = (p: number) => values[Math.max(1, Math.ceil(p * values.length)) - 1]!;
  const count = (r: string) => values.filter((v) => rate(metric, v) === r).length;
  return {
    page_views: values.length,
    p50: q(0.5),
    p75: q(0.75),
    p95: q(0.95),
    good: count('good') / values.length,
    needs_improvement: count('needs_improvement') / values.length,
    poor: count('poor') / values.length,
  };
}

/** Percentiles within a bucket's width of the exact ones; page views and shares exactly. */
function assertNear(got: Json, want: ReturnType<typeof exact>, what: string) {
  assert.equal(got.page_views, want.page_views, `${what}: page views`);
  for (const p of ['p50', 'p75', 'p95'] as const) {
    const ratio = got[p] / want[p];
    assert.ok(
      ratio <= HISTOGRAM_GROWTH && ratio >= 1 / HISTOGRAM_GROWTH,
      `${what}: ${p} ${got[p]} is not within a bucket of ${want[p]}`,
    );
  }
  for (const r of ['good', 'needs_improvement', 'poor'] as const) assert.equal(got[r], want[r], `${what}: ${r}`);
}

const iso = (ms: number) => new Date(ms).toISOString();
const hourQuery = `from=${iso(H)}&to=${iso(H + HOUR - 1)}`;

test("a metric's p50, p75, p95 within a bucket of the exact ones, shares exact, every level agreeing", async () => {
  for (const metric of ['lcp_ms', 'inp_ms', 'cls', 'fcp_ms', 'ttfb_ms'] as const) {
    const want = exact(metric, views);
    const minutes = await ok(`/rum/sites/${site.id}/series?metric=${metric}&${hourQuery}`);
    assert.equal(minutes.resolution, 'minute');
    assert.equal(minutes.metric, metric);
    assertNear(minutes.summary, want, `${metric} over the hour`);
    // A point per minute that had page views; their page views add up to the hour's.
    assert.equal(
      minutes.points.length,
      new Set(views.filter((v) => v.vitals[metric] !== undefined).map((v) => v.minute)).size,
    );
    assert.equal(
      minutes.points.reduce((t: number, p: Json) => t + p.page_views, 0),
      want.page_views,
    );
    const firstMinute = Math.min(...views.map((v) => v.minute));
    assertNear(
      minutes.points[0],
      exact(
        metric,
        views.filter((v) => v.minute === firstMinute),
      ),
      `${metric}'s first minute`,
    );

    const hours = await ok(`/rum/sites/${site.id}/series?metric=${metric}&from=${iso(H - 2 * DAY)}&to=${iso(H + DAY)}`);
    assert.equal(hours.resolution, 'hour');
    assert.equal(hours.points.length, 1);
    assert.equal(hours.points[0].at, iso(H));
    const days = await ok(
      `/rum/sites/${site.id}/series?metric=${metric}&from=${iso(H - 60 * DAY)}&to=${iso(H + HOUR)}`,
    );
    assert.equal(days.resolution, 'day');
    assert.equal(days.points.length, 1);
    // The same histograms merged at every level: the same figures.
    assert.deepEqual(hours.summary, minutes.summary, `${metric}: hours agree with minutes`);
    assert.deepEqual(days.summary, minutes.summary, `${metric}: days agree with minutes`);
  }
});

test('splits by device, country and page group add up; a filter is its split', async () => {
  const whole = await ok(`/rum/sites/${site.id}/series?metric=lcp_ms&${hourQuery}`);
  for (const by of ['device', 'country', 'page_group'] as const) {
    const split = await ok(`/rum/sites/${site.id}/series?metric=lcp_ms&${hourQuery}&by=${by}`);
    assert.equal(split.by, by);
    assert.deepEqual(split.summary, whole.summary);
    const field = { device: 'device', country: 'country', page_group: 'group' } as const;
    const values = [...new Set(views.map((v) => v[field[by]]))];
    assert.deepEqual(split.splits.map((s: Json) => s.value).sort(), values.sort(), `${by}: a split per value`);
    // Most page views first.
    const counts = split.splits.map((s: Json) => s.summary.page_views);
    assert.deepEqual(
      counts,
      [...counts].sort((a: number, b: number) => b - a),
    );
    assert.equal(
      split.splits.reduce((t: number, s: Json) => t + s.summary.page_views, 0),
      whole.summary.page_views,
    );
    for (const s of split.splits)
      assertNear(
        s.summary,
        exact(
          'lcp_ms',
          views.filter((v) => v[field[by]] === s.value),
        ),
        `${by} ${s.value}`,
      );
    // Each minute's points across the splits add up to the minute's.
    for (const point of whole.points) {
      const sum = split.splits.reduce(
        (t: number, s: Json) => t + (s.points.find((p: Json) => p.at === point.at)?.page_views ?? 0),
        0,
      );
      assert.equal(sum, point.page_views, `${by} at ${point.at}`);
    }
  }
  // The top two countries apart, the rest as `other`.
  const top = await ok(`/rum/sites/${site.id}/series?metric=lcp_ms&${hourQuery}&by=country&top=2`);
  assert.deepEqual(top.splits.map((s: Json) => s.value).slice(0, 1), ['US']);
  assert.equal(top.splits.length, 3);
  assert.equal(top.splits[2].value, 'other');
  assert.equal(
    top.splits[2].summary.page_views,
    views.filter((v) => !top.splits.slice(0, 2).some((s: Json) => s.value === v.country)).length,
  );

  const mobile = await ok(`/rum/sites/${site.id}/series?metric=lcp_ms&${hourQuery}&device=mobile`);
  assert.deepEqual(mobile.filters, { device: 'mobile' });
  const byDevice = await ok(`/rum/sites/${site.id}/series?metric=lcp_ms&${hourQuery}&by=device`);
  assert.deepEqual(mobile.summary, byDevice.splits.find((s: Json) => s.value === 'mobile').summary);
  assertNear(
    mobile.summary,
    exact(
      'lcp_ms',
      views.filter((v) => v.device === 'mobile'),
    ),
    'mobile',
  );
  const germanHome = await ok(`/rum/sites/${site.id}/series?metric=lcp_ms&${hourQuery}&country=DE&page_group=home`);
  assertNear(
    germanHome.summary,
    exact(
      'lcp_ms',
      views.filter((v) => v.country === 'DE' && v.group === 'home'),
    ),
    'home in DE',
  );
});

test("the site's lighthouse monitor gives the lab's line, CrUX the field's, and a deploy is marked", async () => {
  const shop = await env.db.monitor.create({
    data: {
      teamId,
      type: 'lighthouse',
      name: 'Shop home',
      url: 'https://shop.example.com/',
      device: 'mobile',
      intervalSeconds: 3600,
    },
  });
  // Another origin's monitor is not the site's lab.
  await env.db.monitor.create({
    data: {
      teamId,
      type: 'lighthouse',
      name: 'Blog',
      url: 'https://blog.example.com/',
      device: 'mobile',
      intervalSeconds: 3600,
    },
  });
  await env.db.$transaction((tx) =>
    recordRollups(
      tx,
      [2800, 3000].map((lcp, i) => ({
        monitorId: shop.id,
        plan: 'pro' as const,
        at: new Date(H + (10 + i * 20) * 60_000),
        ok: true,
        values: { performance_score: 70, lcp_ms: lcp, cls: 0.05, tbt_ms: 300 },
      })),
    ),
  );
  crux.setHistory(
    { url: 'https://shop.example.com/', formFactor: 'PHONE' },
    cruxHistoryBody({ lcp: [2600, 2700, 2900] }),
  );
  const deploy = await env.db.deploy.create({
    data: { teamId, version: 'v9', source: 'api', status: 'recorded', createdAt: new Date(H + 30 * 60_000) },
  });

  const series = await ok(`/rum/sites/${site.id}/series?metric=lcp_ms&from=${iso(H - 40 * DAY)}&to=${iso(H + HOUR)}`);
  assert.deepEqual(
    series.lab.map((l: Json) => l.monitor.id),
    [shop.id],
  );
  assert.equal(series.lab[0].points.length, 1);
  assert.equal(series.lab[0].points[0].value, 2900);
  assert.equal(series.field.length, 1);
  assert.equal(series.field[0].field.available, true);
  assert.deepEqual(
    series.field[0].points.map((p: Json) => p.p75),
    [2600, 2700, 2900],
  );
  assert.equal(series.field[0].latest.p75, 2900);
  assert.deepEqual(
    series.annotations.map((a: Json) => [a.type, a.id, a.version]),
    [['deploy', deploy.id, 'v9']],
  );
  // A window shorter than CrUX's week still has its newest 28-day figure.
  const hour = await ok(`/rum/sites/${site.id}/series?metric=lcp_ms&${hourQuery}`);
  assert.deepEqual(hour.field[0].points, []);
  assert.equal(hour.field[0].latest.p75, 2900);
  assert.equal(hour.lab[0].resolution, 'minute');
  assert.deepEqual(
    hour.lab[0].points.map((p: Json) => p.value),
    [2800, 3000],
  );

  // INP has no lab figure: said, not drawn.
  const inp = await ok(`/rum/sites/${site.id}/series?metric=inp_ms&${hourQuery}`);
  assert.deepEqual(inp.lab, []);
  assert.match(inp.lab_note, /INP has no lab figure/);
});

test('attribution ranks the slow target first with its phases averaged', async () => {
  const row = (hour: number, group: string, target: string, n: number, slow: number, value: number, phases: Json) =>
    pool.query(
      `INSERT INTO monitoring.rum_attribution (site_id, at, plan, metric, page_group, target, n, slow, value_sum, phases)
       VALUES ($1, $2, 'pro', $3, $4, $5, $6, $7, $8, $9)`,
      [site.id, new Date(H + hour * HOUR), 'lcp_ms', group, target, n, slow, value * n, JSON.stringify(phases)],
    );
  const sums = (n: number, p: Record<string, number>) =>
    Object.fromEntries(Object.entries(p).map(([k, v]) => [k, v * n]));
  const hero = {
    ttfb_ms: 400,
    resource_load_delay_ms: 600,
    resource_load_duration_ms: 2100,
    element_render_delay_ms: 300,
  };
  const title = { ttfb_ms: 300, resource_load_delay_ms: 0, resource_load_duration_ms: 0, element_render_delay_ms: 900 };
  // The hero image: slow in two hours and two page groups (600 of 800); the title: seen more, rarely slow.
  await row(0, 'home', 'main > img.hero', 500, 400, 3400, sums(500, hero));
  await row(-1, 'product', 'main > img.hero', 300, 200, 3400, sums(300, hero));
  await row(0, 'home', 'h1.title', 1500, 100, 1200, sums(1500, title));
  await row(0, 'product', 'p.lead', 50, 40, 2800, sums(50, title));
  // Another metric and another site are not counted.
  await pool.query(
    `INSERT INTO monitoring.rum_attribution (site_id, at, plan, metric, page_group, target, n, slow, value_sum, phases)
     VALUES ($1, $2, 'pro', 'inp_ms', 'home', 'button.buy', 900, 900, 900000, '{}'), ($3, $2, 'pro', 'lcp_ms', 'home', 'main > img.hero', 9, 9, 9, '{}')`,
    [site.id, new Date(H), foreign.id],
  );

  const window = `from=${iso(H - 2 * HOUR)}&to=${iso(H + HOUR)}`;
  const lcp = await ok(`/rum/sites/${site.id}/attribution?metric=lcp_ms&${window}`);
  assert.deepEqual(
    lcp.targets.map((t: Json) => t.target),
    ['main > img.hero', 'h1.title', 'p.lead'],
  );
  const [first] = lcp.targets;
  assert.equal(first.page_views, 800);
  assert.equal(first.slow_page_views, 600);
  assert.equal(first.slow_share, 0.75);
  assert.equal(first.avg, 3400);
  assert.deepEqual(first.phases, hero);
  const home = await ok(`/rum/sites/${site.id}/attribution?metric=lcp_ms&${window}&page_group=home`);
  assert.deepEqual(
    home.targets.map((t: Json) => [t.target, t.page_views]),
    [
      ['main > img.hero', 500],
      ['h1.title', 1500],
    ],
  );
  const inp = await ok(`/rum/sites/${site.id}/attribution?metric=inp_ms&${window}`);
  assert.deepEqual(
    inp.targets.map((t: Json) => [t.target, t.slow_share, t.avg]),
    [['button.buy', 1, 1000]],
  );
});

test("another team's site and an unknown id are 404; bad queries are 400", async () => {
  for (const path of ['series?metric=lcp_ms', 'attribution?metric=lcp_ms']) {
    assertProblem(await get(`/rum/sites/${foreign.id}/${path}`), 404, 'not_found');
    assertProblem(await get(`/rum/sites/0193a000-0000-7000-8000-000000000000/${path}`), 404, 'not_found');
    // The other team reads its own.
    assert.equal((await get(`/rum/sites/${foreign.id}/${path}`, other.key)).status, 200);
  }
  for (const query of [
    'metric=lcp',
    'metric=tbt_ms',
    'metric=lcp_ms&by=browser',
    'metric=lcp_ms&device=watch',
    'metric=lcp_ms&top=0',
    `metric=lcp_ms&from=${iso(H)}&to=${iso(H - HOUR)}`,
    'metric=lcp_ms&from=yesterday',
    'metric=lcp_ms&to=2026-11-28T25:00:00Z',
  ]) {
    assertProblem(await get(`/rum/sites/${site.id}/series?${query}`), 400, 'validation_failed');
  }
  for (const query of ['metric=fcp_ms', 'metric=', `metric=cls&from=${iso(H)}&to=${iso(H)}`]) {
    assertProblem(await get(`/rum/sites/${site.id}/attribution?${query}`), 400, 'validation_failed');
  }
  assert.equal((await call(`${api}/rum/sites/${site.id}/series?metric=lcp_ms`, {})).status, 401);
});

const exec = promisify(execFile);
const CLI = new URL('../../packages/cli/src/main.ts', import.meta.url).pathname;

test('`pageprobe rum series` prints the p75 by device and what made LCP slow', async () => {
  const { stdout } = await exec(
    process.execPath,
    [
      CLI,
      'rum',
      'series',
      site.id,
      '--metric',
      'lcp_ms',
      '--by',
      'device',
      '--from',
      iso(H),
      '--to',
      iso(H + HOUR - 1),
    ],
    { env: { ...process.env, PAGEPROBE_API_URL: origin, PAGEPROBE_API_KEY: key, NO_COLOR: '1' } },
  );
  const series = await ok(`/rum/sites/${site.id}/series?metric=lcp_ms&${hourQuery}&by=device`);
  const mobile = series.splits.find((s: Json) => s.value === 'mobile');
  const seconds = (v: number) => `${(v / 1000).toFixed(2)} s`;
  assert.match(stdout, new RegExp(`^all +p75 +${seconds(series.summary.p75)}`, 'm'));
  assert.match(stdout, new RegExp(`^mobile +p75 +${seconds(mobile.summary.p75)}`, 'm'));
  assert.match(stdout, /^p75 [▁▂▃▄▅▆▇█]+$/m);
  assert.match(stdout, /lab Shop home \(mobile\): /);
  assert.match(
    stdout,
    /what made lcp_ms slow:\n {2}main > img\.hero +×500 +slow +80% +avg 3\.40 s +\(ttfb 400 ms, resource_load_delay 600 ms, resource_load_duration 2\.10 s, element_render_delay 300 ms\)/,
  );
  const { stdout: last } = await exec(
    process.execPath,
    [CLI, 'rum', 'series', site.id, '--metric', 'inp_ms', '--last', '24h'],
    {
      env: { ...process.env, PAGEPROBE_API_URL: origin, PAGEPROBE_API_KEY: key, NO_COLOR: '1' },
    },
  );
  assert.match(last, /INP has no lab figure/);
  assert.match(last, /what made inp_ms slow:\n {2}button\.buy/);
});

test("MCP's get_rum_vitals: each metric's p75 with its category, per device, and the slow targets", async () => {
  const mcp = new Client({ name: 'rum-test', version: '1.0.0' });
  await mcp.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [new URL('../../packages/mcp/src/main.ts', import.meta.url).pathname],
      env: { PATH: process.env.PATH ?? '', PAGEPROBE_API_URL: origin, PAGEPROBE_API_KEY: key },
      stderr: 'pipe',
    }),
  );
  try {
    const result = await mcp.callTool({
      name: 'get_rum_vitals',
      arguments: { site_id: site.id, from: iso(H - HOUR), to: iso(H + HOUR) },
    });
    assert.notEqual(result.isError, true, JSON.stringify(result.content));
    const vitals = result.structuredContent as Json;
    const series = await ok(
      `/rum/sites/${site.id}/series?metric=lcp_ms&from=${iso(H - HOUR)}&to=${iso(H + HOUR)}&by=device`,
    );
    assert.deepEqual(vitals.metrics.lcp_ms.summary, series.summary);
    assert.equal(vitals.metrics.lcp_ms.lab_mean, 2900);
    assert.equal(vitals.metrics.inp_ms.lab_mean, null);
    assert.deepEqual(
      vitals.slow_targets.lcp_ms.map((t: Json) => t.target),
      ['main > img.hero', 'h1.title', 'p.lead'],
    );
    const [text, note] = (result.content as Array<{ text: string }>).map((c) => c.text);
    const mobile = series.splits.find((s: Json) => s.value === 'mobile').summary.p75;
    assert.match(
      text!,
      new RegExp(
        `LCP p75 ${(series.summary.p75 / 1000).toFixed(2)} s \\((good|needs improvement|poor)\\) over 3000 page views`,
      ),
    );
    assert.match(text!, new RegExp(`by device: [^;]*mobile ${(mobile / 1000).toFixed(2)} s`));
    assert.match(
      text!,
      /What made LCP slow:\n- main > img\.hero: 800 page views, 75% slow, average 3\.40 s \(resource load duration 2\.10 s/,
    );
    assert.match(note!, /Untrusted content/);
  } finally {
    await mcp.close();
  }
});
