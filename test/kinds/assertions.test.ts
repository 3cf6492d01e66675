// Issue 15 items 1 and 2: `runs` and assertions in Lighthouse CI's syntax on POST /tests, assertions
// judged when the test finishes, shown on GET and in the callback. Uptime checks make it quick; the kinds'
// own keys are unit-tested in packages/test-kinds/src/assertions, lighthouse runs end to end in
// lighthouse-e2e.test.ts. No browser worker here: lighthouse tests accepted below stay queued.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { postTest, startTest, waitForTest } from '@pageprobe/testing';
import { startApiInProcess } from '../support/api-in-process.ts';
import { assertProblem, call } from '../support/http.ts';
import { startServer } from '../support/servers.ts';
import { teamWithKey } from '../support/teams.ts';
import { createTestEnv } from '../support/test-env.ts';
import { startInProcess } from '../support/stack.ts';

const env = await createTestEnv();
const common = { ALLOW_PRIVATE_TARGETS: 'true', RATE_LIMIT_WRITES_PER_MIN: '1000', SWEEP_INTERVAL_MS: '500' };
const { origin } = await startApiInProcess(env, common);
await startInProcess('worker-uptime', env.appEnv(common));
await startInProcess('callback-dispatcher', env.appEnv(common));
// Answers after 5 ms: a check's total is then never 0 ms, which `maxNumericValue: 0` below must fail on
// (an answer within the millisecond once made such a check pass, on a fast idle machine).
const target = await startServer((_req, res) =>
  setTimeout(() => res.writeHead(200, { 'content-type': 'text/plain' }).end('up'), 5),
);
const receiver = await startServer();
const { key, teamId } = await teamWithKey(env, { credits: 5 });

type Judged = {
  id: string;
  status: string;
  passed: boolean | null;
  assertion_results: Array<{
    key: string;
    level: string;
    operator: string;
    expected: number;
    actual: number | null;
    passed: boolean;
  }> | null;
};
const check = async (assertions: Record<string, unknown> | undefined, url = `${target.url}/`) => {
  const { id } = await startTest(origin, key, { url, type: 'uptime', ...(assertions ? { assertions } : {}) });
  return waitForTest<Judged>(origin, key, id, { timeoutMs: 30_000 });
};

test('assertions that hold: passed true, each result with what was measured', async () => {
  const t = await check({ 'uptime:up': 'error', 'uptime:timings:total': ['error', { maxNumericValue: 60_000 }] });
  assert.equal(t.status, 'completed');
  assert.equal(t.passed, true);
  assert.deepEqual(
    t.assertion_results!.map((r) => [r.key, r.operator, r.expected, r.passed]),
    [
      ['uptime:up', 'minScore', 1, true],
      ['uptime:timings:total', 'maxNumericValue', 60_000, true],
    ],
  );
  assert.equal(t.assertion_results![0]!.actual, 1);
  assert.ok((t.assertion_results![1]!.actual ?? -1) >= 0);
});

test('an error-level assertion that fails: passed false, the failing one listed with its actual value', async () => {
  const t = await check({ 'uptime:timings:total': ['error', { maxNumericValue: 0 }], 'uptime:up': 'warn' });
  assert.equal(t.passed, false);
  const failing = t.assertion_results!.filter((r) => !r.passed);
  assert.deepEqual(
    failing.map((r) => [r.key, r.level]),
    [['uptime:timings:total', 'error']],
  );
  assert.ok(failing[0]!.actual! > 0);
  // A site that is down fails `uptime:up`.
  const down = await check({ 'uptime:up': 'error' }, 'http://127.0.0.1:1/');
  assert.deepEqual([down.status, down.passed, down.assertion_results![0]!.actual], ['completed', false, 0]);
});

test('warn-level failures leave passed true; no assertions leave it null', async () => {
  const warned = await check({ 'uptime:timings:total': ['warn', { maxNumericValue: 0 }] });
  assert.deepEqual([warned.passed, warned.assertion_results![0]!.passed], [true, false]);
  const none = await check(undefined);
  assert.deepEqual([none.passed, none.assertion_results], [null, null]);
});

test('malformed assertions: 400 validation_failed naming the key, before anything is spent', async () => {
  const before = (await env.db.team.findUniqueOrThrow({ where: { id: teamId } })).creditsBalance;
  const count = await env.db.test.count({ where: { teamId } });
  for (const [type, assertions, named] of [
    ['uptime', { 'categories:performance': ['error', { minScore: 0.9 }] }, 'categories:performance'],
    ['lighthouse', { 'categories:performance': ['error', { minScore: 90 }] }, 'categories:performance'],
    [
      'lighthouse',
      { 'resource-summary:script:weight': ['error', { maxNumericValue: 1 }] },
      'resource-summary:script:weight',
    ],
    ['seo_crawl', { 'seo:issue:not_a_code': 'error' }, 'seo:issue:not_a_code'],
    ['lighthouse', { 'first-contentful-paint': 'fatal' }, 'first-contentful-paint'],
  ] as const) {
    const res = await postTest(origin, key, { url: `${target.url}/`, type, assertions });
    assert.equal(res.status, 400, JSON.stringify(res.body));
    assert.equal((res.body as { code: string }).code, 'validation_failed');
    assert.ok(JSON.stringify(res.body).includes(named), JSON.stringify(res.body));
  }
  assert.equal((await env.db.team.findUniqueOrThrow({ where: { id: teamId } })).creditsBalance, before);
  assert.equal(await env.db.test.count({ where: { teamId } }), count);
  const notAnObject = await call(`${origin}/api/v1/tests`, {
    method: 'POST',
    token: key,
    body: { url: `${target.url}/`, type: 'uptime', assertions: ['not', 'an', 'object'] },
  });
  assertProblem(notAnObject, 400, 'validation_failed');
});

test('the callback carries the verdict and the results', async () => {
  const { id } = await startTest(origin, key, {
    url: `${target.url}/`,
    type: 'uptime',
    callback_url: `${receiver.url}/hook`,
    assertions: { 'uptime:timings:total': ['error', { maxNumericValue: 0 }] },
  });
  const body = JSON.parse((await receiver.nth(1, 30_000)).raw.toString());
  assert.equal(body.test.id, id);
  assert.equal(body.test.passed, false);
  assert.deepEqual(
    body.test.assertion_results.map((r: { key: string; passed: boolean }) => [r.key, r.passed]),
    [['uptime:timings:total', false]],
  );
});

test('runs: lighthouse takes 1 to 5, other types 1; anything else is 400 validation_failed naming runs', async () => {
  const count = await env.db.test.count({ where: { teamId } });
  for (const [type, runs] of [
    ['uptime', 2],
    ['seo_crawl', 3],
    ['lighthouse', 6],
    ['lighthouse', 0],
    ['lighthouse', 1.5],
  ] as const) {
    const res = await postTest(origin, key, { url: `${target.url}/`, type, runs });
    assert.equal(res.status, 400, JSON.stringify(res.body));
    assert.equal((res.body as { code: string }).code, 'validation_failed');
    assert.match(JSON.stringify(res.body), /runs/);
  }
  assert.equal(await env.db.test.count({ where: { teamId } }), count);
  const one = await postTest(origin, key, { url: `${target.url}/`, type: 'uptime', runs: 1 });
  assert.equal(one.status, 202);
});

test('runs: each costs what a test costs (pro: credits; free: the hourly allowance)', async () => {
  const pro = await teamWithKey(env, { credits: 4 });
  const balance = async (id: string) => (await env.db.team.findUniqueOrThrow({ where: { id } })).creditsBalance;
  const three = await postTest<{ id: string }>(origin, pro.key, { url: `${target.url}/`, type: 'lighthouse', runs: 3 });
  assert.equal(three.status, 202);
  assert.equal(await balance(pro.teamId), 1);
  const got = await call<Record<string, unknown>>(`${origin}/api/v1/tests/${three.body.id}`, { token: pro.key });
  assert.deepEqual([got.body.runs_requested, got.body.runs, got.body.spread], [3, null, null]);
  assertProblem(
    await call(`${origin}/api/v1/tests`, {
      method: 'POST',
      token: pro.key,
      body: { url: `${target.url}/`, type: 'lighthouse', runs: 2 },
    }),
    402,
    'insufficient_credits',
  );
  assert.equal(await balance(pro.teamId), 1, 'a refused test spends nothing');

  // FREE_LIGHTHOUSE_PER_HOUR is 3: runs count against it one by one.
  const free = await teamWithKey(env, { plan: 'free' });
  const post = (runs: number) =>
    call(`${origin}/api/v1/tests`, {
      method: 'POST',
      token: free.key,
      body: { url: `${target.url}/`, type: 'lighthouse', runs },
    });
  const tooMany = await post(4);
  assertProblem(tooMany, 400, 'validation_failed');
  assert.match(JSON.stringify(tooMany.body), /runs/);
  assert.equal((await post(2)).status, 202);
  const over = await post(2);
  assertProblem(over, 429, 'free_tier_rate_limited');
  assert.ok(Number(over.headers.get('retry-after')) > 0);
  assert.equal((await post(1)).status, 202);
  const credits = await call<{ free_lighthouse: { remaining: number } }>(`${origin}/api/v1/credits`, {
    token: free.key,
  });
  assert.equal(credits.body.free_lighthouse.remaining, 0);
  assertProblem(await post(1), 429, 'free_tier_rate_limited');
});

test('an Idempotency-Key is bound to runs and assertions too: another value is idempotency_key_reused', async () => {
  const post = (body: Record<string, unknown>) =>
    call(`${origin}/api/v1/tests`, {
      method: 'POST',
      token: key,
      headers: { 'idempotency-key': 'runs-and-assertions' },
      body: { url: `${target.url}/`, type: 'uptime', ...body },
    });
  const first = await post({ assertions: { 'uptime:up': 'error' } });
  assert.equal(first.status, 202);
  assert.equal((await post({ assertions: { 'uptime:up': 'error' } })).status, 200);
  assertProblem(await post({ assertions: { 'uptime:up': 'warn' } }), 422, 'idempotency_key_reused');
  assertProblem(await post({}), 422, 'idempotency_key_reused');
});

test('compare (issue 15): two uptime checks, head − base; other types, unfinished tests and bad ids refused', async () => {
  const up = await check(undefined);
  const down = await check(undefined, 'http://127.0.0.1:1/');
  const compare = (head: string, base: string) =>
    call<Record<string, any>>(`${origin}/api/v1/tests/${head}/compare/${base}`, { token: key });
  const res = await compare(up.id, down.id);
  assert.equal(res.status, 200, JSON.stringify(res.body));
  assert.deepEqual(res.body.deltas.up, { head: true, base: false, change: 'better' });
  assert.deepEqual(res.body.deltas.status_code, { head: 200, base: null });
  assert.equal(typeof res.body.deltas.timings_ms.total.head, 'number');
  assert.match(res.body.report_url, /\/reports\/[\w-]+\/compare\/[\w-]+$/);
  assert.equal((await compare(down.id, up.id)).body.deltas.up.change, 'worse');
  const page = await fetch(res.body.report_url);
  assert.equal(page.status, 200);
  assert.match(await page.text(), /<th scope="row">up<\/th><td class="num">false<\/td><td class="num">true<\/td>/);

  // No browser worker here: these lighthouse tests stay queued.
  const queued = await startTest(origin, key, { url: `${target.url}/`, type: 'lighthouse' });
  const queued2 = await startTest(origin, key, { url: `${target.url}/`, type: 'lighthouse' });
  assertProblem(await compare(up.id, queued.id), 409, 'not_comparable');
  assertProblem(await compare(queued.id, queued2.id), 409, 'test_not_completed');
  assertProblem(await compare(up.id, '0190f1a2-0000-7000-8000-000000000000'), 404, 'not_found');
  assertProblem(await compare(up.id, 'not-an-id'), 400, 'validation_failed');
});
