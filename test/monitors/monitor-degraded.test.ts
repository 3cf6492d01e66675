// Issue 58, item 5: degraded, between up and down. A monitor whose response-time expectation says
// `severity: "degraded"` goes degraded when its target slows: its state in the API, its page and badge
// in amber, the status page's JSON and HTML, monitor.degraded through an alert channel and the callback,
// then monitor.recovered when it is fast again; uptime counts the degraded checks as up and reports
// them apart. Through the real API, uptime worker and dispatcher.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { startApiApp } from '../support/app-process.ts';
import { assertProblem, call } from '../support/http.ts';
import { eventually, startServer } from '../support/servers.ts';
import { startInProcess } from '../support/stack.ts';
import { teamWithKey } from '../support/teams.ts';
import { createTestEnv } from '../support/test-env.ts';

type Json = Record<string, any>;

const env = await createTestEnv();
const common = {
  ALLOW_PRIVATE_TARGETS: 'true',
  RATE_LIMIT_WRITES_PER_MIN: '1000',
  RATE_LIMIT_READS_PER_MIN: '10000',
  SWEEP_INTERVAL_MS: '500',
  MONITOR_MIN_INTERVAL_SECONDS: '1',
  ALERT_RETRY_BASE_MS: '300',
};
const { origin } = await startApiApp(env, common);
await startInProcess('worker-uptime', env.appEnv({ ...common, PUBLIC_BASE_URL: origin }));
await startInProcess('callback-dispatcher', env.appEnv({ ...common, PUBLIC_BASE_URL: origin }));
const api = `${origin}/api/v1`;
const { key } = await teamWithKey(env);
const post = (path: string, body: unknown) => call<Json>(`${api}${path}`, { method: 'POST', token: key, body });
const get = (path: string) => call<Json>(`${api}${path}`, { token: key });

/** A target that answers 200, after `delayMs`. */
const target = { delayMs: 0 };
const site = await startServer((_req, res) => {
  setTimeout(() => res.writeHead(200).end('ok'), target.delayMs);
});
const hook = await startServer((_req, res) => res.writeHead(200).end('ok'));
const events = (path: string) =>
  hook.requests.filter((r) => r.url === path).map((r) => JSON.parse(r.raw.toString()) as Json);

const channel = (await post('/alert-channels', { type: 'webhook', name: 'hook', url: `${hook.url}/channel` })).body;
const created = await post('/monitors', {
  url: `${site.url}/`,
  type: 'uptime',
  name: 'Shop',
  interval_seconds: 1,
  alert: { down_after: 2 },
  alert_channels: [channel.id],
  callback_url: `${hook.url}/callback`,
  expect: [
    { source: 'status', operator: 'eq', value: 200 },
    { source: 'response_time', operator: 'lt', value: 400, severity: 'degraded' },
  ],
});
assert.equal(created.status, 201, JSON.stringify(created.body));
const monitor = created.body;
const page = await post('/status-pages', {
  slug: 'shop-status',
  title: 'Shop status',
  monitors: [{ id: monitor.id, label: 'Shop' }],
});
assert.equal(page.status, 201, JSON.stringify(page.body));
const state = async () => (await get(`/monitors/${monitor.id}`)).body;
await eventually(async () => ((await state()).state === 'up' ? true : undefined), 20_000, 'up first');

test('an expectation says its severity; an unknown one is refused by name', async () => {
  assert.equal(monitor.options.expect[1].severity, 'degraded');
  const bad = await post('/monitors', {
    url: `${site.url}/`,
    type: 'uptime',
    interval_seconds: 60,
    expect: [{ source: 'response_time', operator: 'lt', value: 400, severity: 'amber' }],
  });
  assertProblem(bad, 400, 'validation_failed');
  assert.match(JSON.stringify(bad.body.errors), /expect\/0\/severity|expect\.0\.severity/);
});

test('slow answers make it degraded: its state, monitor.degraded to the channel and the callback', async () => {
  target.delayMs = 600;
  await eventually(async () => ((await state()).state === 'degraded' ? true : undefined), 30_000, 'degraded');
  const m = await state();
  assert.equal(m.down, false, 'degraded is not down');
  for (const path of ['/channel', '/callback']) {
    const degraded = await eventually(
      async () => events(path).find((e) => e.event === 'monitor.degraded'),
      20_000,
      `${path}: monitor.degraded`,
    );
    assert.equal(degraded.monitor.id, monitor.id);
    assert.equal(degraded.alert.reason, 'expectation_degraded');
    assert.match(degraded.alert.details.message, /^Expected response time to be less than 400 ms, got \d+ ms/);
    assert.ok(!events(path).some((e) => e.event === 'monitor.down'), `${path}: no monitor.down`);
  }
  const hookCall = hook.requests.find((r) => r.url === '/callback')!;
  assert.equal(hookCall.headers['x-service-event'], 'monitor.degraded');
  const checks = (await get(`/monitors/${monitor.id}/checks?limit=50`)).body.data as Json[];
  const slow = checks.filter((c) => c.degraded);
  assert.ok(slow.length >= 2, JSON.stringify(checks.slice(0, 3)));
  for (const c of slow) assert.equal(c.up, true, 'a degraded check is up');
});

test('amber on its page and badge; the status page says degraded, in JSON and HTML', async () => {
  const html = await (await fetch(monitor.report_url)).text();
  // Its word in amber beside its shape, a diamond (issue 60: never the color alone).
  assert.match(
    html,
    /<p class="state average"><svg class="shape"[^>]*><path d="M6 0.5 11.5 6 6 11.5 0.5 6z"\/><\/svg>Degraded/,
  );
  const badge = await (await fetch(monitor.badges.status)).text();
  assert.match(badge, /degraded/);
  assert.match(badge, /fill="#d8b800"/i, 'badge-maker’s yellow');
  const json = (await (await fetch(`${origin}/status/shop-status.json`)).json()) as Json;
  assert.equal(json.state, 'degraded_performance');
  assert.equal(json.monitors[0].state, 'degraded');
  assert.equal(json.monitors[0].status_text, 'Degraded performance');
  const statusHtml = await (await fetch(`${origin}/status/shop-status`)).text();
  assert.match(statusHtml, /<span class="state average">Degraded performance<\/span>/);
});

test('fast again: monitor.recovered from degraded; uptime counts degraded time as up, and reports it', async () => {
  target.delayMs = 0;
  await eventually(async () => ((await state()).state === 'up' ? true : undefined), 30_000, 'up again');
  for (const path of ['/channel', '/callback']) {
    const recovered = await eventually(
      async () => events(path).find((e) => e.event === 'monitor.recovered'),
      20_000,
      `${path}: monitor.recovered`,
    );
    assert.equal(recovered.alert.details.from, 'degraded');
    assert.deepEqual(
      events(path).map((e) => e.event),
      ['monitor.degraded', 'monitor.recovered'],
    );
  }
  const m = await state();
  assert.equal(m.uptime_percent['24h'], 100, 'degraded checks are up');
  assert.ok(m.degraded_percent['24h'] > 0 && m.degraded_percent['24h'] < 100, JSON.stringify(m.degraded_percent));
  const checks = (await get(`/monitors/${monitor.id}/checks?limit=100`)).body.data as Json[];
  const share = (checks.filter((c) => c.degraded).length / checks.length) * 100;
  assert.ok(Math.abs(m.degraded_percent['24h'] - share) < 10, `${m.degraded_percent['24h']} vs ${share}`);
});
