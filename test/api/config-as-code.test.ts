// Issue 50: monitoring as code. POST /config/plan and /config/apply against the API as production runs it
// (its own process): a team described whole (3 channels, 20 monitors of every kind, a maintenance window,
// a status page) applied from nothing, then planned as no change; an edit changing exactly its fields and
// keeping ids, history and ping tokens; deletes only with prune; what was made by hand never touched; 100
// monitors in one write; every problem named by key and field; an apply killed with SIGKILL leaving all or
// nothing; two applies at once making no doubles; export of a team made through the API (one write) that
// plans as no change; adopt; a window's time-dependent checks binding creates and timing changes only.
// Issue 61: RUM sites (rum_sites), keyed by name, through the same plan, apply, prune and export.
// biome-ignore-all lint/suspicious/noTemplateCurlyInString: ${…} is the file's own syntax here
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { createPool } from '@pageprobe/db';
import { ensureCurrentPartitions } from '@pageprobe/test-lifecycle';
import { startApiApp } from '../support/app-process.ts';
import { assertProblem, call } from '../support/http.ts';
import { eventually } from '../support/servers.ts';
import { teamWithKey } from '../support/teams.ts';
import { createTestEnv } from '../support/test-env.ts';

const env = await createTestEnv();
// The per-key write limit stays the default (10 a minute): an apply must count as one write.
const API_ENV = { MONITORS_PER_TEAM: '1000' };
let { origin, app } = await startApiApp(env, API_ENV, { process: true });
const api = () => `${origin}/api/v1`;
const pool = createPool(env.databaseUrl, { size: 2 });
after(() => pool.end());

interface Change {
  action: 'create' | 'update' | 'delete';
  resource: string;
  key: string;
  id: string | null;
  fields: Array<{ field: string; from: unknown; to: unknown }>;
}
/** The answer: the changes, or a problem's fields. */
interface Plan {
  changes: Change[];
  [field: string]: unknown;
}

const plan = (key: string, body: object) => call<Plan>(`${api()}/config/plan`, { method: 'POST', token: key, body });
const apply = (key: string, body: object) => call<Plan>(`${api()}/config/apply`, { method: 'POST', token: key, body });
const list = async <T>(key: string, path: string) =>
  (await call<{ data: T[] }>(`${api()}/${path}?limit=100`, { token: key })).body.data;

const KINDS = ['lighthouse', 'seo_crawl', 'uptime', 'tcp', 'dns', 'heartbeat'] as const;
const target = 'http://127.0.0.1:9';

/** The i-th monitor of a file: every kind in turn, with what each kind takes. */
function monitor(i: number, prefix = 'm'): Record<string, unknown> {
  const type = KINDS[i % KINDS.length]!;
  const common = {
    key: `${prefix}${i}-${type}`,
    name: `Monitor ${i}`,
    type,
    alert_channels: i % 3 === 0 ? ['ops-slack', 'on-call'] : ['ops-hook'],
    tags: ['cfg'],
  };
  switch (type) {
    case 'lighthouse':
      return { ...common, url: `${target}/lh/${i}`, interval_seconds: 3600, alert: { regression_points: 5 } };
    case 'seo_crawl':
      return { ...common, url: `${target}/seo/${i}`, interval_seconds: 86400 };
    case 'uptime':
      return {
        ...common,
        url: `${target}/up/${i}`,
        interval_seconds: 60,
        expect: [{ source: 'status', operator: 'eq', value: 200 }],
        headers: { 'X-Token': `secret-${i}` },
      };
    case 'tcp':
      return { ...common, url: `127.0.0.1:${1000 + i}`, interval_seconds: 60 };
    case 'dns':
      return { ...common, url: 'dns://127.0.0.1:53/example.com?type=A', interval_seconds: 300 };
    case 'heartbeat':
      return { ...common, period_seconds: 300, grace_seconds: 60 };
  }
}

const CHANNELS = [
  { key: 'ops-slack', type: 'slack', name: 'Ops on Slack', url: `${target}/slack/one` },
  { key: 'ops-hook', type: 'webhook', name: 'Ops webhook', url: `${target}/hook` },
  { key: 'on-call', type: 'pagerduty', name: 'On call', routing_key: 'R0UT1NGKEY0000000000000000000000' },
];

function desired(slug: string) {
  const tomorrow = new Date(Date.now() + 86_400_000);
  tomorrow.setUTCHours(1, 0, 0, 0);
  return {
    managed_by: 'pageprobe.yaml',
    alert_channels: structuredClone(CHANNELS),
    monitors: Array.from({ length: 20 }, (_, i) => monitor(i)),
    maintenance_windows: [
      {
        key: 'sunday',
        name: 'Sunday deploys',
        starts_at: tomorrow.toISOString(),
        rrule: 'FREQ=WEEKLY;BYDAY=SU',
        duration_minutes: 60,
        time_zone: 'Europe/Paris',
        monitors: ['m2-uptime', 'm3-tcp'],
      },
    ],
    status_pages: [
      {
        key: 'public',
        slug,
        title: 'Acme status',
        monitors: [
          { key: 'm2-uptime', label: 'Shop' },
          { key: 'm5-heartbeat', label: 'Backups' },
        ],
      },
    ],
  };
}

interface MonitorJson {
  id: string;
  key: string | null;
  managed_by: string | null;
  type: string;
  name: string | null;
  ping_url: string | null;
  next_run_at: string | null;
  deadline_at: string | null;
  alert_channels: string[];
  options: Record<string, unknown> | null;
}

test('a team described whole: applied from nothing, then no change; an edit changes exactly its fields; deletes only with prune; what was made by hand is never touched', async () => {
  const { teamId, key, admin } = await teamWithKey(env);
  const state = desired(`acme-${teamId.slice(0, 8)}`);

  const first = await apply(key, state);
  assert.equal(first.status, 200, JSON.stringify(first.body));
  assert.equal(first.body.changes.length, 25);
  assert.ok(first.body.changes.every((c) => c.action === 'create' && c.id));
  // Channels first, the monitors that name them next, then the window and the page that name monitors.
  assert.deepEqual(
    [...new Set(first.body.changes.map((c) => c.resource))],
    ['alert_channel', 'monitor', 'maintenance_window', 'status_page'],
  );
  const created = first.body.changes.find((c) => c.key === 'm0-lighthouse')!;
  assert.deepEqual(
    created.fields.find((f) => f.field === 'alert.regression_points'),
    { field: 'alert.regression_points', from: null, to: 5 },
  );
  const uptimeCreate = first.body.changes.find((c) => c.key === 'm2-uptime')!;
  assert.deepEqual(
    uptimeCreate.fields.find((f) => f.field === 'headers.X-Token'),
    { field: 'headers.X-Token', from: null, to: '(secret)' },
  );

  // Made as each endpoint makes them: keyed, managed, scheduled, sealed, linked and audited.
  const monitors = await list<MonitorJson>(key, 'monitors');
  assert.equal(monitors.length, 20);
  const byKey = new Map(monitors.map((m) => [m.key!, m]));
  const channels = await list<{ id: string; key: string; managed_by: string; url?: string }>(key, 'alert-channels');
  assert.deepEqual(channels.map((c) => c.key).sort(), ['on-call', 'ops-hook', 'ops-slack']);
  const channelId = new Map(channels.map((c) => [c.key, c.id]));
  for (const m of monitors) {
    assert.equal(m.managed_by, 'pageprobe.yaml');
    if (m.type === 'heartbeat') {
      assert.match(m.ping_url ?? '', /\/ping\/[\w-]{20,}$/);
      assert.ok(m.deadline_at, `${m.key}: a first deadline`);
    } else assert.ok(m.next_run_at, `${m.key}: its first run scheduled`);
  }
  assert.deepEqual(
    byKey.get('m0-lighthouse')!.alert_channels.sort(),
    [channelId.get('ops-slack'), channelId.get('on-call')].sort(),
  );
  assert.deepEqual(byKey.get('m2-uptime')!.options?.headers, { 'X-Token': '[redacted]' });
  const sealed = await pool.query('SELECT secrets FROM monitors WHERE id = $1', [byKey.get('m2-uptime')!.id]);
  assert.ok(sealed.rows[0].secrets.length > 0);
  assert.ok(!sealed.rows[0].secrets.toString('latin1').includes('secret-2'), 'the header value is sealed');
  assert.equal(
    await env.db.auditEntry.count({ where: { teamId, action: 'monitor.created' } }),
    20,
    'one audit entry per monitor, as POST /monitors writes',
  );
  const [window] = await list<{ key: string; monitors: string[]; managed_by: string }>(key, 'maintenance-windows');
  assert.deepEqual(window!.monitors.sort(), [byKey.get('m2-uptime')!.id, byKey.get('m3-tcp')!.id].sort());
  const [page] = await list<{ key: string; monitors: Array<{ id: string; label: string }> }>(key, 'status-pages');
  assert.deepEqual(page!.monitors, [
    { id: byKey.get('m2-uptime')!.id, label: 'Shop' },
    { id: byKey.get('m5-heartbeat')!.id, label: 'Backups' },
  ]);

  // As described: nothing to do, and applying again changes nothing.
  assert.deepEqual((await plan(key, state)).body, { changes: [] });
  assert.deepEqual((await apply(key, state)).body, { changes: [] });

  // History: a ping the heartbeat received before the edit (stored in the partition the dispatcher makes).
  await ensureCurrentPartitions(pool);
  const beat = byKey.get('m5-heartbeat')!;
  assert.equal((await fetch(beat.ping_url!)).status, 200);
  await eventually(
    async () => (await list(key, `monitors/${beat.id}/pings`)).length === 1 || undefined,
    10_000,
    'ping',
  );

  const edited = structuredClone(state);
  const m0 = edited.monitors[0]!;
  m0.name = 'Home page speed';
  (m0.alert as { regression_points: number }).regression_points = 7;
  edited.monitors[2]!.interval_seconds = 120;
  edited.monitors[2]!.headers = { 'X-Token': 'secret-rotated' };
  edited.monitors[5]!.grace_seconds = 120;
  edited.alert_channels[0]!.url = `${target}/slack/two`;
  edited.maintenance_windows[0]!.duration_minutes = 90;
  edited.status_pages[0]!.title = 'Acme systems';
  const planned = await plan(key, edited);
  assert.equal(planned.status, 200);
  const text = JSON.stringify(planned.body);
  assert.ok(!text.includes('secret-rotated') && !text.includes('secret-2') && !text.includes('/slack/'), text);
  const fieldsOf = (changes: Change[]) =>
    Object.fromEntries(changes.map((c) => [`${c.action} ${c.resource} ${c.key}`, c.fields]));
  const expected = {
    'update alert_channel ops-slack': [{ field: 'url', from: '(secret)', to: '(secret)' }],
    'update monitor m0-lighthouse': [
      { field: 'name', from: 'Monitor 0', to: 'Home page speed' },
      { field: 'alert.regression_points', from: 5, to: 7 },
    ],
    'update monitor m2-uptime': [
      { field: 'interval_seconds', from: 60, to: 120 },
      { field: 'headers.X-Token', from: '(secret)', to: '(secret)' },
    ],
    'update monitor m5-heartbeat': [{ field: 'grace_seconds', from: 60, to: 120 }],
    'update maintenance_window sunday': [{ field: 'duration_minutes', from: 60, to: 90 }],
    'update status_page public': [{ field: 'title', from: 'Acme status', to: 'Acme systems' }],
  };
  assert.deepEqual(fieldsOf(planned.body.changes), expected);
  const applied = await apply(key, edited);
  assert.equal(applied.status, 200, JSON.stringify(applied.body));
  assert.deepEqual(fieldsOf(applied.body.changes), expected);
  assert.equal(applied.body.changes.find((c) => c.key === 'm0-lighthouse')!.id, byKey.get('m0-lighthouse')!.id);
  // Same ids, same ping URL, the ping still in its history; the new header sealed in place of the old.
  const after = new Map((await list<MonitorJson>(key, 'monitors')).map((m) => [m.key!, m]));
  for (const [k, m] of byKey) assert.equal(after.get(k)!.id, m.id, k);
  assert.equal(after.get('m5-heartbeat')!.ping_url, beat.ping_url);
  assert.equal((await list(key, `monitors/${beat.id}/pings`)).length, 1);
  assert.equal(after.get('m0-lighthouse')!.name, 'Home page speed');
  assert.deepEqual((await plan(key, edited)).body, { changes: [] });

  // A removed entry: deleted only with prune.
  const removed = String(edited.monitors[19]!.key);
  const fewer = { ...edited, monitors: edited.monitors.slice(0, 19) };
  assert.deepEqual((await apply(key, fewer)).body, { changes: [] });
  assert.equal((await call(`${api()}/monitors/${byKey.get(removed)!.id}`, { token: key })).status, 200);
  const pruning = await plan(key, { ...fewer, prune: true });
  assert.deepEqual(pruning.body.changes, [
    { action: 'delete', resource: 'monitor', key: removed, id: byKey.get(removed)!.id, fields: [] },
  ]);

  // Made by hand (another key of the team: the first has used 6 of its 10 writes a minute).
  const { key: other } = await admin.createApiKey(teamId, { scope: 'write' });
  const hand = await call<MonitorJson>(`${api()}/monitors`, {
    method: 'POST',
    token: other,
    body: { key: 'handmade', type: 'uptime', url: `${target}/hand`, interval_seconds: 300 },
  });
  assert.equal(hand.status, 201, JSON.stringify(hand.body));
  assert.equal(hand.body.key, 'handmade');
  assert.equal(hand.body.managed_by, null);
  const bare = await call<MonitorJson>(`${api()}/monitors`, {
    method: 'POST',
    token: other,
    body: { type: 'uptime', url: `${target}/bare`, interval_seconds: 300 },
  });
  assert.equal(bare.status, 201);
  // A key another monitor of the team has: 409, whichever door.
  assertProblem(
    await call(`${api()}/monitors`, {
      method: 'POST',
      token: other,
      body: { key: 'm0-lighthouse', type: 'uptime', url: `${target}/dup`, interval_seconds: 300 },
    }),
    409,
    'key_taken',
  );

  const pruned = await apply(key, { ...fewer, prune: true });
  assert.deepEqual(
    pruned.body.changes.map((c) => `${c.action} ${c.key}`),
    [`delete ${removed}`],
  );
  assert.equal((await call(`${api()}/monitors/${byKey.get(removed)!.id}`, { token: key })).status, 404);
  for (const m of [hand.body, bare.body]) {
    const now = await call<MonitorJson>(`${api()}/monitors/${m.id}`, { token: key });
    assert.equal(now.status, 200, 'a monitor made by hand is never deleted');
    assert.equal(now.body.managed_by, null);
  }
  // An entry naming the hand-made monitor's key: a conflict, never a silent take-over.
  const clash = await plan(key, { ...fewer, monitors: [...fewer.monitors, { ...monitor(2), key: 'handmade' }] });
  assertProblem(clash, 409, 'key_conflict');
  assert.match(String(clash.body.detail), /handmade/);
  assert.equal(await env.db.monitor.count({ where: { teamId, deletedAt: null } }), 21);
});

test('every problem of every entry in one 422 naming its key, kind and field; nothing is made', async () => {
  const { teamId, key } = await teamWithKey(env);
  const state = {
    alert_channels: [{ key: 'hook', type: 'webhook', name: 'Hook', url: `${target}/hook` }],
    monitors: [
      { key: 'fine', type: 'uptime', url: `${target}/ok`, interval_seconds: 60 },
      { key: 'too-often', type: 'uptime', url: `${target}/ok`, interval_seconds: 5 },
      { key: 'typo', type: 'uptime', url: `${target}/ok`, interval_secs: 60 },
      { key: 'zero', type: 'uptime', url: `${target}/ok`, interval_seconds: 0 },
      { key: 'no-such-channel', type: 'uptime', url: `${target}/ok`, interval_seconds: 60, alert_channels: ['nope'] },
      { key: 'beat', type: 'heartbeat', period_seconds: 60 },
    ],
  };
  // The document's checks first: the misspelt field, with its entry's key.
  const schema = await plan(key, state);
  assertProblem(schema, 422, 'config_invalid');
  const schemaErrors = schema.body.errors as Array<Record<string, unknown>>;
  // Every entry's, not the first found.
  assert.deepEqual(
    schemaErrors.map((e) => [e.key, e.resource, e.field]),
    [
      ['typo', 'monitor', 'interval_secs'],
      ['zero', 'monitor', 'interval_seconds'],
    ],
  );
  // Then each endpoint's own checks, every entry's problems together.
  const fixed = { ...state, monitors: state.monitors.filter((m) => m.key !== 'typo' && m.key !== 'zero') };
  const res = await apply(key, fixed);
  assertProblem(res, 422, 'config_invalid');
  const errors = (res.body.errors as Array<Record<string, unknown>>).map(({ key, resource, field }) => ({
    key,
    resource,
    field,
  }));
  assert.deepEqual(
    errors.sort((a, b) => String(a.key).localeCompare(String(b.key))),
    [
      { key: 'beat', resource: 'monitor', field: 'grace_seconds' },
      { key: 'no-such-channel', resource: 'monitor', field: 'alert_channels.0' },
      { key: 'too-often', resource: 'monitor', field: 'interval_seconds' },
    ],
  );
  assert.match(String(res.body.detail), /too-often/);
  assert.equal(await env.db.monitor.count({ where: { teamId } }), 0);
  assert.equal(await env.db.alertChannel.count({ where: { teamId } }), 0);

  // More than 1,000 resources in one request.
  const many = Array.from({ length: 1000 }, (_, i) => ({
    key: `u${i}`,
    type: 'uptime',
    url: `${target}/`,
    interval_seconds: 60,
  }));
  assertProblem(await plan(key, { ...state, monitors: many }), 413, 'too_many_resources');
});

test('100 monitors in one apply are one write: the per-key limit (10 a minute) has 9 left; a read key plans, never applies', async () => {
  const { teamId, key, admin } = await teamWithKey(env);
  const state = {
    alert_channels: CHANNELS,
    monitors: Array.from({ length: 100 }, (_, i) => monitor(i, 'bulk')),
  };
  const res = await apply(key, state);
  assert.equal(res.status, 200, JSON.stringify(res.body).slice(0, 500));
  assert.equal(res.headers.get('ratelimit'), `"writes";r=9;t=60`);
  assert.equal(await env.db.monitor.count({ where: { teamId, deletedAt: null } }), 100);
  // A plan is a read: the writes left are still 9.
  const planned = await plan(key, state);
  assert.deepEqual(planned.body, { changes: [] });
  assert.match(planned.headers.get('ratelimit') ?? '', /^"reads";/);
  const { key: reader } = await admin.createApiKey(teamId, { scope: 'read' });
  // A read key's plan compares no secret (issue 56): the same no change, each secret listed as not compared.
  const read = await plan(reader, state);
  assert.deepEqual(read.body.changes, []);
  assert.ok(
    (read.body.not_compared as Array<{ field: string }>).some((f) => f.field === 'headers.X-Token'),
    JSON.stringify(read.body).slice(0, 500),
  );
  assertProblem(await apply(reader, state), 403, 'insufficient_scope');
});

test("a read key's plan never tells whether a guessed secret matches; a write key's shows the real difference", async () => {
  // Issue 56 item 4: guesses of a basic-auth password, a header and a channel's URL.
  const { teamId, key, admin } = await teamWithKey(env);
  const { key: reader } = await admin.createApiKey(teamId, { scope: 'read' });
  const state = (password: string, token: string, hook: string) => ({
    managed_by: 'pageprobe.yaml',
    alert_channels: [{ key: 'hook', type: 'webhook', name: 'Hook', url: `${target}/${hook}` }],
    monitors: [
      {
        key: 'admin-page',
        type: 'uptime',
        url: `${target}/admin`,
        interval_seconds: 60,
        basic_auth: { username: 'ops', password },
        headers: { 'X-Token': token },
        alert_channels: ['hook'],
      },
    ],
  });
  const applied = await apply(key, state('correct horse', 'tok-1', 'hook-1'));
  assert.equal(applied.status, 200, JSON.stringify(applied.body));

  const right = await plan(reader, state('correct horse', 'tok-1', 'hook-1'));
  const wrong = await plan(reader, state('battery staple', 'tok-2', 'hook-2'));
  assert.equal(right.status, 200, JSON.stringify(right.body));
  assert.deepEqual(wrong.body, right.body);
  assert.deepEqual(right.body, {
    changes: [],
    not_compared: [
      { resource: 'alert_channel', key: 'hook', field: 'url' },
      { resource: 'monitor', key: 'admin-page', field: 'headers.X-Token' },
      { resource: 'monitor', key: 'admin-page', field: 'basic_auth.password' },
    ],
  });

  // A write key could set them: it is told.
  assert.deepEqual((await plan(key, state('correct horse', 'tok-1', 'hook-1'))).body, { changes: [] });
  const changed = await plan(key, state('battery staple', 'tok-1', 'hook-1'));
  assert.deepEqual(changed.body, {
    changes: [
      {
        action: 'update',
        resource: 'monitor',
        key: 'admin-page',
        id: applied.body.changes.find((c) => c.key === 'admin-page')!.id,
        fields: [{ field: 'basic_auth.password', from: '(secret)', to: '(secret)' }],
      },
    ],
  });
});

test('two applies at once make no doubles', async () => {
  const { teamId, key } = await teamWithKey(env);
  const state = { alert_channels: CHANNELS, monitors: Array.from({ length: 30 }, (_, i) => monitor(i, 'twin')) };
  const [a, b] = await Promise.all([apply(key, state), apply(key, state)]);
  assert.equal(a.status, 200, JSON.stringify(a.body));
  assert.equal(b.status, 200, JSON.stringify(b.body));
  // One made them; the other, planning after it under the team's lock, found nothing to do.
  assert.deepEqual(
    [a.body.changes.length, b.body.changes.length].sort((x, y) => x - y),
    [0, 33],
  );
  const rows = await pool.query<{ key: string; n: number }>(
    'SELECT key, count(*)::int AS n FROM monitors WHERE team_id = $1 AND deleted_at IS NULL GROUP BY key',
    [teamId],
  );
  assert.equal(rows.rows.length, 30);
  assert.ok(rows.rows.every((r) => r.n === 1));
  assert.equal(await env.db.alertChannel.count({ where: { teamId } }), 3);
});

/** The exported file as plan reads it once its variables are set: `${NAME}` the value, `$${` a literal `${`. */
const filled = (config: unknown, values: Record<string, string>) =>
  JSON.parse(JSON.stringify(config), (_k, v: unknown) =>
    typeof v === 'string'
      ? v.replace(/\$\$\{|\$\{([A-Z0-9_]+)\}/g, (m, name: string) => (m === '$${' ? '${' : values[name]!))
      : v,
  );

interface Exported {
  config: Record<string, Array<Record<string, unknown>>>;
  variables: Array<{ name: string; description: string }>;
  keyed: number;
  taken_over: number;
  left_out: Array<{ resource: string; key: string; managed_by: string }>;
}

test('export of a team made through the API: one write keys and takes over every resource, then plan of the file is no change', async () => {
  const { teamId, key, admin } = await teamWithKey(env);
  // Made by hand through the API, by keys of their own (10 writes a minute each).
  const makers = await Promise.all(
    [1, 2, 3].map(async () => (await admin.createApiKey(teamId, { scope: 'write' })).key),
  );
  let made = 0;
  const make = async (path: string, body: object) => {
    const res = await call<{ id: string }>(`${api()}/${path}`, { method: 'POST', token: makers[made++ % 3], body });
    assert.equal(res.status, 201, JSON.stringify(res.body));
    return res.body.id;
  };
  // A channel another file manages: left to it.
  const other = await apply(makers[0]!, { managed_by: 'infra.yaml', alert_channels: [CHANNELS[1]] });
  assert.equal(other.status, 200, JSON.stringify(other.body));
  const slack = await make('alert-channels', { type: 'slack', name: 'Ops on Slack', url: `${target}/slack` });
  const pager = await make('alert-channels', { type: 'pagerduty', name: 'On call', routing_key: 'R0UT1NGKEY' });
  const ids: string[] = [];
  for (let i = 0; i < 18; i++) {
    const { key: _key, alert_channels: _channels, ...body } = monitor(i, 'x');
    ids.push(await make('monitors', { ...body, name: i === 4 ? 'Cost ${EUR}' : 'Same name', alert_channels: [slack] }));
  }
  await make('monitors', { type: 'heartbeat', period_seconds: 600, grace_seconds: 60, alert_channels: [pager] });
  await make('maintenance-windows', {
    name: 'Night',
    starts_at: new Date(Date.now() + 86_400_000).toISOString(),
    rrule: 'FREQ=DAILY',
    duration_minutes: 30,
    monitors: [ids[0], ids[2]],
  });
  await make('status-pages', {
    slug: `exp-${teamId.slice(0, 8)}`,
    title: 'Status',
    monitors: [{ id: ids[2]!, label: 'API' }],
  });

  const { key: reader } = await admin.createApiKey(teamId, { scope: 'read' });
  assertProblem(
    await call(`${api()}/config/export`, { method: 'POST', token: reader, body: {} }),
    403,
    'insufficient_scope',
  );
  const res = await call<Exported>(`${api()}/config/export`, {
    method: 'POST',
    token: key,
    body: { managed_by: 'pageprobe.yaml' },
  });
  assert.equal(res.status, 200, JSON.stringify(res.body));
  // 23 resources keyed and taken over: one write of the key's ten.
  assert.equal(res.headers.get('ratelimit'), `"writes";r=9;t=60`);
  const { config, variables, keyed, taken_over, left_out } = res.body;
  assert.deepEqual({ keyed, taken_over }, { keyed: 23, taken_over: 23 });
  assert.deepEqual(left_out, [{ resource: 'alert_channel', key: 'ops-hook', managed_by: 'infra.yaml' }]);
  assert.deepEqual(
    config.monitors!.map((m) => m.key),
    [
      'same-name',
      ...Array.from({ length: 17 }, (_, i) => (i === 3 ? 'cost-eur' : `same-name-${i + 2 - (i > 3 ? 1 : 0)}`)),
      'heartbeat',
    ],
  );
  assert.equal(config.monitors![4]!.name, 'Cost $${EUR}');
  assert.deepEqual(config.monitors![0]!.alert, { regression_points: 5 });
  assert.deepEqual(config.maintenance_windows![0]!.monitors, ['same-name', 'same-name-3']);
  assert.deepEqual(config.status_pages![0]!.monitors, [{ key: 'same-name-3', label: 'API' }]);
  assert.ok(!JSON.stringify(res.body).includes('secret-'), 'no secret is answered');
  assert.deepEqual(variables.map((v) => v.name).slice(0, 3), [
    'OPS_ON_SLACK_URL',
    'ON_CALL_ROUTING_KEY',
    'SAME_NAME_3_HEADER_X_TOKEN',
  ]);
  const rows = await env.db.monitor.findMany({ where: { teamId, deletedAt: null } });
  assert.ok(rows.every((m) => m.key !== null && m.managedBy === 'pageprobe.yaml'));
  assert.equal(await env.db.auditEntry.count({ where: { teamId, action: 'config.exported' } }), 1);

  // Its variables set (each uptime monitor's header is secret-<n>): plan finds nothing, no adopt needed.
  const values: Record<string, string> = { OPS_ON_SLACK_URL: `${target}/slack`, ON_CALL_ROUTING_KEY: 'R0UT1NGKEY' };
  config.monitors!.forEach((m, i) => {
    if (m.headers) values[`${variableOf(String(m.key))}_HEADER_X_TOKEN`] = `secret-${i}`;
  });
  assert.deepEqual(Object.keys(values).sort(), variables.map((v) => v.name).sort());
  const file = { managed_by: 'pageprobe.yaml', ...filled(config, values) };
  assert.deepEqual((await plan(key, { ...file, prune: true })).body, { changes: [] });
  // A file that forgot a secret's value plans its change, shown as (secret).
  const wrong = filled(config, { ...values, OPS_ON_SLACK_URL: `${target}/other` });
  assert.deepEqual(
    (await plan(key, { managed_by: 'pageprobe.yaml', ...wrong })).body.changes.map((c) => c.fields),
    [[{ field: 'url', from: '(secret)', to: '(secret)' }]],
  );

  // Exported again: the same file, nothing more keyed or taken over.
  const again = await call<Exported>(`${api()}/config/export`, {
    method: 'POST',
    token: key,
    body: { managed_by: 'pageprobe.yaml' },
  });
  assert.deepEqual(again.body, { ...res.body, keyed: 0, taken_over: 0 });
});

const variableOf = (key: string) => key.toUpperCase().replace(/[^A-Z0-9]+/g, '_');

test('adopt: a resource made by hand with a key is taken over (updated as the entry says), then managed like the rest', async () => {
  const { teamId, key } = await teamWithKey(env);
  const hand = await call<MonitorJson>(`${api()}/monitors`, {
    method: 'POST',
    token: key,
    body: { key: 'shop', type: 'uptime', url: `${target}/shop`, interval_seconds: 300 },
  });
  assert.equal(hand.status, 201);
  const entry = { key: 'shop', name: 'Shop', type: 'uptime', url: `${target}/shop`, interval_seconds: 120 };
  const state = { managed_by: 'pageprobe.yaml', monitors: [entry] };
  assertProblem(await plan(key, state), 409, 'key_conflict');
  const expected = [
    {
      action: 'update',
      resource: 'monitor',
      key: 'shop',
      id: hand.body.id,
      fields: [
        { field: 'name', from: null, to: 'Shop' },
        { field: 'interval_seconds', from: 300, to: 120 },
        { field: 'managed_by', from: null, to: 'pageprobe.yaml' },
      ],
    },
  ];
  assert.deepEqual((await plan(key, { ...state, adopt: true })).body.changes, expected);
  const adopted = await apply(key, { ...state, adopt: true });
  assert.deepEqual(adopted.body.changes, expected);
  const now = await call<MonitorJson & { interval_seconds: number }>(`${api()}/monitors/${hand.body.id}`, {
    token: key,
  });
  assert.deepEqual([now.body.managed_by, now.body.name, now.body.interval_seconds], ['pageprobe.yaml', 'Shop', 120]);
  // Managed from now on: no adopt needed, and prune deletes it once the file drops it.
  assert.deepEqual((await plan(key, state)).body, { changes: [] });
  const pruned = await apply(key, { managed_by: 'pageprobe.yaml', monitors: [], prune: true });
  assert.deepEqual(
    pruned.body.changes.map((c) => `${c.action} ${c.key} ${c.id}`),
    [`delete shop ${hand.body.id}`],
  );
  assert.equal(await env.db.monitor.count({ where: { teamId, deletedAt: null } }), 0);
});

test("a window's time-dependent checks bind creates and timing changes only: one applied over a year ago still plans as no change", async () => {
  const { teamId, key } = await teamWithKey(env);
  const soon = new Date(Date.now() + 3_600_000).toISOString();
  const window = {
    key: 'sundays',
    name: 'Sunday deploys',
    starts_at: soon,
    rrule: 'FREQ=WEEKLY;BYDAY=SU',
    duration_minutes: 60,
    tags: ['shop'],
  };
  const state = { managed_by: 'pageprobe.yaml', maintenance_windows: [window] };
  assert.equal((await apply(key, state)).status, 200);
  // Four hundred days on (the row's start moved back as the clock would have moved on): the file is unchanged.
  const longAgo = new Date(Date.now() - 400 * 86_400_000).toISOString();
  await env.db.maintenanceWindow.updateMany({ where: { teamId }, data: { startsAt: new Date(longAgo) } });
  const [before] = await env.db.maintenanceWindow.findMany({ where: { teamId } });
  const old = { ...state, maintenance_windows: [{ ...window, starts_at: longAgo }] };
  assert.deepEqual((await plan(key, old)).body, { changes: [] });
  // Its name changed: an update of the name alone, its timing and occurrences kept.
  const renamed = { ...old, maintenance_windows: [{ ...old.maintenance_windows[0]!, name: 'Sundays' }] };
  const applied = await apply(key, renamed);
  assert.equal(applied.status, 200, JSON.stringify(applied.body));
  assert.deepEqual(applied.body.changes[0]!.fields, [{ field: 'name', from: 'Sunday deploys', to: 'Sundays' }]);
  const [after] = await env.db.maintenanceWindow.findMany({ where: { teamId } });
  assert.deepEqual(
    [after!.name, after!.startsAt.toISOString(), after!.occurrenceStarts],
    ['Sundays', longAgo, before!.occurrenceStarts],
  );
  // Its timing changed, or a new window as old: the create's check, naming the field.
  const retimed = { ...renamed, maintenance_windows: [{ ...renamed.maintenance_windows[0]!, duration_minutes: 90 }] };
  const refused = await plan(key, retimed);
  assertProblem(refused, 422, 'config_invalid');
  assert.deepEqual(
    (refused.body.errors as Array<Record<string, unknown>>).map((e) => [e.key, e.field]),
    [['sundays', 'starts_at']],
  );
  const added = {
    ...renamed,
    maintenance_windows: [...renamed.maintenance_windows, { ...window, key: 'new', starts_at: longAgo }],
  };
  const create = await plan(key, added);
  assertProblem(create, 422, 'config_invalid');
  assert.deepEqual(
    (create.body.errors as Array<Record<string, unknown>>).map((e) => [e.key, e.field]),
    [['new', 'starts_at']],
  );
  // A problem of its own (not of the time) is refused unchanged too.
  const broken = { ...renamed, maintenance_windows: [{ ...renamed.maintenance_windows[0]!, rrule: 'FREQ=NEVER' }] };
  const own = await plan(key, broken);
  assertProblem(own, 422, 'config_invalid');
  assert.deepEqual(
    (own.body.errors as Array<Record<string, unknown>>).map((e) => [e.key, e.field]),
    [['sundays', 'rrule']],
  );
});

test("more windows than a team may keep are refused before any rule is expanded; rules that never happen spend one request's budget, not other teams' time", async () => {
  // Issue 56 item 12. Each of these searches to its 500 ms deadline (February has no 30th).
  const never = (i: number) => ({
    key: `never-${i}`,
    name: `Never ${i}`,
    starts_at: new Date(Date.now() + 3_600_000).toISOString(),
    rrule: 'FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30',
    duration_minutes: 60,
    tags: ['shop'],
  });
  const { key } = await teamWithKey(env);
  const other = await teamWithKey(env);
  // 51: more than a team may keep (50). Refused at once, naming the list: not one rule expanded.
  let started = performance.now();
  const tooMany = await plan(key, { maintenance_windows: Array.from({ length: 51 }, (_, i) => never(i)) });
  const tooManyMs = performance.now() - started;
  assertProblem(tooMany, 422, 'config_invalid');
  assert.deepEqual(tooMany.body.errors, [
    { path: 'body.maintenance_windows', message: 'has 51 entries; a team may keep at most 50 maintenance windows' },
  ]);
  assert.ok(tooManyMs < 5000, `refused in ${tooManyMs.toFixed(0)} ms`);

  // Ten that never happen: refused within the request's budget (2 s of rule expansion), each named, while
  // another team's window, written meanwhile, is answered about as fast as alone.
  started = performance.now();
  const planned = plan(key, { maintenance_windows: Array.from({ length: 10 }, (_, i) => never(i)) }).then((res) => ({
    res,
    ms: performance.now() - started,
  }));
  await new Promise((r) => setTimeout(r, 300));
  const writeStarted = performance.now();
  const written = await call<Record<string, unknown>>(`${api()}/maintenance-windows`, {
    method: 'POST',
    token: other.key,
    body: {
      name: 'Deploys',
      starts_at: new Date(Date.now() + 3_600_000).toISOString(),
      rrule: 'FREQ=WEEKLY;BYDAY=SU',
      duration_minutes: 60,
      tags: ['shop'],
    },
  });
  const writeMs = performance.now() - writeStarted;
  const { res, ms } = await planned;
  assert.equal(written.status, 201, JSON.stringify(written.body));
  assertProblem(res, 422, 'config_invalid');
  const errors = res.body.errors as Array<Record<string, unknown>>;
  assert.deepEqual(
    errors.map((e) => [e.key, e.field]),
    Array.from({ length: 10 }, (_, i) => [`never-${i}`, 'rrule']),
  );
  assert.match(String(errors.at(-1)!.message), /this request's rules took more than 2000 ms to expand in all/);
  // Before: 11.4 s for the plan, 2.4 s for the other team's write.
  assert.ok(ms < 4000, `the plan took ${ms.toFixed(0)} ms`);
  assert.ok(writeMs < 1500, `the other team's write took ${writeMs.toFixed(0)} ms (the plan ${ms.toFixed(0)} ms)`);
  console.log(
    `issue 56 item 12: 51 windows refused in ${tooManyMs.toFixed(0)} ms; 10 never-happening rules refused in ${ms.toFixed(0)} ms; another team's write meanwhile ${writeMs.toFixed(0)} ms`,
  );
});

test('issue 61: rum_sites keyed by name: applied, no change, edited field by field, hand-made ones conflict, pruned, exported', async () => {
  const { teamId, key } = await teamWithKey(env);
  const shop = {
    name: 'Shop',
    origins: ['https://shop.example.com'],
    sample_rate: 0.5,
    page_groups: [{ name: 'products', pattern: '/products/*' }],
    budgets: { lcp_ms: 2500 },
    alert_channels: ['ops-hook'],
  };
  const state = { managed_by: 'pageprobe.yaml', alert_channels: [CHANNELS[1]], rum_sites: [shop] };
  const made = await apply(key, state);
  assert.equal(made.status, 200, JSON.stringify(made.body));
  assert.deepEqual(
    made.body.changes.map((c) => `${c.action} ${c.resource} ${c.key}`),
    ['create alert_channel ops-hook', 'create rum_site Shop'],
  );
  const siteId = made.body.changes[1]!.id!;
  const site = await call<any>(`${api()}/rum/sites/${siteId}`, { token: key });
  assert.match(site.body.site_key, /^rum_[A-Za-z0-9_-]{22}$/);
  assert.deepEqual(site.body.alert_channels, [made.body.changes[0]!.id]);
  assert.deepEqual(site.body.alert, { window_minutes: 60, min_page_views: 50 });
  assert.deepEqual((await plan(key, state)).body, { changes: [] });

  // An edit changes exactly its fields; the site keeps its id and key.
  const edited = {
    ...state,
    rum_sites: [{ ...shop, sample_rate: 1, origins: ['https://shop.example.com', 'https://m.example.com'] }],
  };
  const changed = await apply(key, edited);
  assert.deepEqual(changed.body.changes, [
    {
      action: 'update',
      resource: 'rum_site',
      key: 'Shop',
      id: siteId,
      fields: [
        {
          field: 'origins',
          from: ['https://shop.example.com'],
          to: ['https://shop.example.com', 'https://m.example.com'],
        },
        { field: 'sample_rate', from: 0.5, to: 1 },
      ],
    },
  ]);
  assert.equal((await call<any>(`${api()}/rum/sites/${siteId}`, { token: key })).body.site_key, site.body.site_key);

  // Problems named by kind, name and field; a channel key the team has not is one.
  const bad = await plan(key, {
    managed_by: 'pageprobe.yaml',
    rum_sites: [{ name: 'Bad', origins: ['https://bad.test/path'], alert_channels: ['nope'] }],
  });
  assertProblem(bad, 422, 'config_invalid');
  assert.deepEqual(
    (bad.body.errors as Array<Record<string, unknown>>).map((e) => [e.resource, e.key, e.field]),
    [['rum_site', 'Bad', 'origins.0']],
  );

  // A site made by hand with a name the file gives: a conflict, unless adopted.
  const hand = await call<any>(`${api()}/rum/sites`, {
    method: 'POST',
    token: key,
    body: { name: 'Blog', origins: ['https://blog.example.com'] },
  });
  assert.equal(hand.status, 201);
  const withBlog = {
    ...edited,
    rum_sites: [...edited.rum_sites, { name: 'Blog', origins: ['https://blog.example.com'] }],
  };
  assertProblem(await plan(key, withBlog), 409, 'key_conflict');
  assert.deepEqual(
    (await apply(key, { ...withBlog, adopt: true })).body.changes.map(
      (c) => `${c.action} ${c.key} ${c.fields.map((f) => f.field)}`,
    ),
    ['update Blog managed_by'],
  );

  // Export: the sites by name, the defaults left out; the file plans as no change.
  const exported = await call<Exported>(`${api()}/config/export`, {
    method: 'POST',
    token: key,
    body: { managed_by: 'pageprobe.yaml' },
  });
  assert.equal(exported.status, 200, JSON.stringify(exported.body));
  assert.deepEqual(exported.body.config.rum_sites, [
    {
      name: 'Shop',
      origins: ['https://shop.example.com', 'https://m.example.com'],
      page_groups: shop.page_groups,
      budgets: { lcp_ms: 2500 },
      alert_channels: ['ops-hook'],
    },
    { name: 'Blog', origins: ['https://blog.example.com'] },
  ]);
  const values = { OPS_HOOK_URL: CHANNELS[1]!.url! };
  assert.deepEqual(
    (await plan(key, { managed_by: 'pageprobe.yaml', prune: true, ...filled(exported.body.config, values) })).body,
    {
      changes: [],
    },
  );

  // Pruned: the site is deleted as DELETE /rum/sites deletes it (hidden, its key refused), and audited.
  const pruned = await apply(key, { ...state, rum_sites: [], prune: true });
  assert.deepEqual(
    pruned.body.changes.map((c) => `${c.action} ${c.resource} ${c.key}`),
    ['delete rum_site Shop', 'delete rum_site Blog'],
  );
  assertProblem(await call(`${api()}/rum/sites/${siteId}`, { token: key }), 404, 'not_found');
  assert.ok((await env.db.rumSite.findUniqueOrThrow({ where: { id: siteId } })).deletedAt);
  const audit = await env.db.auditEntry.findMany({ where: { teamId, target: siteId }, orderBy: { createdAt: 'asc' } });
  assert.deepEqual(
    audit.map((a) => a.action),
    ['rum_site.created', 'rum_site.updated', 'rum_site.deleted'],
  );
});

test('an apply killed half-way (SIGKILL of the API) leaves all or nothing; applied again, everything is there once', async () => {
  const { teamId, key } = await teamWithKey(env);
  const state = {
    alert_channels: CHANNELS,
    monitors: Array.from({ length: 997 }, (_, i) => monitor(i, 'big')),
  };
  // Killed while its transaction holds the team's lock (it has begun writing).
  const inFlight = apply(key, state).catch((error: unknown) => error);
  const locked = async () =>
    (
      await pool.query(
        `SELECT 1 FROM pg_locks l JOIN pg_class c ON c.oid = l.relation
         WHERE c.relname = 'teams' AND l.mode = 'RowShareLock' AND l.pid <> pg_backend_pid()
           AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
      )
    ).rowCount! > 0;
  const deadline = Date.now() + 60_000;
  while (!(await locked()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
  assert.ok(Date.now() < deadline, 'the apply began its transaction');
  app.child.kill('SIGKILL');
  assert.ok((await inFlight) instanceof Error, 'the request died with the API');
  const counts = async () => ({
    monitors: await env.db.monitor.count({ where: { teamId, deletedAt: null } }),
    channels: await env.db.alertChannel.count({ where: { teamId } }),
  });
  // PostgreSQL rolls the dead connection's transaction back: nothing of it stays.
  await eventually(async () => (await locked()) === false || undefined, 30_000, 'the lock released');
  assert.deepEqual(await counts(), { monitors: 0, channels: 0 });

  ({ origin, app } = await startApiApp(env, API_ENV, { process: true }));
  // Listening comes before Redis is reached (writes answer 503 until then, as a client would retry).
  await eventually(async () => (await fetch(`${origin}/readyz`)).ok || undefined, 30_000, 'the API ready');
  const again = await apply(key, state);
  assert.equal(again.status, 200, JSON.stringify(again.body).slice(0, 500));
  assert.equal(again.body.changes.length, 1000);
  assert.deepEqual(await counts(), { monitors: 997, channels: 3 });
  const doubles = await pool.query(
    'SELECT key FROM monitors WHERE team_id = $1 AND deleted_at IS NULL GROUP BY key HAVING count(*) > 1',
    [teamId],
  );
  assert.equal(doubles.rowCount, 0);
  assert.deepEqual((await plan(key, state)).body, { changes: [] });
});
