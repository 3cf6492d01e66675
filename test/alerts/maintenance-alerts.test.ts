// Issue 31: maintenance windows, reminders and certificate alerts, through the real uptime worker and
// dispatcher on 1-second monitors. What a channel receives is what users see; the alerts list and the
// monitor's record show what was held. (The windows' arithmetic across DST changes is proven in
// packages/test-lifecycle's window-times tests: the machine's clock cannot be moved to a change here.)
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { startApiInProcess } from '../support/api-in-process.ts';
import { makeCertificates } from '../support/certs.ts';
import { assertProblem, call } from '../support/http.ts';
import { eventually, type ReceivedRequest, startServer } from '../support/servers.ts';
import { teamWithKey } from '../support/teams.ts';
import { createTestEnv } from '../support/test-env.ts';
import { startApp } from '../support/app-process.ts';
import { startInProcess } from '../support/stack.ts';

const env = await createTestEnv();
const certs = makeCertificates(mkdtempSync(join(tmpdir(), 'pageprobe-certs-')));
const common = {
  ALLOW_PRIVATE_TARGETS: 'true',
  RATE_LIMIT_WRITES_PER_MIN: '1000',
  RATE_LIMIT_READS_PER_MIN: '100000',
  SWEEP_INTERVAL_MS: '500',
  MONITOR_MIN_INTERVAL_SECONDS: '1',
  ALERT_RETRY_BASE_MS: '200',
};
const { origin } = await startApiInProcess(env, common);
await startApp('worker-uptime', env.appEnv({ ...common, NODE_EXTRA_CA_CERTS: certs.caFile, PUBLIC_BASE_URL: origin }));
await startInProcess('callback-dispatcher', env.appEnv({ ...common, PUBLIC_BASE_URL: origin }));
const api = `${origin}/api/v1`;
const { key } = await teamWithKey(env);

type Json = Record<string, any>;
const post = (path: string, body: unknown) => call<Json>(`${api}${path}`, { method: 'POST', token: key, body });
const patch = (path: string, body: unknown) => call<Json>(`${api}${path}`, { method: 'PATCH', token: key, body });
const get = (path: string) => call<Json>(`${api}${path}`, { token: key });

/** A webhook channel and what it received, by event. */
async function channel() {
  const receiver = await startServer();
  const created = await post('/alert-channels', { type: 'webhook', name: 'hook', url: `${receiver.url}/hook` });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  const bodies = () => receiver.requests.map((r: ReceivedRequest) => JSON.parse(r.raw.toString('utf8')));
  return { id: created.body.id as string, bodies, events: () => bodies().map((b) => `${b.event}:${b.alert.reason}`) };
}

const downSite = await startServer((_req, res) => res.writeHead(503).end('down'));
const steered = { down: true };
const steeredSite = await startServer((_req, res) => res.writeHead(steered.down ? 500 : 200).end('x'));

async function monitor(body: Json) {
  const res = await post('/monitors', { type: 'uptime', interval_seconds: 1, alert: { down_after: 1 }, ...body });
  assert.equal(res.status, 201, JSON.stringify(res.body));
  return res.body;
}
const alertsOf = async (id: string) => (await get(`/monitors/${id}/alerts?limit=100`)).body.data as Json[];
const pause = (id: string) => patch(`/monitors/${id}`, { paused: true });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

test('a window by tag holds alerts, marks the incident and leaves its checks out of uptime; afterwards the monitor still down is told once', async () => {
  const hook = await channel();
  const now = Date.now();
  const window = await post('/maintenance-windows', {
    name: 'Deploy',
    starts_at: new Date(now - 60_000).toISOString(),
    ends_at: new Date(now + 3_600_000).toISOString(),
    tags: ['shop'],
  });
  assert.equal(window.status, 201, JSON.stringify(window.body));
  assert.equal(window.body.active, true);
  const m = await monitor({ url: `${steeredSite.url}/`, tags: ['shop', 'eu'], alert_channels: [hook.id] });
  assert.deepEqual(m.tags, ['shop', 'eu']);

  const held = await eventually(async () => {
    const alerts = await alertsOf(m.id);
    return alerts.find((a) => a.event === 'monitor.down');
  });
  assert.equal(held.details.held.reason, 'maintenance');
  assert.equal(held.details.held.window.name, 'Deploy');
  assert.deepEqual(held.channels, [], 'sent to no channel');
  await sleep(1500);
  assert.deepEqual(hook.events(), [], 'nothing arrives during the window');
  const view = (await get(`/monitors/${m.id}`)).body;
  assert.equal(view.incidents[0].maintenance, true);
  assert.equal(view.uptime_percent['24h'], null, 'checks in maintenance count neither up nor down');
  const checks = (await get(`/monitors/${m.id}/checks`)).body.data;
  assert.ok(checks.length >= 2 && checks.every((c: Json) => c.maintenance === true && c.up === false));

  // The window ends: the monitor is still down, so it is told, once.
  await patch(`/maintenance-windows/${window.body.id}`, {
    ends_at: new Date().toISOString(),
    starts_at: new Date(now - 60_000).toISOString(),
  });
  await eventually(async () => (hook.events().length > 0 ? true : undefined));
  await sleep(1500);
  assert.deepEqual(hook.events(), ['monitor.down:still_down']);
  assert.equal(hook.bodies()[0].alert.details.after_maintenance, true);
  assert.match(hook.bodies()[0].alert.details.message, /maintenance window is over/);
  const counted = (await get(`/monitors/${m.id}`)).body.uptime_percent['24h'];
  assert.equal(counted, 0, 'checks after the window count');
  // It comes back: its recovery is told, since its down was.
  steered.down = false;
  await eventually(async () => (hook.events().length > 1 ? true : undefined));
  assert.deepEqual(hook.events(), ['monitor.down:still_down', 'monitor.recovered:check_passed']);
  await pause(m.id);
});

test('a recurring window in a time zone holds alerts while an occurrence runs; a monitor outside it is told', async () => {
  const hook = await channel();
  const now = new Date();
  // Daily from a minute ago, 10 minutes each, in New York: one occurrence is running now.
  const daily = await post('/maintenance-windows', {
    name: 'Nightly backup',
    starts_at: new Date(now.getTime() - 60_000).toISOString(),
    rrule: 'FREQ=DAILY',
    duration_minutes: 10,
    time_zone: 'America/New_York',
    tags: ['backup'],
  });
  assert.equal(daily.status, 201, JSON.stringify(daily.body));
  assert.equal(daily.body.active, true);
  assert.equal(daily.body.next.length, 5);
  assert.equal(Date.parse(daily.body.next[1].start) - Date.parse(daily.body.next[0].start), 86_400_000);
  const inside = await monitor({ url: `${downSite.url}/in`, tags: ['backup'], alert_channels: [hook.id] });
  const outside = await monitor({ url: `${downSite.url}/out`, tags: ['web'], alert_channels: [hook.id] });
  await eventually(async () => (hook.events().length > 0 ? true : undefined));
  await sleep(1500);
  assert.deepEqual(
    hook.bodies().map((b) => [b.monitor.id, b.event]),
    [[outside.id, 'monitor.down']],
    'only the monitor outside the window is told',
  );
  const held = (await alertsOf(inside.id)).find((a) => a.event === 'monitor.down');
  assert.equal(held?.details.held.reason, 'maintenance');
  // Tomorrow's occurrence, not now: the window no longer holds.
  const later = await patch(`/maintenance-windows/${daily.body.id}`, {
    starts_at: new Date(now.getTime() + 3_600_000).toISOString(),
  });
  assert.equal(later.body.active, false);
  await Promise.all([pause(inside.id), pause(outside.id)]);
});

test('a window is checked: one-off or recurring, a real zone and rule, monitors of the team', async () => {
  const at = new Date().toISOString();
  const bad = async (body: Json, path: string) => {
    const res = await post('/maintenance-windows', { name: 'x', starts_at: at, tags: ['a'], ...body });
    assertProblem(res, 400, 'validation_failed');
    assert.equal(res.body.errors[0].path, path, JSON.stringify(res.body));
  };
  await bad({}, 'body.ends_at');
  await bad({ ends_at: at }, 'body.ends_at');
  await bad({ rrule: 'FREQ=DAILY' }, 'body.duration_minutes');
  await bad({ rrule: 'FREQ=SOMETIMES', duration_minutes: 5 }, 'body.rrule');
  await bad({ rrule: 'DTSTART:20260101T000000Z\nRRULE:FREQ=DAILY', duration_minutes: 5 }, 'body.rrule');
  await bad({ rrule: 'FREQ=DAILY', duration_minutes: 5, time_zone: 'Mars/Olympus' }, 'body.time_zone');
  await bad({ rrule: 'FREQ=DAILY', duration_minutes: 5, tags: [] }, 'body.monitors');
  await bad(
    {
      ends_at: new Date(Date.now() + 60_000).toISOString(),
      tags: [],
      monitors: ['0191f3b0-5555-7aaa-8bbb-0123456789ab'],
    },
    'body.monitors.0',
  );
});

test('reminders: monitor.down again every remind_every_minutes while down, not between', async () => {
  const hook = await channel();
  const m = await monitor({
    url: `${downSite.url}/remind`,
    alert: { down_after: 1, remind_every_minutes: 10 },
    alert_channels: [hook.id],
  });
  assert.equal(m.alert.remind_every_minutes, 10, 'the shortest interval (issue 44)');
  await eventually(async () => (hook.events().length > 0 ? true : undefined));
  await sleep(2000);
  assert.deepEqual(hook.events(), ['monitor.down:http_error'], 'no reminder within the 10 minutes');
  // Ten minutes have passed since it was told (as the row says once we move it back).
  const moveBack = () =>
    env.db
      .$executeRaw`UPDATE monitors SET down_alerted_at = down_alerted_at - interval '601 seconds' WHERE id = ${m.id}::uuid`;
  await moveBack();
  await eventually(async () => (hook.events().length > 1 ? true : undefined));
  await sleep(2000);
  assert.deepEqual(hook.events(), ['monitor.down:http_error', 'monitor.down:still_down'], 'one reminder, then quiet');
  const reminder = hook.bodies()[1];
  assert.equal(reminder.alert.details.reminder, true);
  assert.ok(reminder.incident.started_at, 'it says since when');
  await moveBack();
  await eventually(async () => (hook.events().length > 2 ? true : undefined));
  assert.deepEqual(hook.events().at(-1), 'monitor.down:still_down');
  await pause(m.id);
});

test('monitor.certificate_expiring when fewer than certificate_alert_days are left, once per certificate', async () => {
  const server = createHttpsServer(certs.valid, (_req, res) => res.writeHead(200).end('secure'));
  server.listen(0, '127.0.0.1');
  after(() => server.close());
  await new Promise((r) => server.once('listening', r));
  const url = `https://localhost:${(server.address() as AddressInfo).port}/`;
  const hook = await channel();
  // The test certificate is valid for 30 days: 29 left counts under 31, not under the default 14.
  const warned = await monitor({ url, alert: { certificate_alert_days: 31 }, alert_channels: [hook.id] });
  const quiet = await monitor({ url: `${url}quiet`, alert_channels: [hook.id] });
  assert.equal(quiet.alert.certificate_alert_days, 14);
  await eventually(async () => (hook.events().length > 0 ? true : undefined));
  await sleep(3000);
  assert.deepEqual(hook.events(), ['monitor.certificate_expiring:certificate_expiring'], 'once, for one monitor');
  const [alert] = hook.bodies();
  assert.equal(alert.monitor.id, warned.id);
  assert.ok(alert.alert.details.days_remaining < 31);
  assert.match(alert.alert.details.message, /expires on \d{4}-\d{2}-\d{2}, in \d+ days/);
  assert.ok(Date.parse(alert.alert.details.valid_to) > Date.now());
  await Promise.all([pause(warned.id), pause(quiet.id)]);
});
