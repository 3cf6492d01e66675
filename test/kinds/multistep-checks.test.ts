// Issue 59: multistep API checks through the API, the uptime worker and the dispatcher, against an API
// this file serves (sign in for a token, list orders with it, read one). A check that passes lists each
// request with its status, timings and expectations, and carries the token from one request to the next;
// the token endpoint broken fails the check naming that step, the rest skipped; the key, a team secret
// sent in a header as {{secrets.API_KEY}}, appears in no answer, row, report, log or job. As a monitor: monitor.down names the step, and
// each request's time is a series of its own. Bad requests are 400s naming the field.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { startTest, waitForTest } from '@pageprobe/testing';
import { startApiInProcess } from '../support/api-in-process.ts';
import { call } from '../support/http.ts';
import { jobsText } from '../support/jobs-text.ts';
import { eventually, type ReceivedRequest, startServer } from '../support/servers.ts';
import { startStack } from '../support/stack.ts';
import { teamWithKey } from '../support/teams.ts';
import { createTestEnv } from '../support/test-env.ts';

type Json = Record<string, any>;

const API_KEY = 'ak-live-9f8e7d6c5b4a';
const state = { loginBroken: false, issued: [] as string[] };
const target = await startServer((req: ReceivedRequest, res) => {
  const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
    res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
  const bearer = /^Bearer (.+)$/.exec(String(req.headers.authorization ?? ''))?.[1];
  if (req.method === 'POST' && req.url === '/login') {
    if (state.loginBroken) return json(500, { error: 'token service down' });
    if (req.headers['x-api-key'] !== API_KEY) return json(403, { error: 'no key' });
    const token = `tok-${Math.random().toString(36).slice(2)}`;
    state.issued.push(token);
    return json(200, { data: { token, user: JSON.parse(req.raw.toString()).user } }, { 'x-request-id': 'r-1' });
  }
  if (!bearer || !state.issued.includes(bearer)) return json(401, { error: 'sign in first' });
  if (req.url === '/orders') return json(200, { orders: [{ id: 'o-42' }] });
  if (req.url === '/orders/o-42') return json(200, { id: 'o-42', status: 'shipped' });
  return json(404, { error: 'no such thing' });
});

const env = await createTestEnv();
const common = { MONITOR_MIN_INTERVAL_SECONDS: '1', ALLOW_PRIVATE_TARGETS: 'true', RATE_LIMIT_WRITES_PER_MIN: '1000' };
const stack = await startStack(env, { apps: ['api', 'worker-uptime', 'callback-dispatcher'], all: common });
const api = `${stack.origin}/api/v1`;
const { key } = await teamWithKey(env, { credits: 100 });

const requests = [
  {
    name: 'sign in',
    method: 'POST',
    url: '/login',
    body: '{"user":"ada"}',
    content_type: 'application/json',
    headers: { 'x-api-key': '{{secrets.API_KEY}}' },
    expect: [{ source: 'status', operator: 'eq', value: 200 }],
    extract: [
      { name: 'token', source: 'json', path: '$.data.token' },
      { name: 'rid', source: 'header', header: 'x-request-id' },
    ],
  },
  {
    name: 'list orders',
    url: '/orders',
    headers: { authorization: 'Bearer {{token}}', 'x-request-id': '{{rid}}' },
    extract: [{ name: 'order', source: 'body', pattern: '"id":"([^"]+)"' }],
  },
  {
    url: '/orders/{{order}}',
    headers: { authorization: 'Bearer {{token}}' },
    expect: [{ source: 'json', path: '$.status', operator: 'eq', value: 'shipped' }],
  },
];
// The key is the team's secret, read by the worker at each run (never in the test, the job or a result).
const secret = await call(`${api}/variables/API_KEY`, {
  method: 'PUT',
  token: key,
  body: { value: API_KEY, secret: true },
});
assert.equal(secret.status, 201, JSON.stringify(secret.body));
const body = { url: `${target.url}/`, type: 'multistep', requests };

async function check(): Promise<Json> {
  const { id } = await startTest(stack.origin, key, body as never);
  const done = await waitForTest<Json & { status: string }>(stack.origin, key, id, { timeoutMs: 30_000 });
  assert.equal(done.status, 'completed', JSON.stringify(done.error ?? done));
  return done;
}

test('a sign-in, a token taken from its JSON and used on the next calls: every request passed, in order', async () => {
  const before = target.requests.length;
  const t = await check();
  const r = t.result;
  assert.equal(r.up, true, r.error);
  assert.deepEqual(
    r.steps.map((s: Json) => [s.name, s.status, s.status_code, s.extracted]),
    [
      ['sign in', 'passed', 200, ['token', 'rid']],
      ['list orders', 'passed', 200, ['order']],
      ['GET /orders/{{order}}', 'passed', 200, []],
    ],
  );
  assert.equal(r.steps[2].url, `${target.url}/orders/o-42`, 'the extracted id filled in');
  assert.equal(r.steps[2].expectations[0].passed, true);
  for (const s of r.steps) assert.equal(typeof s.timings_ms.total, 'number');
  // The token the sign-in issued is the one the next calls sent, and no value is kept in the result.
  const seen = target.requests.slice(before);
  const token = state.issued.at(-1)!;
  assert.deepEqual(
    seen.map((q) => `${q.method} ${q.url} ${q.headers.authorization ?? '-'}`),
    [`POST /login -`, `GET /orders Bearer ${token}`, `GET /orders/o-42 Bearer ${token}`],
  );
  assert.equal(seen[1]!.headers['x-request-id'], 'r-1');
  assert.equal(JSON.stringify(r).includes(token), false, 'the token is not in the result');
  const report = await (await fetch(t.report_url)).text();
  assert.match(report, /Every request passed/);
  assert.match(report, /list orders/);
});

test('the token endpoint broken: the check fails naming that step, the rest skipped; the key nowhere', async () => {
  state.loginBroken = true;
  try {
    const t = await check();
    const r = t.result;
    // Its status expectation decides: an answer other than 200 fails it, in its words.
    assert.deepEqual([r.up, r.reason, r.failed_step, r.status_code], [false, 'expectation_failed', 1, 500]);
    assert.equal(r.error, 'Step 1 "sign in" failed: Expected status to equal 200, got 500');
    assert.deepEqual(
      r.steps.map((s: Json) => s.status),
      ['failed', 'skipped', 'skipped'],
    );
    const report = await (await fetch(t.report_url)).text();
    assert.match(report, /Step 1 failed/);
    const row = await env.db.test.findUniqueOrThrow({ where: { id: t.id } });
    const places: Array<[string, string]> = [
      ['the answer', JSON.stringify(t)],
      ['the row', JSON.stringify({ ...row, secrets: null })],
      ['the report', report],
      ...(['api', 'worker-uptime', 'callback-dispatcher'] as const).map((name): [string, string] => [
        `${name}'s log`,
        stack.app(name).output(),
      ]),
      ['the jobs', await jobsText(env)],
    ];
    for (const [where, text] of places) assert.equal(text.includes(API_KEY), false, `${where} holds the key`);
  } finally {
    state.loginBroken = false;
  }
});

test('as a monitor: monitor.down names the failed step, recovered after; each request’s time is a series', async () => {
  const receiver = await startServer();
  const channel = await call<Json>(`${api}/alert-channels`, {
    method: 'POST',
    token: key,
    body: { type: 'webhook', name: 'hook', url: `${receiver.url}/hook` },
  });
  assert.equal(channel.status, 201, JSON.stringify(channel.body));
  const events = () => receiver.requests.map((r: ReceivedRequest) => JSON.parse(r.raw.toString('utf8')) as Json);
  const monitor = await call<Json>(`${api}/monitors`, {
    method: 'POST',
    token: key,
    body: { ...body, interval_seconds: 1, alert: { down_after: 1 }, alert_channels: [channel.body.id] },
  });
  assert.equal(monitor.status, 201, JSON.stringify(monitor.body));
  const id = monitor.body.id as string;
  const series = async (metric: string) =>
    await call<Json>(`${api}/monitors/${id}/series?metric=${encodeURIComponent(metric)}`, { token: key });
  const stepPoints = async () => {
    const s = await series('step:list orders');
    return s.status === 200 && s.body.points.some((p: Json) => p.value > 0) ? s.body : undefined;
  };
  await eventually(stepPoints, 20_000, 'a point of step:list orders');
  // Its page charts each request's time, by its name (the checks' step series).
  const pageHtml = await (await fetch(monitor.body.report_url)).text();
  for (const title of ['Step 1: sign in', 'Step 2: list orders', 'Step 3: GET /orders/{{order}}']) {
    assert.ok(pageHtml.includes(title), `the monitor page charts "${title}"`);
  }

  state.loginBroken = true;
  try {
    const down = await eventually(async () => events().find((b) => b.event === 'monitor.down'), 20_000, 'monitor.down');
    assert.match(down.alert.details.message, /^Step 1 "sign in" failed: Expected status to equal 200, got 500\b/);
  } finally {
    state.loginBroken = false;
  }
  await eventually(async () => events().find((b) => b.event === 'monitor.recovered'), 20_000, 'monitor.recovered');
  const total = await series('total_ms');
  assert.equal(total.status, 200);
  assert.ok(total.body.points.length > 0);
  // A name of quotes is still only a name: no point, no error.
  assert.equal((await series("step:x' OR '1'='1")).status, 200);
  await call(`${api}/monitors/${id}`, { method: 'PATCH', token: key, body: { paused: true } });
});

test('bad requests are 400s naming the field; a literal private URL is refused when written', async () => {
  const post = (extra: Json, origin = stack.origin, token = key) =>
    call<Json>(`${origin}/api/v1/tests`, {
      method: 'POST',
      token,
      body: { url: `${target.url}/`, type: 'multistep', ...extra },
    });
  const cases: Array<[Json, string]> = [
    [{}, 'body.requests'],
    [{ requests: [] }, 'body.requests'],
    [{ requests: Array.from({ length: 11 }, () => ({ url: '/' })) }, 'body.requests'],
    [{ requests: [{ url: '/a/{{id}}' }] }, 'body.requests.0'],
    [
      { requests: [{ url: '/', extract: [{ name: 't', source: 'json', path: '$..token' }] }] },
      'body.requests.0.extract.0.path',
    ],
    [
      { requests: [{ url: '/', extract: [{ name: 't', source: 'body', pattern: '(a)\\1' }] }] },
      'body.requests.0.extract.0.pattern',
    ],
    [{ requests: [{ url: '/', extract: [{ name: 't', source: 'header' }] }] }, 'body.requests.0.extract.0.header'],
    [
      { requests: [{ url: '/', expect: [{ source: 'certificate_days', operator: 'gt', value: 3 }] }] },
      'body.requests.0.expect.0.source',
    ],
    [{ requests: [{ url: '/' }, { url: '/' }] }, 'body.requests.1.name'],
    [{ requests: [{ url: 'ftp://x/' }] }, 'body.requests.0.url'],
    [{ type: 'uptime', requests: [{ url: '/' }] }, 'body.requests'],
  ];
  for (const [extra, path] of cases) {
    const res = await post(extra);
    assert.equal(res.status, 400, JSON.stringify(extra));
    assert.ok(
      (res.body.errors as Array<{ path: string }> | undefined)?.some((e) => e.path.startsWith(path)) ?? false,
      `${JSON.stringify(extra)}: ${JSON.stringify(res.body.errors)} names ${path}`,
    );
  }
  // Without ALLOW_PRIVATE_TARGETS, a request to a private address is refused when it is written.
  const strict = await startApiInProcess(env, { RATE_LIMIT_WRITES_PER_MIN: '1000' });
  const res = await call<Json>(`${strict.origin}/api/v1/tests`, {
    method: 'POST',
    token: key,
    body: {
      url: 'http://93.184.215.14/',
      type: 'multistep',
      requests: [{ url: '/' }, { url: 'http://127.0.0.1:9/admin' }],
    },
  });
  assert.equal(res.status, 400, JSON.stringify(res.body));
  assert.equal(res.body.code, 'url_not_allowed');
  assert.ok(
    res.body.errors.some((e: Json) => e.path === 'body.requests.1.url'),
    JSON.stringify(res.body),
  );
});

test('monitoring as code: a multistep monitor with its requests, planned and applied; applied again, nothing changes', async () => {
  const config = {
    managed_by: 'pageprobe.yaml',
    monitors: [{ key: 'orders-api', type: 'multistep', url: `${target.url}/`, interval_seconds: 3600, requests }],
  };
  const send = (verb: 'plan' | 'apply') =>
    call<Json>(`${api}/config/${verb}`, { method: 'POST', token: key, body: config });
  const planned = await send('plan');
  assert.equal(planned.status, 200, JSON.stringify(planned.body));
  assert.deepEqual(
    planned.body.changes.map((c: Json) => `${c.action} ${c.resource} ${c.key}`),
    ['create monitor orders-api'],
  );
  assert.equal((await send('apply')).status, 200);
  const monitor = await env.db.monitor.findFirstOrThrow({ where: { key: 'orders-api' } });
  assert.deepEqual((monitor.options as { requests: unknown }).requests, requests);
  assert.deepEqual((await send('plan')).body.changes, [], 'the same file again: no change');
  // A request using a value no request extracts is the file's problem, named.
  const bad = await call<Json>(`${api}/config/plan`, {
    method: 'POST',
    token: key,
    body: { ...config, monitors: [{ ...config.monitors[0], requests: [{ url: '/x/{{nope}}' }] }] },
  });
  assert.ok(bad.status === 400 || bad.status === 422, JSON.stringify(bad.body));
  assert.match(JSON.stringify(bad.body), /nope/);
});
