// Issue 59: browser checks through the API, the browser worker's Chromium, storage and the dispatcher,
// against a shop this file serves (sign in, search, add to basket, check out). A journey that passes
// keeps every step's figures and a screenshot a step; the checkout broken fails on that step, named,
// with its screenshot, filmstrip, trace and HAR in storage; the password a step types appears in no row,
// answer, report, log or job. As a monitor: the broken step is named in monitor.down, and a step made
// slow crosses its budget as monitor.regressed.
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { shopJourney, startShop, startTest, waitForTest } from '@pageprobe/testing';
import { call } from '../support/http.ts';
import { jobsText } from '../support/jobs-text.ts';
import { eventually, type ReceivedRequest, startServer } from '../support/servers.ts';
import { startStack } from '../support/stack.ts';
import { teamWithKey } from '../support/teams.ts';
import { createTestEnv } from '../support/test-env.ts';

type Json = Record<string, any>;

const PASSWORD = 'correct-horse-7Q!';
const env = await createTestEnv();
const shop = await startShop();
after(() => shop.close());
const common = { MONITOR_MIN_INTERVAL_SECONDS: '1', ALLOW_PRIVATE_TARGETS: 'true', RATE_LIMIT_WRITES_PER_MIN: '1000' };
const stack = await startStack(env, {
  apps: ['api', 'worker-browser', 'callback-dispatcher'],
  all: common,
  env: { 'worker-browser': { BROWSER_TEST_TYPES: 'browser', BROWSER_CHECK_CONCURRENCY: '2' } },
});
const api = `${stack.origin}/api/v1`;
const { key } = await teamWithKey(env, { credits: 1000 });
const journey = shopJourney(shop.origin, PASSWORD);

async function check(): Promise<Json> {
  const { id } = await startTest(stack.origin, key, {
    url: `${shop.origin}/`,
    type: 'browser',
    device: 'desktop',
    steps: journey,
  } as never);
  const done = await waitForTest<Json & { status: string }>(stack.origin, key, id, { timeoutMs: 90_000 });
  assert.equal(done.status, 'completed', JSON.stringify(done.error ?? done));
  return done;
}

const artifactsOf = async (id: string) =>
  (await call<{ data: Json[] }>(`${api}/tests/${id}/artifacts`, { token: key })).body.data;

test('a journey that works: every step passed with its figures, a screenshot a step, the typed password redacted', async () => {
  shop.state.checkout = true;
  const t = await check();
  const r = t.result;
  assert.equal(r.up, true, r.error);
  assert.equal(r.steps.length, journey.length + 1);
  assert.equal(typeof r.steps[0].navigation.lcp_ms, 'number');
  assert.equal(t.options.steps[3].text, '[redacted]', 'the stored step shows [redacted]');
  const artifacts = await artifactsOf(t.id);
  assert.equal(artifacts.filter((a) => a.kind === 'step_screenshot').length, journey.length + 1);
  const report = await (await fetch(t.report_url)).text();
  assert.match(report, /Every step worked/);
  assert.match(report, /add to basket/);
});

test('the checkout broken: failed on step 13 by name, with its screenshot, filmstrip, trace and HAR; no secret anywhere', async () => {
  shop.state.checkout = false;
  try {
    const t = await check();
    const r = t.result;
    assert.deepEqual([r.up, r.reason, r.failed_step], [false, 'step_failed', 13]);
    assert.equal(r.error, 'Step 13 "click #checkout" failed: no visible element matches #checkout within 10 s');
    const artifacts = await artifactsOf(t.id);
    const kinds = new Set(artifacts.map((a) => a.kind));
    for (const kind of ['step_screenshot', 'filmstrip_frame', 'trace', 'har']) assert.ok(kinds.has(kind), kind);
    // Each by its presigned URL, as a client downloads it.
    const download = async (kind: string) => (await fetch(artifacts.find((x) => x.kind === kind)!.url)).text();
    const trace = JSON.parse(await download('trace'));
    assert.ok(trace.traceEvents.length > 100, 'Chrome’s trace, with its events');
    const har = await download('har');
    assert.equal(JSON.parse(har).log.version, '1.2');
    // What the password step typed: in no answer, stored row, file, log line or job.
    const report = await (await fetch(t.report_url)).text();
    assert.match(report, /Step 13 &quot;click #checkout&quot; failed|Step 13 "click #checkout" failed/);
    const row = await env.db.test.findUniqueOrThrow({ where: { id: t.id } });
    const places: Array<[string, string]> = [
      ['the answer', JSON.stringify(t)],
      ['the row', JSON.stringify({ ...row, secrets: null })],
      ['the report', report],
      ['the trace', JSON.stringify(trace)],
      ['the HAR', har],
      ...(['api', 'worker-browser', 'callback-dispatcher'] as const).map((name): [string, string] => [
        `${name}'s log`,
        stack.app(name).output(),
      ]),
      ['the jobs', await jobsText(env)],
    ];
    for (const [where, text] of places) assert.equal(text.includes(PASSWORD), false, `${where} holds the password`);
  } finally {
    shop.state.checkout = true;
  }
});

test('as a monitor: the broken step named in monitor.down, then a slow step over its budget is monitor.regressed', async () => {
  const receiver = await startServer();
  const channel = await call<Json>(`${api}/alert-channels`, {
    method: 'POST',
    token: key,
    body: { type: 'webhook', name: 'hook', url: `${receiver.url}/hook` },
  });
  assert.equal(channel.status, 201, JSON.stringify(channel.body));
  const events = () =>
    receiver.requests.map((r: ReceivedRequest) => JSON.parse(r.raw.toString('utf8'))).map((b: Json) => b);
  const monitor = await call<Json>(`${api}/monitors`, {
    method: 'POST',
    token: key,
    body: {
      url: `${shop.origin}/`,
      type: 'browser',
      device: 'desktop',
      steps: journey,
      interval_seconds: 5,
      alert: { down_after: 1 },
      alert_channels: [channel.body.id],
    },
  });
  assert.equal(monitor.status, 201, JSON.stringify(monitor.body));
  const id = monitor.body.id as string;
  const runs = async () => await env.db.test.count({ where: { monitorId: id, status: 'completed' } });
  await eventually(async () => ((await runs()) >= 1 ? true : undefined), 60_000, 'a first run');

  shop.state.checkout = false;
  const down = await eventually(async () => events().find((b) => b.event === 'monitor.down'), 90_000, 'monitor.down');
  assert.equal(down.alert.reason, 'step_failed');
  assert.equal(
    down.alert.details.message,
    'Step 13 "click #checkout" failed: no visible element matches #checkout within 10 s',
  );
  shop.state.checkout = true;
  await eventually(async () => events().find((b) => b.event === 'monitor.recovered'), 90_000, 'monitor.recovered');

  // Each step's time is a series of its own, by the step's name.
  const series = await call<Json>(`${api}/monitors/${id}/series?metric=${encodeURIComponent('step:add to basket')}`, {
    token: key,
  });
  assert.equal(series.status, 200, JSON.stringify(series.body));
  assert.ok(
    series.body.points.some((p: Json) => typeof p.value === 'number' && p.value > 0),
    JSON.stringify(series.body),
  );
  const unknown = await call<Json>(`${api}/monitors/${id}/series?metric=user_timing:x`, { token: key });
  assert.equal(unknown.status, 400);
  assert.match(unknown.body.detail, /or step:<name> for a browser monitor/);

  shop.state.slowAddMs = 400;
  try {
    const regressed = await eventually(
      async () => events().find((b) => b.event === 'monitor.regressed'),
      90_000,
      'monitor.regressed',
    );
    assert.equal(regressed.alert.reason, 'budget_exceeded');
    assert.match(
      regressed.alert.details.message,
      /^Step 10 "add to basket" is over its budget: inp_ms was \d+, expected below 200$/,
    );
  } finally {
    shop.state.slowAddMs = 0;
    await call(`${api}/monitors/${id}`, { method: 'PATCH', token: key, body: { paused: true } });
  }
});

test('bad journeys are 400s naming the step: too many, a bad selector, a budget; lighthouse flows take none of the new steps', async () => {
  const post = (body: Json) =>
    call<Json>(`${api}/tests`, { method: 'POST', token: key, body: { url: `${shop.origin}/`, ...body } });
  const cases: Array<[Json, string]> = [
    [{ type: 'browser', steps: Array.from({ length: 51 }, () => ({ type: 'wait', ms: 1 })) }, 'body.steps'],
    [{ type: 'browser', steps: [{ type: 'click', selector: 'button[' }] }, 'body.steps.0.selector'],
    [
      {
        type: 'browser',
        steps: [{ type: 'wait', ms: 1, expect: [{ source: 'lcp_ms', operator: 'lt', value: 'soon' }] }],
      },
      'body.steps.0.expect.0.value',
    ],
    [{ type: 'lighthouse', steps: [{ type: 'assert_text', text: 'Hi' }] }, 'body.steps.0.type'],
    [
      {
        type: 'lighthouse',
        steps: [{ type: 'click', selector: '#a', expect: [{ source: 'step_ms', operator: 'lt', value: 9 }] }],
      },
      'body.steps.0.expect',
    ],
  ];
  for (const [body, path] of cases) {
    const res = await post(body);
    assert.equal(res.status, 400, JSON.stringify(body));
    assert.equal(res.body.code, 'validation_failed');
    assert.ok(
      (res.body.errors as Array<{ path: string }> | undefined)?.some((e) => e.path.startsWith(path)) ?? false,
      `${JSON.stringify(res.body.errors)} names ${path}`,
    );
  }
  // 50 steps are a journey.
  const fifty = await post({ type: 'browser', steps: Array.from({ length: 50 }, () => ({ type: 'wait', ms: 1 })) });
  assert.equal(fifty.status, 202, JSON.stringify(fifty.body));
});

test('monitoring as code: a browser monitor with its journey, planned and applied; applied again, nothing changes', async () => {
  const body = {
    managed_by: 'pageprobe.yaml',
    monitors: [
      { key: 'shop-journey', type: 'browser', url: `${shop.origin}/`, interval_seconds: 3600, steps: journey },
    ],
  };
  const config = (verb: 'plan' | 'apply') => call<Json>(`${api}/config/${verb}`, { method: 'POST', token: key, body });
  const planned = await config('plan');
  assert.equal(planned.status, 200, JSON.stringify(planned.body));
  assert.deepEqual(
    planned.body.changes.map((c: Json) => `${c.action} ${c.resource} ${c.key}`),
    ['create monitor shop-journey'],
  );
  assert.equal(JSON.stringify(planned.body).includes(PASSWORD), false, 'the plan shows no typed secret');
  assert.equal((await config('apply')).status, 200);
  const monitor = await env.db.monitor.findFirstOrThrow({ where: { key: 'shop-journey' } });
  const steps = (monitor.options as { steps: Json[] }).steps;
  assert.equal(steps.length, journey.length);
  assert.equal(steps[3]!.text, '[redacted]');
  assert.deepEqual((await config('plan')).body.changes, [], 'the same file again: no change');
});
