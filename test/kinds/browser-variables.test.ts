// Issue 59 item 5: a browser check signs in to the shop typing {{secrets.PASSWORD}} and {{vars.EMAIL}},
// the team's values read by the browser worker at the run. The page gets the password (an assert_js
// step compares the field's value with {{secrets.PASSWORD}} in the page); the result shows the step
// as written and the typed text as [redacted]; the password is in no answer, row, report, trace, HAR,
// log or job.
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import type { BrowserStep } from '@pageprobe/test-kinds';
import { startShop, startTest, waitForTest } from '@pageprobe/testing';
import { Redis } from 'ioredis';
import { call } from '../support/http.ts';
import { startStack } from '../support/stack.ts';
import { teamWithKey } from '../support/teams.ts';
import { createTestEnv } from '../support/test-env.ts';

type Json = Record<string, any>;

const PASSWORD = 'Velvet-Orbit-3141!';
const env = await createTestEnv();
const shop = await startShop();
after(() => shop.close());
const common = { ALLOW_PRIVATE_TARGETS: 'true', RATE_LIMIT_WRITES_PER_MIN: '1000' };
const stack = await startStack(env, {
  apps: ['api', 'worker-browser'],
  all: common,
  env: { 'worker-browser': { BROWSER_TEST_TYPES: 'browser', BROWSER_CHECK_CONCURRENCY: '1' } },
});
const api = `${stack.origin}/api/v1`;
const { key } = await teamWithKey(env, { credits: 1000 });
const put = (name: string, body: Json) => call<Json>(`${api}/variables/${name}`, { method: 'PUT', token: key, body });

const signIn: BrowserStep[] = [
  { type: 'click', selector: '#sign-in' },
  { type: 'wait_for', selector: '#email' },
  { type: 'type', selector: '#email', text: '{{vars.EMAIL}}' },
  { type: 'type', selector: '#password', text: '{{secrets.PASSWORD}}' },
  { type: 'assert_js', expression: "document.querySelector('#password').value === '{{secrets.PASSWORD}}'" },
  { type: 'assert_js', expression: "document.querySelector('#email').value === '{{vars.EMAIL}}'" },
  { type: 'click', selector: '#go', name: 'sign in' },
  { type: 'assert_visible', selector: '#q' },
];

async function check(steps: BrowserStep[]): Promise<Json> {
  const { id } = await startTest(stack.origin, key, {
    url: `${shop.origin}/`,
    type: 'browser',
    device: 'desktop',
    steps,
  } as never);
  const done = await waitForTest<Json & { status: string }>(stack.origin, key, id, { timeoutMs: 90_000 });
  assert.equal(done.status, 'completed', JSON.stringify(done.error ?? done));
  return done;
}

async function jobsText(): Promise<string> {
  const redis = new Redis(env.redisUrl);
  try {
    const keys = await redis.keys(`${env.queuePrefix}*`);
    const out: string[] = [];
    for (const k of keys) if ((await redis.type(k)) === 'hash') out.push(JSON.stringify(await redis.hgetall(k)));
    return out.join('\n');
  } finally {
    redis.disconnect();
  }
}

assert.equal((await put('PASSWORD', { value: PASSWORD, secret: true })).status, 201);
assert.equal((await put('EMAIL', { value: 'pat@example.com' })).status, 201);

test('signing in with {{secrets.PASSWORD}}: the page gets it, the result shows [redacted]', async () => {
  const t = await check(signIn);
  const r = t.result;
  assert.equal(r.up, true, r.error);
  assert.equal(t.options.steps[3].text, '[redacted]', 'the stored step shows [redacted]');
  // The steps as written: the placeholder, never the value.
  assert.ok(r.steps[5].name.startsWith("assert_js document.querySelector('#password')"), r.steps[5].name);
  assert.equal(r.steps[5].status, 'passed');
  assert.equal(JSON.stringify(t).includes(PASSWORD), false, 'the answer holds the password');
  assert.ok(JSON.stringify(t).includes('[redacted]'));
});

test('a failed run keeps its trace and HAR: the password is in neither, nor in the report, logs or jobs', async () => {
  const t = await check([...signIn, { type: 'assert_visible', selector: '#nothing-here' }]);
  assert.equal(t.result.up, false);
  assert.equal(t.result.failed_step, signIn.length + 1);
  const artifacts = (await call<{ data: Json[] }>(`${api}/tests/${t.id}/artifacts`, { token: key })).body.data;
  const download = async (kind: string) => (await fetch(artifacts.find((x) => x.kind === kind)!.url)).text();
  const trace = await download('trace');
  assert.ok(JSON.parse(trace).traceEvents.length > 100);
  const har = await download('har');
  const report = await (await fetch(t.report_url)).text();
  const row = await env.db.test.findUniqueOrThrow({ where: { id: t.id } });
  const places: Array<[string, string]> = [
    ['the answer', JSON.stringify(t)],
    ['the row', JSON.stringify({ ...row, secrets: null })],
    ['the report', report],
    ['the trace', trace],
    ['the HAR', har],
    ...(['api', 'worker-browser'] as const).map((name): [string, string] => [
      `${name}'s log`,
      stack.app(name).output(),
    ]),
    ['the jobs', await jobsText()],
  ];
  for (const [where, text] of places) assert.equal(text.includes(PASSWORD), false, `${where} holds the password`);
});

test('a replaced secret is the next run’s: the old password no longer satisfies the page’s check', async () => {
  const next = 'Another-Password-2718';
  assert.equal((await put('PASSWORD', { value: next })).status, 200);
  // The field holds what was typed: its length tells the new value (21) from the old (18).
  const length = {
    type: 'assert_js',
    expression: `document.querySelector('#password').value.length === ${next.length}`,
  };
  const t = await check([...signIn.slice(0, 4), length as BrowserStep]);
  assert.equal(t.result.up, true, t.result.error);
  assert.equal(JSON.stringify(t).includes('Another-Password-2718'), false);
});
