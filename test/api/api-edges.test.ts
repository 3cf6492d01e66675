// Issue 28's edges of the public API: what POST refuses before anything is stored or spent (addresses
// in a flow's steps, credentials in URLs, assertions on audits Lighthouse does not have), and a time
// typed in a URL's query as curl sends it.
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { test } from 'node:test';
import { startApiInProcess } from '../support/api-in-process.ts';
import { assertProblem, call, type JsonResponse } from '../support/http.ts';
import { teamWithKey } from '../support/teams.ts';
import { createTestEnv } from '../support/test-env.ts';

const env = await createTestEnv();
// The address policy as production has it: no private targets.
const { origin } = await startApiInProcess(env, {
  ALLOW_PRIVATE_TARGETS: 'false',
  RATE_LIMIT_WRITES_PER_MIN: '1000',
  RATE_LIMIT_READS_PER_MIN: '1000',
});
const api = `${origin}/api/v1`;
const { key, teamId } = await teamWithKey(env, { credits: 50 });
// A public address that needs no DNS, so the checks run the same anywhere.
const PUBLIC = 'https://1.1.1.1/';

const post = (path: string, body: Record<string, unknown>) =>
  call(`${api}${path}`, { method: 'POST', token: key, body });
const balance = async () =>
  (await call<{ credits_balance: number }>(`${api}/credits`, { token: key })).body.credits_balance;
const stored = async () => ({
  tests: await env.db.test.count({ where: { teamId } }),
  monitors: await env.db.monitor.count({ where: { teamId } }),
});

/** A refusal naming its field, with nothing stored and nothing spent. */
function assertRefused(res: JsonResponse, code: string, path: string, message?: RegExp) {
  assertProblem(res, 400, code);
  const errors = res.body.errors as Array<{ path: string; message: string }>;
  assert.equal(errors[0]?.path, path, JSON.stringify(res.body));
  if (message) assert.match(String(res.body.detail), message);
}

const flow = (url: string) => [
  { type: 'click', selector: '#menu' },
  { type: 'wait', ms: 100 },
  { type: 'navigate', url },
];

test('a navigate step is held to the address policy of the test URL, at POST /tests and POST /monitors', async () => {
  const before = { stored: await stored(), balance: await balance() };
  for (const target of ['http://127.0.0.1:6379/', 'http://169.254.169.254/latest/meta-data/', 'http://[::1]/']) {
    assertRefused(
      await post('/tests', { url: PUBLIC, steps: flow(target) }),
      'url_not_allowed',
      'body.steps.2.url',
      /^steps\.2\.url /,
    );
    assertRefused(
      await post('/monitors', { url: PUBLIC, type: 'lighthouse', interval_seconds: 3600, steps: flow(target) }),
      'url_not_allowed',
      'body.steps.2.url',
    );
  }
  assert.deepEqual({ stored: await stored(), balance: await balance() }, before);
  // A public step is still fine.
  const ok = await post('/tests', { url: PUBLIC, steps: flow('https://1.0.0.1/next') });
  assert.equal(ok.status, 202, JSON.stringify(ok.body));
});

test('a user name or password in any URL is refused, pointing to basic_auth, and never stored', async () => {
  const before = { stored: await stored(), balance: await balance() };
  const cases: Array<[string, Record<string, unknown>, string]> = [
    ['/tests', { url: 'https://alice:s3cret@1.1.1.1/' }, 'body.url'],
    ['/tests', { url: PUBLIC, steps: flow('https://alice:s3cret@1.1.1.1/admin') }, 'body.steps.2.url'],
    ['/tests', { url: PUBLIC, steps: flow('https://alice@1.1.1.1/admin') }, 'body.steps.2.url'],
    ['/tests', { url: PUBLIC, callback_url: 'https://hook:s3cret@1.1.1.1/cb' }, 'body.callback_url'],
    [
      '/monitors',
      { url: PUBLIC, type: 'lighthouse', interval_seconds: 3600, steps: flow('https://alice:s3cret@1.1.1.1/') },
      'body.steps.2.url',
    ],
    ['/monitors', { url: 'https://alice:s3cret@1.1.1.1/', type: 'uptime', interval_seconds: 300 }, 'body.url'],
  ];
  for (const [path, body, field] of cases) {
    const res = await post(path, body);
    assertRefused(res, 'url_not_allowed', field, /user name or password/);
    if (field !== 'body.callback_url') assert.match(String(res.body.detail), /basic_auth/);
    assert.ok(!JSON.stringify(res.body).includes('s3cret'), 'the answer repeats the password');
  }
  assert.deepEqual({ stored: await stored(), balance: await balance() }, before);
});

test('an assertion on an audit the Lighthouse we run does not have is 400 naming the key, with its successor or the nearest id', async () => {
  const before = { stored: await stored(), balance: await balance() };
  assertRefused(
    await post('/tests', { url: PUBLIC, assertions: { 'no-such-audit': 'error' } }),
    'validation_failed',
    'body.assertions.no-such-audit',
    /no-such-audit.*not an audit of Lighthouse 13\.5/,
  );
  assertRefused(
    await post('/tests', { url: PUBLIC, assertions: { 'uses-long-cache-ttl': 'error' } }),
    'validation_failed',
    'body.assertions.uses-long-cache-ttl',
    /successor is "cache-insight"/,
  );
  assertRefused(
    await post('/monitors', {
      url: PUBLIC,
      type: 'lighthouse',
      interval_seconds: 3600,
      assertions: { 'largest-contentful-paint': ['error', { maxNumericValue: 2500 }], 'total-blocking-tme': 'warn' },
    }),
    'validation_failed',
    'body.assertions.total-blocking-tme',
    /did you mean "total-blocking-time"\?/,
  );
  assertRefused(
    await post('/tests', { url: PUBLIC, assertions: { 'categories:perfomance': ['error', { minScore: 0.9 }] } }),
    'validation_failed',
    'body.assertions.categories:perfomance',
    /did you mean "categories:performance"\?/,
  );
  assert.deepEqual({ stored: await stored(), balance: await balance() }, before);

  // PATCH checks the same; the id the README shows is accepted.
  const monitor = await post('/monitors', { url: PUBLIC, type: 'lighthouse', interval_seconds: 3600 });
  assert.equal(monitor.status, 201, JSON.stringify(monitor.body));
  const patched = (assertions: Record<string, unknown>) =>
    call(`${api}/monitors/${monitor.body.id}`, { method: 'PATCH', token: key, body: { assertions } });
  assertRefused(await patched({ 'no-such-audit': 'error' }), 'validation_failed', 'body.assertions.no-such-audit');
  assert.equal((await patched({ 'cache-insight': 'error' })).status, 200);
  const ok = await post('/tests', { url: PUBLIC, assertions: { 'cache-insight': 'error' } });
  assert.equal(ok.status, 202, JSON.stringify(ok.body));
});

/** A GET with the path sent byte for byte as given (no client re-encoding its query). */
const rawGet = (path: string) =>
  new Promise<{ status: number; body: Record<string, unknown> }>((resolve, reject) => {
    const { hostname, port } = new URL(origin);
    request({ hostname, port, path, headers: { authorization: `Bearer ${key}` } }, (res) => {
      let text = '';
      res.setEncoding('utf8').on('data', (chunk: string) => {
        text += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode!, body: JSON.parse(text) }));
    })
      .on('error', reject)
      .end();
  });

test('an ISO time typed in a query, `:` unencoded as curl sends it, is accepted', async () => {
  const monitor = await post('/monitors', { url: PUBLIC, type: 'uptime', interval_seconds: 300 });
  assert.equal(monitor.status, 201, JSON.stringify(monitor.body));
  const series = `/api/v1/monitors/${monitor.body.id}/series?metric=up`;
  const typed = await rawGet(`${series}&from=2026-11-20T00:00:00Z&to=2026-11-21T00:00:00.000Z`);
  assert.equal(typed.status, 200, JSON.stringify(typed.body));
  assert.deepEqual([typed.body.from, typed.body.to], ['2026-11-20T00:00:00.000Z', '2026-11-21T00:00:00.000Z']);
  // Encoded, as a careful client sends it: the same.
  const encoded = await rawGet(`${series}&from=2026-11-20T00%3A00%3A00Z&to=2026-11-21T00%3A00%3A00.000Z`);
  assert.deepEqual(encoded, typed);
  // Still a date-time, checked as before.
  assert.equal((await rawGet(`${series}&from=2026-11-20T25:00:00Z`)).status, 400);
});
