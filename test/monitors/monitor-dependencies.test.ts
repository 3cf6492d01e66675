// Issue 58, item 4: dependent monitors stay quiet. A parent with 30 dependents goes down: each alert
// channel receives the parent's alert and nothing else; the dependents' checks are recorded naming the
// parent; one still down once the parent has been up for its own down_after count alerts then; those
// whose down was never sent send no recovery. Cycles are refused, through the API and as code. Through
// the real API, uptime worker and dispatcher.
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
const patch = (path: string, body: unknown) => call<Json>(`${api}${path}`, { method: 'PATCH', token: key, body });
const get = (path: string) => call<Json>(`${api}${path}`, { token: key });

/** Targets the test steers down (500) or up. */
const down = { parent: false, children: false, last: false };
const siteOf = (name: keyof typeof down) => startServer((_req, res) => res.writeHead(down[name] ? 500 : 200).end('x'));
const [parentSite, childSite, lastSite] = await Promise.all([siteOf('parent'), siteOf('children'), siteOf('last')]);

/** Both channels' receiver: what each got, by path (`/a`, `/b`). */
const hook = await startServer((_req, res) => res.writeHead(200).end('ok'));
const received = (path: string) =>
  hook.requests
    .filter((r) => r.url === path)
    .map((r) => JSON.parse(r.raw.toString()) as Json)
    .map((b) => ({ event: b.event as string, monitor: b.monitor.id as string, details: b.alert.details as Json }));

const channels = await Promise.all(
  ['a', 'b'].map(async (name) => {
    const res = await post('/alert-channels', { type: 'webhook', name: `hook ${name}`, url: `${hook.url}/${name}` });
    assert.equal(res.status, 201, JSON.stringify(res.body));
    return res.body.id as string;
  }),
);
const monitor = async (url: string, body: Json) => {
  const res = await post('/monitors', { url, type: 'uptime', interval_seconds: 1, alert_channels: channels, ...body });
  assert.equal(res.status, 201, JSON.stringify(res.body));
  return res.body;
};

const parent = await monitor(`${parentSite.url}/`, { name: 'Load balancer', alert: { down_after: 1 } });
const children = await Promise.all(
  Array.from({ length: 29 }, (_, i) =>
    monitor(`${childSite.url}/${i}`, { name: `Service ${i}`, alert: { down_after: 3 }, depends_on: [parent.id] }),
  ),
);
const last = await monitor(`${lastSite.url}/`, {
  name: 'Stays down',
  alert: { down_after: 3 },
  depends_on: [parent.id],
});
const dependents = [...children, last];

const state = async (id: string) => (await get(`/monitors/${id}`)).body;
/** Every monitor has checked at least once, up. */
await eventually(
  async () => {
    const { body } = await get('/monitors?limit=100');
    return body.data.every((m: Json) => m.last_run_at !== null) ? true : undefined;
  },
  30_000,
  'every monitor checked',
);

test('the parent goes down: each channel receives its alert once, and nothing of the 30 dependents', async () => {
  Object.assign(down, { parent: true, children: true, last: true });
  // Every dependent is down, its monitor.down recorded but held.
  await eventually(
    async () => {
      const states = await Promise.all(dependents.map((d) => state(d.id)));
      return states.every((s) => s.down) ? true : undefined;
    },
    40_000,
    'every dependent down',
  );
  // What a delivery still in flight would bring, given time to come.
  await new Promise((r) => setTimeout(r, 2000));
  for (const path of ['/a', '/b']) {
    assert.deepEqual(
      received(path).map((m) => [m.event, m.monitor]),
      [['monitor.down', parent.id]],
      `${path}: only the parent's alert`,
    );
  }
  assert.equal((await state(parent.id)).down, true);
});

test("a dependent's checks are recorded as usual, naming the parent; its held alert says why", async () => {
  const child = children[7]!;
  const checks = (await get(`/monitors/${child.id}/checks?limit=100`)).body.data as Json[];
  const failed = checks.filter((c) => !c.up);
  assert.ok(failed.length >= 3, 'its downs are recorded');
  const held = failed.filter((c) => c.suppressed_by === parent.id);
  assert.ok(held.length >= 2, JSON.stringify(failed));
  for (const c of checks.filter((c) => c.up)) assert.equal(c.suppressed_by, null);
  const alerts = (await get(`/monitors/${child.id}/alerts`)).body.data as Json[];
  const downAlert = alerts.find((a) => a.event === 'monitor.down')!;
  assert.equal(downAlert.details.suppressed_by, parent.id);
  assert.deepEqual(downAlert.details.held, { reason: 'parent_down', parent: { id: parent.id, name: 'Load balancer' } });
  assert.deepEqual(downAlert.channels, [], 'sent to no channel');
});

test('the parent recovers: a dependent still down alerts after its own down_after; the others send no recovery', async () => {
  down.children = false;
  await eventually(
    async () => {
      const states = await Promise.all(children.map((d) => state(d.id)));
      return states.every((s) => !s.down) ? true : undefined;
    },
    30_000,
    'the 29 dependents back up',
  );
  const upAt = Date.now();
  down.parent = false;
  for (const path of ['/a', '/b']) {
    await eventually(
      async () => (received(path).some((m) => m.event === 'monitor.down' && m.monitor === last.id) ? true : undefined),
      30_000,
      `${path}: the dependent still down alerts`,
    );
  }
  // Not before the parent had been up for three of its checks (one a second).
  const lastDown = hook.requests.find((r) => r.url === '/a' && JSON.parse(r.raw.toString()).monitor.id === last.id)!;
  assert.ok(lastDown.at - upAt >= 2000, `sent ${lastDown.at - upAt} ms after the parent came back`);
  down.last = false;
  for (const path of ['/a', '/b']) {
    await eventually(
      async () =>
        received(path).some((m) => m.event === 'monitor.recovered' && m.monitor === last.id) ? true : undefined,
      30_000,
      `${path}: its recovery`,
    );
    const got = received(path);
    const down = got.find((m) => m.event === 'monitor.down' && m.monitor === last.id)!;
    assert.equal(down.details.after_parent, true);
    assert.deepEqual(
      got.map((m) => [m.event, m.monitor === parent.id ? 'parent' : m.monitor === last.id ? 'last' : 'other']),
      [
        ['monitor.down', 'parent'],
        ['monitor.recovered', 'parent'],
        ['monitor.down', 'last'],
        ['monitor.recovered', 'last'],
      ],
      `${path}: no recovery of a down never sent`,
    );
  }
  const alerts = (await get(`/monitors/${children[3]!.id}/alerts`)).body.data as Json[];
  const recovered = alerts.find((a) => a.event === 'monitor.recovered')!;
  assert.deepEqual(recovered.details.held, { reason: 'down_not_sent' });
});

test('cycles are refused with a 422 naming the monitors along them; unknown monitors with a 400', async () => {
  const direct = await patch(`/monitors/${parent.id}`, { depends_on: [children[0]!.id] });
  assertProblem(direct, 422, 'dependency_cycle');
  assert.match(direct.body.detail, /cycle: Load balancer \(.+\) → Service 0 \(.+\) → Load balancer/);
  assert.equal(direct.body.errors[0].path, 'body.depends_on');
  assertProblem(await patch(`/monitors/${parent.id}`, { depends_on: [parent.id] }), 422, 'dependency_cycle');

  const x = await monitor(`${parentSite.url}/x`, { name: 'X', interval_seconds: 60 });
  const y = await monitor(`${parentSite.url}/y`, { name: 'Y', interval_seconds: 60, depends_on: [x.id] });
  const z = await monitor(`${parentSite.url}/z`, { name: 'Z', interval_seconds: 60, depends_on: [y.id] });
  const indirect = await patch(`/monitors/${x.id}`, { depends_on: [z.id] });
  assertProblem(indirect, 422, 'dependency_cycle');
  assert.match(indirect.body.detail, /X \(.+\) → Z \(.+\) → Y \(.+\) → X/);
  assert.deepEqual((await state(x.id)).depends_on, [], 'nothing changed');

  const unknown = await post('/monitors', {
    url: `${parentSite.url}/u`,
    type: 'uptime',
    interval_seconds: 60,
    depends_on: ['0191f3b0-5555-7aaa-8bbb-0123456789ab'],
  });
  assertProblem(unknown, 400, 'validation_failed');
  assert.equal(unknown.body.errors[0].path, 'body.depends_on.0');
  assertProblem(await patch(`/monitors/${x.id}`, { depends_on: ['nope'] }), 400, 'validation_failed');

  // A deleted parent leaves its dependents' lists.
  assert.equal((await call(`${api}/monitors/${x.id}`, { method: 'DELETE', token: key })).status, 204);
  assert.deepEqual((await state(y.id)).depends_on, []);
  assert.deepEqual((await state(z.id)).depends_on, [y.id]);
});

test('as code: depends_on by key, cycles in the file (direct and indirect) refused with a 422', async () => {
  const entry = (k: string, parents: string[] = []) => ({
    key: k,
    type: 'uptime',
    url: `${parentSite.url}/${k}`,
    interval_seconds: 60,
    ...(parents.length ? { depends_on: parents } : {}),
  });
  const config = (monitors: Json[]) => ({ managed_by: 'pageprobe.yaml', monitors });
  const cyclic = await post('/config/plan', config([entry('web', ['db']), entry('db', ['web'])]));
  assertProblem(cyclic, 422, 'config_invalid');
  assert.match(cyclic.body.detail, /monitor web: depends_on would make a cycle: web → db → web/);
  assert.equal(cyclic.body.errors[0].path, 'body.monitors.0.depends_on');
  const self = await post('/config/apply', config([entry('web', ['web'])]));
  assertProblem(self, 422, 'config_invalid');
  const longer = await post('/config/apply', config([entry('a', ['c']), entry('b', ['a']), entry('c', ['b'])]));
  assertProblem(longer, 422, 'config_invalid');
  const unknown = await post('/config/plan', config([entry('web', ['nowhere'])]));
  assertProblem(unknown, 422, 'config_invalid');
  assert.match(unknown.body.detail, /"nowhere" is not the key of a monitor/);

  // Applied: a key later in the file is an id once written, and the plan then says nothing changes.
  const good = config([entry('web', ['db', 'lb']), entry('db', ['lb']), entry('lb')]);
  const applied = await post('/config/apply', good);
  assert.equal(applied.status, 200, JSON.stringify(applied.body));
  const ids = Object.fromEntries(applied.body.changes.map((c: Json) => [c.key, c.id]));
  assert.deepEqual((await state(ids.web)).depends_on.sort(), [ids.db, ids.lb].sort());
  assert.deepEqual((await state(ids.db)).depends_on, [ids.lb]);
  assert.deepEqual((await post('/config/plan', good)).body.changes, []);
  // Closing a cycle through a monitor the file keeps as it is: refused too.
  const closing = await post(
    '/config/plan',
    config([entry('web', ['db', 'lb']), entry('db', ['lb']), entry('lb', ['web'])]),
  );
  assertProblem(closing, 422, 'config_invalid');
  const exported = (await post('/config/export', { managed_by: 'pageprobe.yaml' })).body;
  const web = exported.config.monitors.find((m: Json) => m.key === 'web');
  assert.deepEqual(web.depends_on, ['db', 'lb']);
});
