// Malformed requests generated from the OpenAPI document: whatever arrives, the answer is never a 5xx,
// and every error is problem+json. (Responses are also checked against the document by the API itself:
// OPENAPI_VALIDATE_RESPONSES is on in tests, so a response that strays from it would be a 500 here.)
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { publicSpec } from '@pageprobe/api';
import fc from 'fast-check';
import { startApiInProcess } from '../support/api-in-process.ts';
import { teamWithKey } from '../support/teams.ts';
import { createTestEnv } from '../support/test-env.ts';

const env = await createTestEnv();
const api = await startApiInProcess(env, {
  RATE_LIMIT_READS_PER_MIN: '1000000',
  RATE_LIMIT_WRITES_PER_MIN: '1000000',
  ENABLED_TEST_TYPES: 'uptime,seo_crawl,lighthouse',
});
const { key } = await teamWithKey(env, { credits: 100 });
const freeTeam = await teamWithKey(env, { plan: 'free' });
const readKey = (await freeTeam.admin.createApiKey(freeTeam.teamId, { scope: 'read' })).key;

type Param = { name: string; in: string };
/** `base`: where the operation is served: /api/v1, or the root for a path whose `servers` say `/` (pings, RUM). */
type Operation = { path: string; method: string; params: Param[]; base: string };
const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);
// A path's own `parameters` (shared by its operations) are not an operation but join each one's.
const operations: Operation[] = Object.entries(
  publicSpec.paths as Record<string, Record<string, { parameters?: Param[] } | Param[]>>,
).flatMap(([path, item]) => {
  const shared = (item.parameters as Param[] | undefined) ?? [];
  const servers = item.servers as unknown as Array<{ url: string }> | undefined;
  const base = servers?.[0]?.url === '/' ? '' : '/api/v1';
  return Object.entries(item)
    .filter(([method]) => METHODS.has(method))
    .map(([method, op]) => ({
      path,
      method: method.toUpperCase(),
      params: [...shared, ...((op as { parameters?: Param[] }).parameters ?? [])],
      base,
    }));
});

const junkString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(
    '',
    ' ',
    '..',
    '%',
    '%00',
    'null',
    '-1',
    '0',
    '1e309',
    'NaN',
    '../../etc/passwd',
    '<script>',
    "' OR 1=1 --",
    'a'.repeat(3000),
  ),
  fc.uuid().map(String),
  fc.integer().map(String),
);
const junkValue = fc.oneof(
  fc.anything({ maxDepth: 2 }),
  junkString,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
);
const urlish = fc.oneof(
  {
    arbitrary: fc.constantFrom(
      'https://93.184.215.14/',
      'http://93.184.215.14:8080/a?b=c',
      'https://no-such-host.invalid/',
    ),
    weight: 3,
  },
  fc.webUrl(),
  junkString,
  fc.constantFrom(
    'http://127.0.0.1/',
    'http://[::1]/',
    'file:///etc/passwd',
    'javascript:alert(1)',
    'https://93.184.215.14/',
    'http://0x7f.1/',
    'https://u:p@93.184.215.14/',
  ),
);
const body = fc.oneof(
  fc
    .record(
      { url: urlish, type: junkValue, device: junkValue, callback_url: urlish, extra: junkValue },
      { requiredKeys: [] },
    )
    .map((b) => JSON.stringify(b)),
  {
    arbitrary: fc
      .record(
        { url: urlish, type: fc.constantFrom('lighthouse', 'seo_crawl', 'uptime'), callback_url: urlish },
        { requiredKeys: ['url'] },
      )
      .map((b) => JSON.stringify(b)),
    weight: 4,
  },
  fc.anything().map((v) => JSON.stringify(v) ?? 'undefined'),
  fc.string({ maxLength: 200 }),
  fc.constantFrom('{', '{"url":', '[]', 'null', '""', '{"url": "https://93.184.215.14/", "type": "uptime"}'),
);
// Operations that take a body are drawn four times as often (their bodies are where most of the
// generator's variety lies), POST /tests a fixed share of all draws: a well-formed one (a 202) must come up
// in every run, not in most. At even odds it came up about four times in 1,100 draws, and a CI run once saw
// none; a fixed weight of 8 (5% of draws once the document had 74 operations) gave about 2, and a run with
// none (issue 61). A fifth of the draws gives 10–15 however many operations there are.
const bodyWeight = (op: Operation) => (['POST', 'PATCH'].includes(op.method) ? 4 : 1);
const isStart = (op: Operation) => op.method === 'POST' && op.path === '/tests';
const others = operations.filter((op) => !isStart(op)).reduce((sum, op) => sum + bodyWeight(op), 0);
const weightOf = (op: Operation) => (isStart(op) ? Math.ceil(others / 4) : bodyWeight(op));
const operation = fc.oneof(...operations.map((op) => ({ arbitrary: fc.constant(op), weight: weightOf(op) })));
const request = fc.record({
  op: operation,
  method: fc.oneof(
    { arbitrary: fc.constant(null), weight: 5 },
    { arbitrary: fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'), weight: 1 },
  ),
  pathValue: junkString,
  query: fc.oneof(
    fc.constant({}),
    fc.dictionary(fc.constantFrom('limit', 'status', 'type', 'cursor', 'other', 'limit[]'), junkString, { maxKeys: 4 }),
  ),
  body,
  contentType: fc.oneof(
    { arbitrary: fc.constant('application/json'), weight: 6 },
    {
      arbitrary: fc.constantFrom(
        'application/json; charset=utf-8',
        'text/plain',
        'application/x-www-form-urlencoded',
        'application/json; charset=latin1',
        '',
      ),
      weight: 4,
    },
  ),
  idempotencyKey: fc.option(fc.oneof(fc.string({ minLength: 1, maxLength: 130 }), fc.string({ maxLength: 300 })), {
    freq: 2,
  }),
  auth: fc.oneof(
    { arbitrary: fc.constant('write'), weight: 5 },
    { arbitrary: fc.constantFrom('read', 'none', 'garbage'), weight: 3 },
  ),
});

test('1,100 generated malformed requests: no 5xx, every error is problem+json', async (t) => {
  let sent = 0;
  const seen = new Map<number, number>();
  await fc.assert(
    fc.asyncProperty(request, async (r) => {
      const method = r.method ?? r.op.method;
      const path = r.op.path.replace(/\{[a-z_]+\}/g, encodeURIComponent(r.pathValue));
      const query = new URLSearchParams(r.query).toString();
      const headers: Record<string, string> = {};
      if (r.auth === 'write') headers.authorization = `Bearer ${key}`;
      if (r.auth === 'read') headers.authorization = `Bearer ${readKey}`;
      if (r.auth === 'garbage')
        headers.authorization = `Bearer ${r.pathValue}`.slice(0, 200).replace(/[^\x20-\x7e]/g, 'x');
      if (r.contentType) headers['content-type'] = r.contentType;
      if (r.idempotencyKey !== null) headers['idempotency-key'] = r.idempotencyKey.replace(/[^\x20-\x7e]/g, 'k');
      const hasBody = !['GET', 'OPTIONS'].includes(method);
      const res = await fetch(`${api.origin}${r.op.base}${path}${query ? `?${query}` : ''}`, {
        method,
        headers,
        body: hasBody ? r.body : undefined,
      });
      const text = await res.text();
      sent++;
      seen.set(res.status, (seen.get(res.status) ?? 0) + 1);
      assert.ok(res.status < 500, `${method} ${path}?${query} → ${res.status}: ${text.slice(0, 300)}`);
      if (res.status >= 400) {
        assert.equal(
          res.headers.get('content-type')?.split(';')[0],
          'application/problem+json',
          `${res.status} ${text.slice(0, 200)}`,
        );
        const problem = JSON.parse(text);
        assert.equal(problem.status, res.status);
        assert.match(problem.code, /^[a-z_]+$/);
      }
    }),
    { numRuns: 1100 },
  );
  assert.ok(sent >= 1100);
  t.diagnostic(`statuses: ${JSON.stringify(Object.fromEntries([...seen].sort(([a], [b]) => a - b)))}`);
  // The generator reaches past validation too, not only into 400s.
  for (const status of [200, 202, 400, 401, 403, 415])
    assert.ok(seen.has(status), `no ${status} in ${JSON.stringify([...seen])}`);
});
