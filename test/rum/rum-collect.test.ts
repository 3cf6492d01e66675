// Issue 61, the ingest: real HTTP beacons, shaped as the browser's sendBeacon sends them (text/plain
// JSON), to the API in this process with a short flush, then what PostgreSQL holds. Accepted beacons
// are the minute, hour and day rollups (page views, histograms, ratings) and the attribution rows, exactly;
// beacons from another origin, with no, an unknown or a deleted site's key, oversized, malformed, from a
// bot, or past the site's limit are counted in monitoring.rum_dropped by reason and nothing else is kept.
// Query strings dropped unless the site keeps them; the country from the edge's header and from a real
// MMDB file; no address, user agent or query string in any stored row; a second API instance whose
// beacons are written only by its close, both counted once.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { createPool, RETENTION } from '@pageprobe/db';
import { freePort } from '@pageprobe/local-services';
import {
  addPageView,
  type Beacon,
  emptyRumRollup,
  MAX_BEACON_BYTES,
  mergeRumRollups,
  NIL_SITE,
  type RumRollup,
} from '@pageprobe/rum';
import { ensureCurrentPartitions, expireRumDrops } from '@pageprobe/test-lifecycle';
import { mmdbOf } from '../support/mmdb-writer.ts';
import { eventually } from '../support/servers.ts';
import { startInProcess, startStack } from '../support/stack.ts';
import { teamWithKey } from '../support/teams.ts';
import { tempDir } from '../support/temp-dir.ts';
import { createTestEnv } from '../support/test-env.ts';

const env = await createTestEnv();
// The operator's GeoIP database: two networks with a country each (everything else is not in it).
const dir = tempDir('rum-geoip-');
const geoipPath = join(dir, 'countries.mmdb');
writeFileSync(
  geoipPath,
  mmdbOf({ '81.2.69.0/24': { country: { iso_code: 'GB' } }, '2.125.160.216/29': { country: { iso_code: 'FR' } } }),
);
const rumEnv = {
  RUM_FLUSH_MS: '200',
  RUM_COUNTRY_HEADER: 'CF-IPCountry',
  RUM_GEOIP_DB: geoipPath,
  // The client's address from X-Forwarded-For, as behind the deployment's proxy.
  TRUST_PROXY_HOPS: '1',
  // /metrics on a port of its own (any free one).
  OPS_PORT: '0',
};
const stack = await startStack(env, { apps: ['api'], env: { api: rumEnv } });
const pool = createPool(env.databaseUrl, { size: 2 });
// The dispatcher's upkeep makes the partitions in a deployment; no dispatcher runs here.
await ensureCurrentPartitions(pool);
const { teamId } = await teamWithKey(env, { plan: 'pro' });

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
let sites = 0;

async function makeSite(data: {
  origins: string[];
  pageGroups?: Array<{ name: string; pattern: string }>;
  keepQueryStrings?: boolean;
  beaconsPerMinute?: number;
  deletedAt?: Date;
}) {
  sites++;
  return env.db.rumSite.create({
    data: { teamId, name: `Site ${sites}`, siteKey: `site${sites}${Date.now().toString(36)}`, pageGroups: [], ...data },
  });
}

interface SendOptions {
  origin?: string | null;
  ua?: string;
  headers?: Record<string, string>;
  base?: string;
}

/** A beacon as navigator.sendBeacon sends a string: POST, text/plain, the page's Origin and user agent. */
async function send(body: unknown, { origin, ua = CHROME, headers = {}, base = stack.origin }: SendOptions = {}) {
  const response = await fetch(`${base}/rum/v1/collect`, {
    method: 'POST',
    headers: {
      'content-type': 'text/plain;charset=UTF-8',
      ...(origin ? { origin } : {}),
      'user-agent': ua,
      ...headers,
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  await response.arrayBuffer();
  return response;
}

const beacon = (site: string, path: string, vitals: Beacon['vitals'], more: Partial<Beacon> = {}): Beacon => ({
  site,
  path,
  navigation: 'navigate',
  device: 'mobile',
  connection: '4g',
  vitals,
  ...more,
});

interface Row {
  page_group: string;
  device: string;
  country: string;
  plan: string;
  n: number;
  stats: RumRollup['stats'];
  hist: RumRollup['hist'];
  ratings: RumRollup['ratings'];
}

/** A level's rows of a site, merged over time by (page group, device, country). */
async function rollupsOf(siteId: string, table: 'rum_minute' | 'rum_hour' | 'rum_day') {
  const { rows } = await pool.query<Row>(`SELECT * FROM monitoring.${table} WHERE site_id = $1`, [siteId]);
  const merged = new Map<string, RumRollup>();
  for (const r of rows) {
    assert.equal(r.plan, 'pro', 'the site’s team’s plan');
    const key = `${r.page_group} ${r.device} ${r.country}`;
    const rollup: RumRollup = { n: r.n, ok: r.n, stats: r.stats, hist: r.hist, ratings: r.ratings };
    const seen = merged.get(key);
    merged.set(key, seen ? mergeRumRollups(seen, rollup) : rollup);
  }
  return merged;
}

const storedViews = async (siteId: string) =>
  Number(
    (await pool.query('SELECT coalesce(sum(n), 0) AS n FROM monitoring.rum_minute WHERE site_id = $1', [siteId]))
      .rows[0].n,
  );

const waitForViews = (siteId: string, n: number, timeoutMs = 20_000) =>
  eventually(async () => ((await storedViews(siteId)) === n ? true : undefined), timeoutMs, `${n} page views stored`);

async function dropsOf(siteId: string): Promise<Record<string, number>> {
  const { rows } = await pool.query<{ reason: string; n: string }>(
    'SELECT reason, sum(n) AS n FROM monitoring.rum_dropped WHERE site_id = $1 GROUP BY reason',
    [siteId],
  );
  return Object.fromEntries(rows.map((r) => [r.reason, Number(r.n)]));
}

test('accepted beacons become exactly the minute, hour and day rollups and the attribution rows', async () => {
  const origin = 'https://shop.example';
  const site = await makeSite({
    origins: ['https://shop.example', 'https://www.shop.example'],
    pageGroups: [
      { name: 'product', pattern: '/p/*' },
      { name: 'home', pattern: '/' },
    ],
  });
  const sent: Array<{ beacon: Beacon; group: string }> = [
    {
      group: 'product',
      beacon: beacon(
        site.siteKey,
        '/p/1',
        { lcp_ms: 1800, inp_ms: 120, cls: 0.0625, fcp_ms: 900, ttfb_ms: 200 },
        {
          attribution: {
            lcp: {
              target: 'main>img.hero',
              ttfb_ms: 200,
              resource_load_delay_ms: 300,
              resource_load_duration_ms: 1000,
              element_render_delay_ms: 300,
            },
            inp: {
              target: 'button#buy',
              type: 'pointer',
              input_delay_ms: 20,
              processing_duration_ms: 60,
              presentation_delay_ms: 40,
            },
            cls: { target: 'div.ad' },
          },
        },
      ),
    },
    {
      group: 'product',
      beacon: beacon(
        site.siteKey,
        '/p/2?ref=campaign',
        { lcp_ms: 4800, inp_ms: 640, cls: 0.5 },
        {
          attribution: {
            lcp: { target: 'main>img.hero', ttfb_ms: 800, resource_load_delay_ms: 1000, element_render_delay_ms: 3000 },
            inp: { target: `div.${'x'.repeat(300)}`, type: 'keyboard', processing_duration_ms: 500 },
          },
        },
      ),
    },
    {
      group: 'product',
      beacon: beacon(site.siteKey, '/p/3', { lcp_ms: 3000, ttfb_ms: 1000 }, { device: 'desktop' }),
    },
    { group: 'home', beacon: beacon(site.siteKey, '/', { lcp_ms: 1200, fcp_ms: 800, cls: 0 }) },
    { group: 'other', beacon: beacon(site.siteKey, '/about', { ttfb_ms: 2000 }, { navigation: 'reload' }) },
    // A page view without a single vital still counts as one.
    { group: 'other', beacon: beacon(site.siteKey, '/about', {}, { device: 'tablet' }) },
  ];
  for (const [i, { beacon: b }] of sent.entries()) {
    const response = await send(b, {
      origin: i % 2 ? 'https://www.shop.example' : origin,
      headers: { 'cf-ipcountry': 'DE' },
    });
    assert.equal(response.status, 204);
    assert.equal(response.headers.get('access-control-allow-origin'), i % 2 ? 'https://www.shop.example' : origin);
  }
  // application/json is accepted too (a fetch with keepalive, after its preflight).
  const json = await fetch(`${stack.origin}/rum/v1/collect`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin, 'user-agent': CHROME, 'cf-ipcountry': 'DE' },
    body: JSON.stringify(beacon(site.siteKey, '/p/4', { lcp_ms: 2000 })),
  });
  assert.equal(json.status, 204);
  sent.push({ group: 'product', beacon: beacon(site.siteKey, '/p/4', { lcp_ms: 2000 }) });

  await waitForViews(site.id, sent.length);
  const expected = new Map<string, RumRollup>();
  for (const { beacon: b, group } of sent) {
    const key = `${group} ${b.device} DE`;
    expected.set(key, addPageView(expected.get(key) ?? emptyRumRollup(), b.vitals));
  }
  for (const level of ['rum_minute', 'rum_hour', 'rum_day'] as const) {
    const stored = await rollupsOf(site.id, level);
    assert.deepEqual([...stored.keys()].sort(), [...expected.keys()].sort(), level);
    for (const [key, want] of expected) {
      const got = stored.get(key)!;
      assert.equal(got.n, want.n, `${level} ${key} n`);
      assert.deepEqual(got.stats, want.stats, `${level} ${key} stats`);
      assert.deepEqual(got.hist, want.hist, `${level} ${key} hist`);
      assert.deepEqual(got.ratings, want.ratings, `${level} ${key} ratings`);
    }
  }

  const { rows: attribution } = await pool.query(
    `SELECT metric, page_group, target, sum(n)::int AS n, sum(slow)::int AS slow, sum(value_sum) AS value_sum,
       jsonb_agg(phases) AS phases, min(plan::text) AS plan
     FROM monitoring.rum_attribution WHERE site_id = $1 GROUP BY metric, page_group, target
     ORDER BY metric, page_group, target`,
    [site.id],
  );
  const longTarget = `div.${'x'.repeat(300)}`.slice(0, 200);
  const phases = (rows: Array<Record<string, number>>) =>
    rows.reduce<Record<string, number>>((sum, p) => {
      for (const [k, v] of Object.entries(p)) sum[k] = (sum[k] ?? 0) + v;
      return sum;
    }, {});
  assert.deepEqual(
    attribution.map((r) => ({ ...r, phases: phases(r.phases) })),
    [
      { metric: 'cls', page_group: 'home', target: '', n: 1, slow: 0, value_sum: 0, phases: {}, plan: 'pro' },
      { metric: 'cls', page_group: 'product', target: '', n: 1, slow: 1, value_sum: 0.5, phases: {}, plan: 'pro' },
      {
        metric: 'cls',
        page_group: 'product',
        target: 'div.ad',
        n: 1,
        slow: 0,
        value_sum: 0.0625,
        phases: {},
        plan: 'pro',
      },
      {
        metric: 'inp_ms',
        page_group: 'product',
        target: 'button#buy',
        n: 1,
        slow: 0,
        value_sum: 120,
        phases: { input_delay_ms: 20, processing_duration_ms: 60, presentation_delay_ms: 40 },
        plan: 'pro',
      },
      {
        metric: 'inp_ms',
        page_group: 'product',
        target: longTarget,
        n: 1,
        slow: 1,
        value_sum: 640,
        phases: { processing_duration_ms: 500 },
        plan: 'pro',
      },
      { metric: 'lcp_ms', page_group: 'home', target: '', n: 1, slow: 0, value_sum: 1200, phases: {}, plan: 'pro' },
      { metric: 'lcp_ms', page_group: 'product', target: '', n: 2, slow: 1, value_sum: 5000, phases: {}, plan: 'pro' },
      {
        metric: 'lcp_ms',
        page_group: 'product',
        target: 'main>img.hero',
        n: 2,
        slow: 1,
        value_sum: 6600,
        phases: {
          ttfb_ms: 1000,
          resource_load_delay_ms: 1300,
          resource_load_duration_ms: 1000,
          element_render_delay_ms: 3300,
        },
        plan: 'pro',
      },
    ],
  );
  assert.deepEqual(await dropsOf(site.id), {}, 'nothing dropped');
});

test('refused beacons are counted by reason and nothing else is stored', async () => {
  const origin = 'https://b.example';
  const site = await makeSite({ origins: [origin], beaconsPerMinute: 3 });
  const deleted = await makeSite({ origins: [origin], deletedAt: new Date() });
  const nilBefore = await dropsOf(NIL_SITE);
  const good = beacon(site.siteKey, '/', { lcp_ms: 1000 });

  assert.equal((await send(good, { origin: 'https://evil.example' })).status, 204);
  assert.equal((await send(good, { origin: null })).status, 204, 'no Origin at all');
  assert.equal((await send(good, { origin, ua: GOOGLEBOT })).status, 204);
  assert.equal((await send({ ...good, site: undefined }, { origin })).status, 204, 'no site key');
  assert.equal((await send({ ...good, site: 'no-such-site' }, { origin })).status, 204);
  assert.equal((await send({ ...good, site: deleted.siteKey }, { origin })).status, 204);
  assert.equal((await send('{"site": "abc", "path"', { origin })).status, 204, 'not JSON');
  assert.equal((await send({ ...good, device: 'fridge' }, { origin })).status, 204, 'not the shape');
  assert.equal((await send({ ...good, vitals: { lcp_ms: -5 } }, { origin })).status, 204, 'a negative LCP');
  const oversized = await send({ ...good, path: `/${'a'.repeat(MAX_BEACON_BYTES)}` }, { origin });
  assert.equal(oversized.status, 413, 'a body past MAX_BEACON_BYTES');
  // Eight good ones at a limit of three a minute: at least two past it, whichever minutes they fall in.
  for (let i = 0; i < 8; i++) assert.equal((await send(good, { origin })).status, 204);

  const accepted = await eventually(async () => {
    const drops = await dropsOf(site.id);
    const stored = await storedViews(site.id);
    return stored + (drops.limited ?? 0) === 8 ? stored : undefined;
  });
  assert.ok(accepted >= 3 && accepted <= 6, `accepted ${accepted}`);
  assert.deepEqual(await dropsOf(site.id), { origin: 2, bot: 1, malformed: 2, limited: 8 - accepted });
  const nil = await eventually(async () => {
    const now = await dropsOf(NIL_SITE);
    const delta = Object.fromEntries(
      Object.entries(now)
        .map(([reason, n]) => [reason, n - (nilBefore[reason] ?? 0)])
        .filter(([, n]) => n !== 0),
    );
    return delta.oversized ? delta : undefined;
  });
  // Not JSON: no site to name. The two of the wrong shape named the site: counted against it (above).
  assert.deepEqual(nil, { no_site: 3, malformed: 1, oversized: 1 });
  assert.deepEqual(await dropsOf(deleted.id), {}, 'a deleted site’s beacons are counted as no site');
  // The same counts by outcome in the API's Prometheus counter (the first test's beacons accepted too).
  const metrics = await (await fetch(`http://127.0.0.1:${stack.app('api').opsPort}/metrics`)).text();
  const counter = Object.fromEntries(
    [...metrics.matchAll(/^rum_beacons_total\{[^}]*outcome="(\w+)"[^}]*\} (\d+)/gm)].map((m) => [m[1], Number(m[2])]),
  );
  assert.deepEqual(
    { ...counter, accepted: undefined },
    { origin: 2, bot: 1, no_site: 3, malformed: 3, oversized: 1, limited: 8 - accepted, accepted: undefined },
  );
  // Only the accepted page views are in the rollups; nothing of the dropped ones anywhere.
  const rollups = await rollupsOf(site.id, 'rum_minute');
  assert.deepEqual([...rollups.keys()], ['other mobile XX']);
  assert.equal(rollups.get('other mobile XX')!.n, accepted);
  for (const table of ['rum_minute', 'rum_hour', 'rum_day', 'rum_attribution']) {
    const { rows } = await pool.query(
      `SELECT count(*)::int AS n FROM monitoring.${table} WHERE site_id = ANY($1::uuid[])`,
      [[deleted.id, NIL_SITE]],
    );
    assert.equal(rows[0].n, 0, table);
  }
});

test('a preflight is answered with CORS for the site’s origins only', async () => {
  const site = await makeSite({ origins: ['https://c.example'] });
  const preflight = (origin: string, key = site.siteKey) =>
    fetch(`${stack.origin}/rum/v1/collect?site=${key}`, {
      method: 'OPTIONS',
      headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    });
  const allowed = await preflight('https://c.example');
  assert.equal(allowed.status, 204);
  assert.equal(allowed.headers.get('access-control-allow-origin'), 'https://c.example');
  assert.equal(allowed.headers.get('access-control-allow-methods'), 'POST');
  assert.equal(allowed.headers.get('access-control-allow-headers'), 'Content-Type');
  assert.equal(allowed.headers.get('access-control-allow-credentials'), 'true');
  for (const refused of [await preflight('https://evil.example'), await preflight('https://c.example', 'unknown')]) {
    assert.equal(refused.status, 204);
    assert.equal(refused.headers.get('access-control-allow-origin'), null);
  }
  const other = await send(beacon(site.siteKey, '/', {}), { origin: 'https://evil.example' });
  assert.equal(other.headers.get('access-control-allow-origin'), null);
});

test('query strings are dropped unless the site keeps them, before its page groups are matched', async () => {
  const groups = [
    { name: 'search-query', pattern: '/search?q=*' },
    { name: 'search', pattern: '/search' },
  ];
  const dropping = await makeSite({ origins: ['https://q.example'], pageGroups: groups });
  const keeping = await makeSite({ origins: ['https://q.example'], pageGroups: groups, keepQueryStrings: true });
  for (const site of [dropping, keeping]) {
    const b = beacon(site.siteKey, '/search?q=red+shoes#results', { lcp_ms: 1500 });
    assert.equal((await send(b, { origin: 'https://q.example' })).status, 204);
  }
  await waitForViews(dropping.id, 1);
  await waitForViews(keeping.id, 1);
  assert.deepEqual([...(await rollupsOf(dropping.id, 'rum_minute')).keys()], ['search mobile XX']);
  assert.deepEqual([...(await rollupsOf(keeping.id, 'rum_minute')).keys()], ['search-query mobile XX']);
});

test('the country comes from the edge’s header, else from the GeoIP database, else unknown', async () => {
  const origin = 'https://k.example';
  const site = await makeSite({ origins: [origin] });
  const b = beacon(site.siteKey, '/', { lcp_ms: 1000 });
  const cases: Array<[Record<string, string>, string]> = [
    [{ 'cf-ipcountry': 'de' }, 'DE'],
    [{ 'cf-ipcountry': 'JP', 'x-forwarded-for': '81.2.69.142' }, 'JP'],
    [{ 'x-forwarded-for': '81.2.69.142' }, 'GB'],
    // Cloudflare's Tor and unknown: not countries, so the database is asked.
    [{ 'cf-ipcountry': 'T1', 'x-forwarded-for': '2.125.160.217' }, 'FR'],
    [{ 'cf-ipcountry': 'XX', 'x-forwarded-for': '10.1.2.3' }, 'XX'],
    [{}, 'XX'],
  ];
  for (const [headers] of cases) assert.equal((await send(b, { origin, headers })).status, 204);
  await waitForViews(site.id, cases.length);
  const byCountry = new Map<string, number>();
  for (const [, country] of cases) byCountry.set(country, (byCountry.get(country) ?? 0) + 1);
  const stored = await rollupsOf(site.id, 'rum_minute');
  assert.deepEqual(
    Object.fromEntries([...stored].map(([key, r]) => [key.split(' ')[2], r.n])),
    Object.fromEntries(byCountry),
  );

  // What is stored: the listed columns only, and no address, user agent or query string in any of them.
  const { rows: columns } = await pool.query(
    `SELECT table_name, array_agg(column_name::text ORDER BY column_name) AS columns FROM information_schema.columns
     WHERE table_schema = 'monitoring' AND table_name IN ('rum_minute', 'rum_hour', 'rum_day', 'rum_attribution', 'rum_dropped')
     GROUP BY table_name ORDER BY table_name`,
  );
  const rollup = ['at', 'country', 'device', 'hist', 'n', 'page_group', 'plan', 'ratings', 'site_id', 'stats'];
  assert.deepEqual(Object.fromEntries(columns.map((r) => [r.table_name, r.columns])), {
    rum_attribution: ['at', 'metric', 'n', 'page_group', 'phases', 'plan', 'site_id', 'slow', 'target', 'value_sum'],
    rum_day: rollup,
    rum_dropped: ['at', 'n', 'reason', 'site_id'],
    rum_hour: rollup,
    rum_minute: rollup,
  });
  const { rows } = await pool.query(
    `SELECT string_agg(t, ' ') AS text FROM (
       SELECT row_to_json(r)::text AS t FROM monitoring.rum_minute r UNION ALL
       SELECT row_to_json(r)::text FROM monitoring.rum_hour r UNION ALL
       SELECT row_to_json(r)::text FROM monitoring.rum_day r UNION ALL
       SELECT row_to_json(r)::text FROM monitoring.rum_attribution r UNION ALL
       SELECT row_to_json(r)::text FROM monitoring.rum_dropped r) s`,
  );
  const text: string = rows[0].text;
  for (const secret of [
    '81.2.69.142',
    '2.125.160.217',
    '10.1.2.3',
    '127.0.0.1',
    'Chrome/131',
    'Googlebot',
    'shoes',
    'campaign',
    '#results',
  ]) {
    assert.ok(!text.includes(secret), `${secret} is stored`);
  }
});

test('a second API instance: its beacons are written by its close, and both instances count each once', async () => {
  const origin = 'https://two.example';
  const site = await makeSite({ origins: [origin] });
  const port = await freePort();
  // No flush by the timer in this test's time: only close() can write its beacons.
  const second = await startInProcess(
    'api',
    env.appEnv({ PORT: String(port), PUBLIC_BASE_URL: `http://127.0.0.1:${port}`, ...rumEnv, RUM_FLUSH_MS: '60000' }),
  );
  const bases = [stack.origin, `http://127.0.0.1:${port}`];
  const values = Array.from({ length: 40 }, (_, i) => 500 + i * 97);
  await Promise.all(
    values.map((lcp, i) => send(beacon(site.siteKey, '/', { lcp_ms: lcp }), { origin, base: bases[i % 2] })),
  );
  // The first instance's half is written by its timer; the second's not before it closes.
  await waitForViews(site.id, 20);
  await second.stop();
  await waitForViews(site.id, 40);
  const stored = (await rollupsOf(site.id, 'rum_hour')).get('other mobile XX')!;
  const want = values.reduce((r, lcp) => addPageView(r, { lcp_ms: lcp }), emptyRumRollup());
  assert.deepEqual(stored.hist, want.hist);
  assert.deepEqual(stored.stats, want.stats);
  assert.deepEqual(stored.ratings, want.ratings);
});

test('a failed flush keeps what it held and writes it once, when PostgreSQL takes it again', async () => {
  const origin = 'https://retry.example';
  const site = await makeSite({ origins: [origin] });
  // The hour rollup refuses this site's rows: the minute's, written first in the same flush, must not stay.
  await pool.query(`CREATE FUNCTION public.refuse_rum_hour() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN IF NEW.site_id = '${site.id}' THEN RAISE EXCEPTION 'refused by the test'; END IF; RETURN NEW; END $$`);
  await pool.query(
    'CREATE TRIGGER refuse_rum_hour BEFORE INSERT ON monitoring.rum_hour FOR EACH ROW EXECUTE FUNCTION public.refuse_rum_hour()',
  );
  for (let i = 0; i < 5; i++)
    assert.equal((await send(beacon(site.siteKey, '/', { lcp_ms: 1000 + i }), { origin })).status, 204);
  await stack.app('api').waitFor(/not written yet/);
  assert.equal(await storedViews(site.id), 0, 'the failed flush left nothing');
  await pool.query('DROP TRIGGER refuse_rum_hour ON monitoring.rum_hour');
  await pool.query('DROP FUNCTION public.refuse_rum_hour()');
  await waitForViews(site.id, 5);
  for (const level of ['rum_minute', 'rum_hour', 'rum_day'] as const) {
    assert.equal((await rollupsOf(site.id, level)).get('other mobile XX')!.n, 5, level);
  }
});

test('a missing or bad RUM_GEOIP_DB stops the start with its reason', async () => {
  for (const [path, reason] of [
    [join(dir, 'missing.mmdb'), /RUM_GEOIP_DB: cannot read .*missing\.mmdb/],
    [join(dir, 'countries.csv'), /RUM_GEOIP_DB: .*countries\.csv is not a MaxMind database/],
  ] as const) {
    if (path.endsWith('.csv')) writeFileSync(path, 'network,country\n81.2.69.0/24,GB\n');
    const port = await freePort();
    await assert.rejects(startInProcess('api', env.appEnv({ PORT: String(port), RUM_GEOIP_DB: path })), reason);
  }
});

test('drop counts past the aggregates’ retention of the site’s plan are deleted by the partition upkeep', async () => {
  const site = await makeSite({ origins: ['https://kept.example'] });
  const day = 24 * 3600_000;
  const now = Date.now();
  const hourAgo = (days: number) => new Date(Math.floor((now - days * day) / 3600_000) * 3600_000);
  // The site's team is pro (aggregates kept 2 years); the nil site's counts are kept the shortest (free).
  const rows: Array<[string, Date]> = [
    [site.id, hourAgo(RETENTION.pro.aggregatesDays + 2)],
    [site.id, hourAgo(RETENTION.free.aggregatesDays + 2)],
    [site.id, hourAgo(1)],
    [NIL_SITE, hourAgo(RETENTION.free.aggregatesDays + 2)],
    [NIL_SITE, hourAgo(RETENTION.free.aggregatesDays - 2)],
  ];
  for (const [siteId, at] of rows)
    await pool.query(`INSERT INTO monitoring.rum_dropped (site_id, at, reason, n) VALUES ($1, $2, 'expiry-test', 1)`, [
      siteId,
      at,
    ]);
  const deleted = await expireRumDrops(pool, new Date(now));
  assert.ok(deleted >= 2, `deleted ${deleted}`);
  const { rows: left } = await pool.query<{ site_id: string; at: Date }>(
    `SELECT site_id, at FROM monitoring.rum_dropped WHERE reason = 'expiry-test' ORDER BY site_id, at`,
  );
  assert.deepEqual(
    left.map((r) => [r.site_id, r.at.toISOString()]),
    [
      [NIL_SITE, rows[4]![1].toISOString()],
      [site.id, rows[1]![1].toISOString()],
      [site.id, rows[2]![1].toISOString()],
    ].sort((a, b) => (a[0]! < b[0]! ? -1 : a[0]! > b[0]! ? 1 : a[1]! < b[1]! ? -1 : 1)),
  );
});

test('a NUL in a site key or a selector: the key is unknown, the selector kept without it, the flush goes on', async () => {
  const origin = 'https://nul.example';
  const site = await makeSite({ origins: [origin] });
  const before = (await dropsOf(NIL_SITE)).no_site ?? 0;
  assert.equal((await send(beacon(`${site.siteKey}\u0000`, '/', { lcp_ms: 100 }), { origin })).status, 204);
  const hostile = beacon(site.siteKey, '/', { lcp_ms: 5000 }, { attribution: { lcp: { target: 'img\u0000#hero' } } });
  assert.equal((await send(hostile, { origin })).status, 204);
  // PostgreSQL refuses a NUL in text: had it reached the flush, no page view after it would be stored.
  assert.equal((await send(beacon(site.siteKey, '/', { lcp_ms: 900 }), { origin })).status, 204);
  await waitForViews(site.id, 2);
  await eventually(
    async () => ((await dropsOf(NIL_SITE)).no_site === before + 1 ? true : undefined),
    10_000,
    'the NUL key counted as no site',
  );
  const { rows } = await pool.query(
    'SELECT target FROM monitoring.rum_attribution WHERE site_id = $1 ORDER BY target',
    [site.id],
  );
  // The view that named no element counts under ''.
  assert.deepEqual(
    rows.map((r) => r.target),
    ['', 'img\uFFFD#hero'],
  );
});
