// Issue 32: locations. Two uptime workers on this machine say they are in eu-central and us-east, and
// each binds its outbound connections to its own loopback address (SOURCE_ADDRESS 127.0.0.2 and
// 127.0.0.3), so a local target can refuse one location and not the other, as a site down for one network
// would. Monitors judge a slot across locations by their quorum; tests run once per location; GET
// /locations follows the workers' heartbeats. Two browser workers run one lighthouse test from both.
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, test } from 'node:test';
import { createClient } from '@pageprobe/client';
import { startApiInProcess } from '../support/api-in-process.ts';
import { startApp } from '../support/app-process.ts';
import { assertProblem, call } from '../support/http.ts';
import { eventually } from '../support/servers.ts';
import { teamWithKey } from '../support/teams.ts';
import { createTestEnv } from '../support/test-env.ts';
import { startInProcess } from '../support/stack.ts';

const env = await createTestEnv();
const common = {
  ALLOW_PRIVATE_TARGETS: 'true',
  RATE_LIMIT_WRITES_PER_MIN: '1000',
  RATE_LIMIT_READS_PER_MIN: '100000',
  SWEEP_INTERVAL_MS: '500',
  MONITOR_MIN_INTERVAL_SECONDS: '1',
};
const { origin } = await startApiInProcess(env, common);
const api = `${origin}/api/v1`;
const EU = { LOCATION: 'eu-central', LOCATION_NAME: 'Frankfurt', SOURCE_ADDRESS: '127.0.0.2' };
const US = { LOCATION: 'us-east', LOCATION_NAME: 'Virginia', SOURCE_ADDRESS: '127.0.0.3' };
const uptimeAt = (where: Record<string, string>) =>
  startApp('worker-uptime', env.appEnv({ ...common, ...where, PUBLIC_BASE_URL: origin }));
const workers = { eu: await uptimeAt(EU), us: await uptimeAt(US) };
await startInProcess('callback-dispatcher', env.appEnv({ ...common, PUBLIC_BASE_URL: origin }));
const { key, teamId } = await teamWithKey(env, { credits: 20 });

type Json = Record<string, any>;
const post = (path: string, body: unknown) => call<Json>(`${api}${path}`, { method: 'POST', token: key, body });
const patch = (path: string, body: unknown) => call<Json>(`${api}${path}`, { method: 'PATCH', token: key, body });
const get = (path: string) => call<Json>(`${api}${path}`, { token: key });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A site that resets every connection from the addresses in `refused`: down for those locations only. */
const refused = new Set<string>();
// Connection: close, so that every check opens a connection of its own (a kept-alive one would outlive a refusal).
const site: Server = createServer((_req, res) =>
  res
    .writeHead(200, { 'Content-Type': 'text/html', Connection: 'close' })
    .end('<!doctype html><title>ok</title><h1>Up and running</h1>'),
);
site.on('connection', (socket) => {
  const from = socket.remoteAddress?.replace(/^::ffff:/, '') ?? '';
  if (refused.has(from)) socket.destroy();
});
await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
after(() => site.close());
const siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}/`;

async function monitor(body: Json) {
  const res = await post('/monitors', {
    url: siteUrl,
    type: 'uptime',
    interval_seconds: 1,
    alert: { down_after: 1 },
    locations: ['eu-central', 'us-east'],
    ...body,
  });
  assert.equal(res.status, 201, JSON.stringify(res.body));
  return res.body;
}
const alertsOf = async (id: string) => (await get(`/monitors/${id}/alerts?limit=100`)).body.data as Json[];
const stateOf = async (id: string) =>
  Object.fromEntries(((await get(`/monitors/${id}`)).body.locations as Json[]).map((l) => [l.location, l.state]));

test('GET /locations lists each location with live workers, by kind, with its name', async () => {
  const res = await get('/locations');
  assert.equal(res.status, 200);
  assert.deepEqual(res.body.data, [
    // One uptime worker each, which runs the tcp and dns checks too (issue 47).
    { id: 'eu-central', name: 'Frankfurt', workers: { uptime: 1, tcp: 1, dns: 1, multistep: 1, smtp: 1 } },
    { id: 'us-east', name: 'Virginia', workers: { uptime: 1, tcp: 1, dns: 1, multistep: 1, smtp: 1 } },
  ]);
  // The same, typed, through the client.
  const client = createClient({ baseUrl: origin, apiKey: key });
  assert.deepEqual(
    (await client.listLocations()).map((l) => l.id),
    ['eu-central', 'us-east'],
  );
});

test('a test from two locations runs at each: one entry per location, the site refusing one of them', async () => {
  refused.add(US.SOURCE_ADDRESS);
  const created = await post('/tests', { url: siteUrl, type: 'uptime', locations: ['eu-central', 'us-east'] });
  assert.equal(created.status, 202, JSON.stringify(created.body));
  const done = await eventually(async () => {
    const t = (await get(`/tests/${created.body.id}`)).body;
    return t.status === 'completed' || t.status === 'failed' ? t : undefined;
  }, 30_000);
  refused.clear();
  // An uptime test that finds the site down completes with up: false; that location's verdict is failed.
  assert.deepEqual(
    done.locations.map((l: Json) => [l.location, l.name, l.status, l.verdict]),
    [
      ['eu-central', 'Frankfurt', 'completed', 'ok'],
      ['us-east', 'Virginia', 'completed', 'failed'],
    ],
  );
  const [eu, us] = done.locations as [Json, Json];
  assert.equal(eu.result.up, true);
  assert.equal(eu.error, null);
  assert.ok(eu.duration_ms >= 0 && Date.parse(eu.completed_at) >= Date.parse(eu.started_at));
  assert.equal(us.result.up, false);
  assert.equal(us.result.reason, 'connection_reset', JSON.stringify(us));
  // A majority of 2 is 2: one failed location of two does not fail the test; its figures are eu-central's.
  assert.equal(done.quorum, 2);
  assert.equal(done.status, 'completed');
  assert.equal(done.result.up, true);

  // Both refused: both fail, so the test ends as the first failed location did (down, its figures).
  refused.add(US.SOURCE_ADDRESS).add(EU.SOURCE_ADDRESS);
  const down = await post('/tests', { url: siteUrl, type: 'uptime', locations: ['us-east', 'eu-central'] });
  const ended = await eventually(async () => {
    const t = (await get(`/tests/${down.body.id}`)).body;
    return t.status === 'completed' || t.status === 'failed' ? t : undefined;
  }, 30_000);
  refused.clear();
  assert.equal(ended.result.up, false);
  assert.equal(ended.result.reason, 'connection_reset');
  assert.deepEqual(
    ended.locations.map((l: Json) => l.verdict),
    ['failed', 'failed'],
  );
});

test('a team with a default location runs its tests without locations there', async (t) => {
  const admin = (body: unknown) =>
    call<Json>(`${origin}/admin/v1/teams/${teamId}`, { method: 'PATCH', token: env.adminToken, body });
  t.after(() => admin({ default_location: null }));
  const set = await admin({ default_location: 'us-east' });
  assert.equal(set.status, 200, JSON.stringify(set.body));
  assert.equal(set.body.default_location, 'us-east');
  // API keys see the team's settings within their cache's few seconds (a test asked before that goes to
  // `default`, where no worker of this file runs).
  const id = await eventually(async () => {
    const created = await post('/tests', { url: siteUrl, type: 'uptime' });
    const shown = (await get(`/tests/${created.body.id}`)).body;
    return shown.locations?.[0]?.location === 'us-east' ? (created.body.id as string) : undefined;
  }, 30_000);
  const ran = await eventually(async () => {
    const t = (await get(`/tests/${id}`)).body;
    return t.status === 'completed' ? t : undefined;
  }, 30_000);
  assert.deepEqual(
    ran.locations.map((l: Json) => [l.location, l.name]),
    [['us-east', 'Virginia']],
  );
});

test('a location that is unknown, or has no live worker of the kind, is a 400 naming it', async () => {
  const unknown = await post('/tests', { url: siteUrl, type: 'uptime', locations: ['eu-central', 'ap-south'] });
  assertProblem(unknown, 400, 'location_unavailable');
  assert.match(unknown.body.detail, /locations\[1\] "ap-south"/);
  assert.equal(unknown.body.errors[0].path, 'body.locations.1');
  const noBrowser = await post('/tests', { url: siteUrl, type: 'lighthouse', locations: ['eu-central'] });
  assertProblem(noBrowser, 400, 'location_unavailable');
  assert.match(noBrowser.body.detail, /"eu-central" has no live lighthouse worker/);
  const monitorThere = await post('/monitors', {
    url: siteUrl,
    type: 'uptime',
    interval_seconds: 60,
    locations: ['mars'],
  });
  assertProblem(monitorThere, 400, 'location_unavailable');
  const quorum = await post('/monitors', {
    url: siteUrl,
    type: 'uptime',
    interval_seconds: 60,
    locations: ['eu-central'],
    quorum: 2,
  });
  assertProblem(quorum, 400, 'validation_failed');
  assert.equal(quorum.body.errors[0].path, 'body.quorum');
});

test('quorum 2 of 2: one location failing raises nothing and shows that location down; quorum 1 of 2 raises monitor.down naming it', async (t) => {
  t.after(() => refused.clear());
  refused.add(US.SOURCE_ADDRESS);
  const both = await monitor({ quorum: 2 });
  const one = await monitor({ quorum: 1 });
  assert.equal(both.quorum, 2);
  assert.equal(one.quorum, 1);

  const down = await eventually(async () => (await alertsOf(one.id)).find((a) => a.event === 'monitor.down'), 20_000);
  assert.deepEqual(down.details.locations.failed, ['us-east']);
  assert.deepEqual(down.details.locations.passed, ['eu-central']);
  assert.equal(down.details.locations.quorum, 1);
  assert.match(down.details.message, /^Down from us-east \(1 of 2 locations, quorum 1\)\. Up from eu-central\./);

  await eventually(async () => {
    const states = await stateOf(both.id);
    return states['us-east'] === 'down' && states['eu-central'] === 'up' ? true : undefined;
  }, 20_000);
  await sleep(3_000);
  assert.deepEqual(
    (await alertsOf(both.id)).map((a) => a.event),
    [],
    'two of two must fail the same slot: one never pages',
  );
  const view = (await get(`/monitors/${both.id}`)).body;
  assert.equal(view.down, false);
  const uptime = Object.fromEntries(view.locations.map((l: Json) => [l.location, l.uptime_24h]));
  assert.equal(uptime['eu-central'], 100);
  assert.equal(uptime['us-east'], 0);
  assert.ok(view.uptime_percent['24h'] > 0 && view.uptime_percent['24h'] < 100, 'overall counts both');
  // Its page says which location fails, in a table of its locations.
  const page = await fetch(view.report_url).then((r) => r.text());
  assert.match(page, /<caption>Locations<\/caption>/);
  // Each location's state: its shape, then its word (issue 60).
  assert.match(page, /<td>us-east<\/td><td class="poor"><svg class="shape"[^>]*>.*?<\/svg>Failing<\/td>/);
  assert.match(page, /<td>eu-central<\/td><td class="good"><svg class="shape"[^>]*>.*?<\/svg>Up<\/td>/);
  // Each location's series on its own.
  const series = async (location: string) =>
    (await get(`/monitors/${both.id}/series?metric=up&location=${location}`)).body.points as Json[];
  assert.ok((await series('us-east')).every((p) => p.value === 0));
  assert.ok((await series('eu-central')).every((p) => p.value === 1));
  // Grouped from raw checks, a location's series is bounded (issue 44): 31 days, not a plan's 90.
  const wide = await get(
    `/monitors/${both.id}/series?metric=up&location=us-east&from=${new Date(Date.now() - 32 * 86_400_000).toISOString()}`,
  );
  assert.equal(wide.status, 400, JSON.stringify(wide.body));
  assert.equal(wide.body.errors[0].path, 'query.from');
  const checks = (await get(`/monitors/${both.id}/checks?limit=10`)).body.data as Json[];
  assert.deepEqual(new Set(checks.map((c) => c.location)), new Set(['eu-central', 'us-east']));

  // Both refused: down, naming both; both back: recovered.
  refused.add(EU.SOURCE_ADDRESS);
  const bothDown = await eventually(
    async () => (await alertsOf(both.id)).find((a) => a.event === 'monitor.down'),
    20_000,
  );
  assert.deepEqual(bothDown.details.locations.failed.sort(), ['eu-central', 'us-east']);
  refused.clear();
  const recovered = await eventually(
    async () => (await alertsOf(both.id)).find((a) => a.event === 'monitor.recovered'),
    20_000,
  );
  assert.deepEqual(recovered.details.locations.passed.sort(), ['eu-central', 'us-east']);
  await patch(`/monitors/${both.id}`, { paused: true });
  await patch(`/monitors/${one.id}`, { paused: true });
});

test('round_robin checks from one location a slot, in turn', async () => {
  const m = await monitor({ location_mode: 'round_robin' });
  assert.equal(m.location_mode, 'round_robin');
  const checks = await eventually(async () => {
    const data = (await get(`/monitors/${m.id}/checks?limit=6`)).body.data as Json[];
    return data.length >= 4 ? data : undefined;
  }, 20_000);
  assert.deepEqual(new Set(checks.map((c) => c.location)), new Set(['eu-central', 'us-east']));
  const slots = checks.map((c) => c.slot);
  assert.equal(new Set(slots).size, slots.length, 'one location a slot');
  await patch(`/monitors/${m.id}`, { paused: true });
});

test('GET /locations drops a worker that stops at once, and one that is killed within 15 s', async () => {
  const watched = await monitor({ interval_seconds: 2 });
  await eventually(async () => ((await stateOf(watched.id))['us-east'] === 'up' ? true : undefined), 20_000);
  await workers.us.stop('SIGTERM');
  const ids = async () => ((await get('/locations')).body.data as Json[]).map((l) => l.id);
  assert.deepEqual(await ids(), ['eu-central'], 'a stopped worker leaves as it stops');
  // A location whose workers are gone: a monitor there shows it not reporting, without counting it a failure.
  const killedAt = Date.now();
  workers.eu.child.kill('SIGKILL');
  await eventually(async () => ((await ids()).length === 0 ? true : undefined), 20_000);
  const took = Date.now() - killedAt;
  assert.ok(took <= 16_000, `a killed worker left the list after ${took} ms (stated: 15 s)`);
  // A monitor whose locations' workers are gone shows them not reporting, and raises nothing.
  const silent = await eventually(async () => {
    const states = await stateOf(watched.id);
    return Object.values(states).every((s) => s === 'not_reporting') ? states : undefined;
  }, 20_000);
  assert.deepEqual(Object.keys(silent), ['eu-central', 'us-east']);
  assert.deepEqual(
    (await alertsOf(watched.id)).map((a) => a.event),
    [],
  );
  const refusedNow = await post('/tests', { url: siteUrl, type: 'uptime', locations: ['eu-central'] });
  assertProblem(refusedNow, 400, 'location_unavailable');
});

test('a lighthouse test from two locations, each served by its browser worker: one entry each, credits per location', async () => {
  // Processes: Lighthouse runs one at a time in a process (stack.ts).
  const browserAt = (where: Record<string, string>) =>
    startApp(
      'worker-browser',
      env.appEnv({
        ...common,
        ...where,
        BROWSER_TEST_TYPES: 'lighthouse',
        BROWSER_WARM_UP: 'false',
        LIGHTHOUSE_MAX_WAIT_MS: '5000',
        PUBLIC_BASE_URL: origin,
      }),
    );
  const browsers = [await browserAt(EU), await browserAt(US)];
  const before = (await get('/credits')).body.credits_balance as number;
  const cost = (await get('/credits')).body.costs.lighthouse as number;
  const created = await post('/tests', { url: siteUrl, type: 'lighthouse', locations: ['eu-central', 'us-east'] });
  assert.equal(created.status, 202, JSON.stringify(created.body));
  assert.equal((await get('/credits')).body.credits_balance, before - 2 * cost, 'each location costs a test');
  const done = await eventually(
    async () => {
      const t = (await get(`/tests/${created.body.id}`)).body;
      return t.status === 'completed' || t.status === 'failed' ? t : undefined;
    },
    150_000,
    'lighthouse from two locations',
  );
  assert.equal(done.status, 'completed', JSON.stringify(done.locations));
  assert.deepEqual(
    done.locations.map((l: Json) => [l.location, l.status]),
    [
      ['eu-central', 'completed'],
      ['us-east', 'completed'],
    ],
  );
  for (const entry of done.locations as Json[]) {
    assert.ok(Number.isInteger(entry.performance_score), JSON.stringify(entry));
    assert.equal(typeof entry.vitals.lcp_ms, 'number');
  }
  assert.equal(done.performance_score, done.locations[0].performance_score, 'the top level is the first location');
  const artifacts = await get(`/tests/${created.body.id}/artifacts`);
  assert.equal(artifacts.status, 200);
  await Promise.all(browsers.map((b) => b.stop('SIGTERM')));
});
