// Issue 59 item 5: a team's variables and secrets (/variables), through the API, the real uptime worker
// and the dispatcher. A secret is sealed and never shown again; the audit log records each change without
// its value; a check naming a variable the team lacks is a 400 naming the field. An uptime check sends
// {{secrets.TOKEN}} in a header to a server that requires it, and the token appears in no answer, report,
// log or job; a secret replaced between two monitor runs is the next run's.
import assert from 'node:assert/strict';
import type { ServerResponse } from 'node:http';
import { test } from 'node:test';
import { waitForTest } from '@pageprobe/testing';
import { assertProblem, call } from '../support/http.ts';
import { jobsText } from '../support/jobs-text.ts';
import { eventually, type ReceivedRequest, startServer } from '../support/servers.ts';
import { startStack } from '../support/stack.ts';
import { teamWithKey } from '../support/teams.ts';
import { createTestEnv } from '../support/test-env.ts';
import { runCli } from '../support/cli.ts';

type Json = Record<string, any>;

const env = await createTestEnv();
const common = { MONITOR_MIN_INTERVAL_SECONDS: '1', ALLOW_PRIVATE_TARGETS: 'true', RATE_LIMIT_WRITES_PER_MIN: '1000' };
const stack = await startStack(env, {
  apps: ['api', 'worker-uptime', 'callback-dispatcher'],
  all: common,
  env: { 'worker-uptime': { UPTIME_TIMEOUT_MS: '5000' } },
});
const api = `${stack.origin}/api/v1`;
const { key, teamId } = await teamWithKey(env, { credits: 1000 });
const req = (method: string, path: string, body?: unknown, token = key) =>
  call<Json>(`${api}${path}`, { method, token, ...(body !== undefined ? { body } : {}) });

// The target: an API that answers 200 only with the bearer token it currently expects.
const server = { token: 'tok-first-9b1c7e' };
const target = await startServer((r: ReceivedRequest, res: ServerResponse) => {
  const ok = r.headers.authorization === `Bearer ${server.token}`;
  res.writeHead(ok ? 200 : 401, { 'content-type': 'text/plain' }).end(ok ? 'welcome' : 'who are you?');
});

test('CRUD: a plain variable shows its value, a secret never does; PUT says created or replaced', async () => {
  const made = await req('PUT', '/variables/SHOP_HOST', { value: 'shop.example.com' });
  assert.equal(made.status, 201, JSON.stringify(made.body));
  assert.match(made.headers.get('location') ?? '', /\/api\/v1\/variables\/SHOP_HOST$/);
  assert.deepEqual([made.body.name, made.body.secret, made.body.value], ['SHOP_HOST', false, 'shop.example.com']);
  const replaced = await req('PUT', '/variables/SHOP_HOST', { value: 'shop2.example.com' });
  assert.equal(replaced.status, 200);
  assert.equal(replaced.body.value, 'shop2.example.com');

  const secret = await req('POST', '/variables', { name: 'DB_PASSWORD', value: 'hunter2-zz9', secret: true });
  assert.equal(secret.status, 201, JSON.stringify(secret.body));
  assert.deepEqual([secret.body.secret, secret.body.value], [true, null]);
  const again = await req('PUT', '/variables/DB_PASSWORD', { value: 'hunter3-zz9' });
  assert.equal(again.status, 200);
  assert.equal(again.body.secret, true, 'a secret stays secret when `secret` is left out');

  const list = await req('GET', '/variables');
  assert.equal(list.status, 200);
  assert.deepEqual(
    list.body.data.map((v: Json) => [v.name, v.secret, v.value]),
    [
      ['DB_PASSWORD', true, null],
      ['SHOP_HOST', false, 'shop2.example.com'],
    ],
  );
  assert.equal(list.body.next_cursor, null);
  assert.equal((await req('GET', '/variables/DB_PASSWORD')).body.value, null);
  assert.equal(JSON.stringify(list.body).includes('hunter'), false);
  // In the database: sealed bytes only.
  const row = await env.db.teamVariable.findFirstOrThrow({ where: { teamId, name: 'DB_PASSWORD' } });
  assert.equal(row.value, null);
  assert.equal(Buffer.from(row.sealed!).toString('latin1').includes('hunter'), false);

  assertProblem(await req('PUT', '/variables/DB_PASSWORD', { value: 'x', secret: false }), 409, 'variable_kind_change');
  assertProblem(await req('PUT', '/variables/SHOP_HOST', { value: 'x', secret: true }), 409, 'variable_kind_change');

  assert.equal((await req('DELETE', '/variables/SHOP_HOST')).status, 204);
  assertProblem(await req('GET', '/variables/SHOP_HOST'), 404, 'not_found');
  assertProblem(await req('DELETE', '/variables/SHOP_HOST'), 404, 'not_found');

  // The audit log: each change, its name and kind, never the value.
  const entries = await env.db.auditEntry.findMany({
    where: { teamId, action: { startsWith: 'variable.' } },
    orderBy: { createdAt: 'asc' },
  });
  assert.deepEqual(
    entries.map((e) => [e.action, (e.details as Json).name]),
    [
      ['variable.created', 'SHOP_HOST'],
      ['variable.replaced', 'SHOP_HOST'],
      ['variable.created', 'DB_PASSWORD'],
      ['variable.replaced', 'DB_PASSWORD'],
      ['variable.deleted', 'SHOP_HOST'],
    ],
  );
  assert.equal(JSON.stringify(entries).includes('hunter'), false);
  assert.equal(JSON.stringify(entries).includes('shop2.example.com'), false);
});

test('bad names, sizes and scopes are 400s or 403s naming what is wrong', async () => {
  const badName = await req('PUT', '/variables/9lives', { value: 'x' });
  assertProblem(badName, 400, 'validation_failed');
  assert.equal(badName.body.errors[0].path, 'params.name');
  const big = await req('PUT', '/variables/BIG', { value: 'é'.repeat(2100) });
  assertProblem(big, 400, 'validation_failed');
  assert.equal(big.body.errors[0].path, 'body.value');
  assertProblem(await req('PUT', '/variables/NOVALUE', {}), 400, 'validation_failed');
  const { key: readKey } = await (async () => {
    const { admin } = await teamWithKey(env);
    return admin.createApiKey(teamId, { scope: 'read' });
  })();
  assertProblem(await req('PUT', '/variables/RO', { value: 'x' }, readKey), 403, 'insufficient_scope');
  assert.equal((await req('GET', '/variables', undefined, readKey)).status, 200);
});

test('a test or monitor naming a variable the team lacks, or of the other kind, is a 400 naming the field', async () => {
  await req('PUT', '/variables/REGION', { value: 'eu' });
  const missing = await req('POST', '/tests', {
    type: 'uptime',
    url: `${target.url}/`,
    headers: { Authorization: 'Bearer {{secrets.NOPE}}' },
  });
  assertProblem(missing, 400, 'validation_failed');
  assert.equal(missing.body.errors[0].path, 'body.headers.Authorization');
  assert.match(missing.body.errors[0].message, /\{\{secrets\.NOPE\}\} names no secret of the team/);
  const wrongKind = await req('POST', '/monitors', {
    type: 'uptime',
    url: `${target.url}/`,
    interval_seconds: 60,
    method: 'POST',
    body: 'region={{secrets.REGION}}',
  });
  assertProblem(wrongKind, 400, 'validation_failed');
  assert.equal(wrongKind.body.errors[0].path, 'body.body');
  assert.match(wrongKind.body.errors[0].message, /write \{\{vars\.REGION\}\}/);
  // Monitoring as code checks each entry as POST /monitors does: a 422 naming the entry and its field.
  const plan = await req('POST', '/config/plan', {
    monitors: [
      {
        key: 'api',
        type: 'uptime',
        url: `${target.url}/`,
        interval_seconds: 60,
        headers: { Authorization: 'Bearer {{secrets.NOPE}}' },
      },
    ],
  });
  assertProblem(plan, 422, 'config_invalid');
  assert.deepEqual(
    plan.body.errors.map((e: Json) => [e.resource, e.key, e.field]),
    [['monitor', 'api', 'headers.Authorization']],
  );
});

test('an uptime test sends {{secrets.TOKEN}} in a header; the token is in no answer, report, log or job', async () => {
  server.token = 'tok-first-9b1c7e';
  assert.equal((await req('PUT', '/variables/TOKEN', { value: server.token, secret: true })).status, 201);
  const started = await req('POST', '/tests', {
    type: 'uptime',
    // In the query too: the result's final_url must show it redacted.
    url: `${target.url}/private?k={{secrets.TOKEN}}`,
    headers: { Authorization: 'Bearer {{secrets.TOKEN}}' },
    // An expectation that echoes what it read: the body, where a careless target could echo the token.
    expect: [{ source: 'body', operator: 'contains', value: 'welcome' }],
  });
  assert.equal(started.status, 202, JSON.stringify(started.body));
  const done = await waitForTest<Json & { status: string }>(stack.origin, key, started.body.id, { timeoutMs: 30_000 });
  assert.equal(done.status, 'completed', JSON.stringify(done));
  assert.equal(done.result.up, true, JSON.stringify(done.result));
  assert.equal(done.options.headers.Authorization, '[redacted]');
  assert.equal(done.result.final_url, `${target.url}/private?k=[redacted]`);
  const sent = target.requests.find((r) => r.url.startsWith('/private'));
  assert.equal(sent?.url, `/private?k=${server.token}`);
  assert.equal(sent?.headers.authorization, `Bearer ${server.token}`, 'the target got the secret’s value');

  const report = await (await fetch(done.report_url)).text();
  const row = await env.db.test.findUniqueOrThrow({ where: { id: done.id } });
  const places: Array<[string, string]> = [
    ['the answer', JSON.stringify(done)],
    ['the row', JSON.stringify(row)],
    ['the report', report],
    ['the variables', JSON.stringify((await req('GET', '/variables')).body)],
    ...(['api', 'worker-uptime', 'callback-dispatcher'] as const).map((name): [string, string] => [
      `${name}'s log`,
      stack.app(name).output(),
    ]),
    ['the jobs', await jobsText(env)],
  ];
  for (const [where, text] of places) assert.equal(text.includes(server.token), false, `${where} holds the token`);
});

test('a monitor uses a replaced secret from its next run on; a deleted one pauses it, saying which', async () => {
  server.token = 'tok-first-9b1c7e';
  await req('PUT', '/variables/TOKEN', { value: server.token, secret: true });
  const created = await req('POST', '/monitors', {
    type: 'uptime',
    url: `${target.url}/monitored`,
    interval_seconds: 1,
    headers: { Authorization: 'Bearer {{secrets.TOKEN}}' },
  });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  const id = created.body.id;
  const checksSince = async (since: number) =>
    ((await req('GET', `/monitors/${id}/checks?limit=20`)).body.data as Json[]).filter((c) => Date.parse(c.at) > since);
  const firstUp = await eventually(
    async () => (await checksSince(0)).find((c) => c.up) ?? undefined,
    30_000,
    'an up check',
  );
  assert.equal(firstUp.up, true);

  // The target now wants another token: the monitor's checks fail until the secret is replaced.
  const rotatedAt = Date.now();
  server.token = 'tok-second-4f2a90';
  await eventually(async () => (await checksSince(rotatedAt)).find((c) => !c.up) ?? undefined, 30_000, 'a down check');
  const replacedAt = Date.now();
  assert.equal((await req('PUT', '/variables/TOKEN', { value: server.token })).status, 200);
  const upAgain = await eventually(
    async () => (await checksSince(replacedAt + 100)).find((c) => c.up) ?? undefined,
    30_000,
    'an up check after the secret was replaced',
  );
  assert.equal(upAgain.up, true);
  const checks = JSON.stringify((await req('GET', `/monitors/${id}/checks?limit=100`)).body);
  for (const token of ['tok-first-9b1c7e', 'tok-second-4f2a90']) assert.equal(checks.includes(token), false);

  // Deleted while the monitor names it: the monitor pauses with the placeholder named, not an error each slot.
  assert.equal((await req('DELETE', '/variables/TOKEN')).status, 204);
  const paused = await eventually(
    async () => {
      const m = (await req('GET', `/monitors/${id}`)).body;
      return m.status === 'paused' ? m : undefined;
    },
    30_000,
    'the monitor paused',
  );
  assert.equal(paused.paused_reason, 'variable_missing', JSON.stringify(paused));
  const worker = stack.app('worker-uptime').output();
  for (const token of ['tok-first-9b1c7e', 'tok-second-4f2a90']) {
    assert.equal(worker.includes(token), false, 'the worker’s log holds a token');
    assert.equal((await jobsText(env)).includes(token), false, 'a job holds a token');
  }
});

/** The CLI with the team's key, `input` on its standard input: its exit code and output. */
const cli = (args: string[], input = '') => runCli(stack.origin, key, args, { input });

test('the CLI sets a secret from standard input, lists it as sealed and deletes it', async () => {
  const set = await cli(['variables', 'set', 'CLI_TOKEN', '--value', '-', '--secret'], 'from-stdin-77a1\n');
  assert.equal(set.code, 0, set.stderr);
  assert.match(set.stdout, /CLI_TOKEN\s+secret\s+\(sealed\)/);
  const row = await env.db.teamVariable.findFirstOrThrow({ where: { teamId, name: 'CLI_TOKEN' } });
  assert.equal(row.secret, true);
  const list = await cli(['variables', 'list']);
  assert.equal(list.code, 0, list.stderr);
  assert.match(list.stdout, /CLI_TOKEN\s+secret\s+\(sealed\)/);
  assert.equal(list.stdout.includes('from-stdin-77a1'), false);
  // Without --secret a replace keeps the kind: still sealed.
  const again = await cli(['variables', 'set', 'CLI_TOKEN', '--value', '-'], 'second-88b2');
  assert.equal(again.code, 0, again.stderr);
  assert.match(again.stdout, /CLI_TOKEN\s+secret\s+\(sealed\)/);
  const unknown = await cli(['variables', 'delete', 'NOT_THERE']);
  assert.notEqual(unknown.code, 0);
  assert.match(unknown.stderr, /no variable named NOT_THERE/);
  const gone = await cli(['variables', 'delete', 'CLI_TOKEN']);
  assert.equal(gone.code, 0, gone.stderr);
  assert.equal(await env.db.teamVariable.count({ where: { teamId, name: 'CLI_TOKEN' } }), 0);
});
