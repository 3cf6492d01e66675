// Issue 28: what becomes of the secret values a request carries (header and cookie values, basic-auth
// passwords) over their life. The Idempotency-Key fingerprint cannot be matched against guesses; a
// monitor's sealed values go when it is deleted and are replaced by PATCH; SECRETS_KEY rotates (a ring
// of the current and previous keys, `pnpm admin secrets reseal`), and a monitor whose values no key
// opens pauses instead of failing for ever; a revoked key's monitors pause. Uptime monitors on 1 s
// intervals against local targets: the API in process, the uptime worker and the dispatcher as processes.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { createAdminService } from '@pageprobe/api';
import { open, seal, sealedWith } from '@pageprobe/secrets';
import { kindOptionNames } from '@pageprobe/test-kinds';
import { startApiInProcess } from '../support/api-in-process.ts';
import { assertProblem, call } from '../support/http.ts';
import { eventually, type ReceivedRequest, startServer } from '../support/servers.ts';
import { teamWithKey } from '../support/teams.ts';
import { createTestEnv } from '../support/test-env.ts';
import { startInProcess } from '../support/stack.ts';

const env = await createTestEnv();
const common = {
  ALLOW_PRIVATE_TARGETS: 'true',
  RATE_LIMIT_WRITES_PER_MIN: '1000',
  RATE_LIMIT_READS_PER_MIN: '100000',
  SWEEP_INTERVAL_MS: '300',
  // Alerts raised outside a worker (a revocation's) go out with the dispatcher's sweep.
  SWEEP_QUEUED_AFTER_MS: '200',
  MONITOR_MIN_INTERVAL_SECONDS: '1',
};
// The API seals with the file's key; the worker is a step into a rotation: a new current key, the API's
// key among its previous ones.
const apiKey = Buffer.from(env.appEnv().SECRETS_KEY!, 'base64');
const newKey = randomBytes(32);
const lostKey = randomBytes(32);
const { origin } = await startApiInProcess(env, common);
await startInProcess(
  'worker-uptime',
  env.appEnv({
    ...common,
    UPTIME_CONCURRENCY: '20',
    SECRETS_KEY: newKey.toString('base64'),
    SECRETS_KEYS_PREVIOUS: apiKey.toString('base64'),
  }),
);
await startInProcess('callback-dispatcher', env.appEnv(common));
const api = `${origin}/api/v1`;
const { key, teamId } = await teamWithKey(env, { credits: 100 });

type Json = Record<string, any>;
const create = async (body: Json, token = key) => {
  const res = await call<Json>(`${api}/monitors`, {
    method: 'POST',
    token,
    body: { type: 'uptime', interval_seconds: 1, ...body },
  });
  assert.equal(res.status, 201, JSON.stringify(res.body));
  return res.body as Json & { id: string };
};
const patch = (id: string, body: Json, token = key) =>
  call<Json>(`${api}/monitors/${id}`, { method: 'PATCH', token, body });
const monitorRow = (id: string) => env.db.monitor.findUniqueOrThrow({ where: { id } });
/** An uptime monitor's recorded checks (issue 29: checks, not tests). */
const checksOf = async (monitorId: string) =>
  Number(
    (
      await env.db.$queryRawUnsafe<Array<{ n: bigint }>>(
        'SELECT count(*) AS n FROM monitoring.checks WHERE monitor_id = $1::uuid',
        monitorId,
      )
    )[0]!.n,
  );

/** A target that records what each request carried; `seen` waits for a request with this header value. */
async function recordingTarget() {
  const server = await startServer((_req, res) => res.writeHead(200, { 'content-type': 'text/plain' }).end('ok'));
  const seen = (header: string, value: string) =>
    eventually(
      async () => server.requests.find((r: ReceivedRequest) => r.headers[header] === value),
      15_000,
      `a request with ${header}: ${value}`,
    );
  return { url: `${server.url}/`, server, seen };
}

/** The body of the n-th callback a receiver got. */
const nthCallback = async (receiver: Awaited<ReturnType<typeof startServer>>, n: number) =>
  JSON.parse((await receiver.nth(n, 20_000)).raw.toString()) as Json;

test('an Idempotency-Key fingerprint of a request with secrets cannot be matched against guesses; replays still match', async () => {
  const target = await recordingTarget();
  const body = { url: target.url, type: 'uptime', basic_auth: { username: 'ops', password: 'hunter2' } };
  const post = (payload: Json) =>
    call<Json>(`${api}/tests`, { method: 'POST', token: key, body: payload, headers: { 'Idempotency-Key': 'pw-1' } });
  const first = await post(body);
  assert.equal(first.status, 202, JSON.stringify(first.body));
  const { requestHash } = await env.db.idempotencyRecord.findUniqueOrThrow({
    where: { teamId_key: { teamId, key: 'pw-1' } },
  });

  // Everything but the password is in the test row: a dump lets anyone rebuild the canonical request and
  // try passwords. A plain digest would give it away; the keyed one matches no guess.
  const test = await env.db.test.findUniqueOrThrow({ where: { id: first.body.id } });
  const canonical = (password: string) => {
    const given: Json = { basic_auth: { username: 'ops', password } };
    const options = Object.fromEntries(
      ['headers', 'cookies', 'basic_auth', ...kindOptionNames].map((name) => [name, given[name]]),
    );
    return JSON.stringify([test.url, test.type, test.device, test.callbackUrl, 1, null, options]);
  };
  for (const guess of ['123456', 'password', 'letmein', 'hunter2']) {
    assert.notEqual(createHash('sha256').update(canonical(guess)).digest('hex'), requestHash, guess);
  }

  const replay = await post(body);
  assert.equal(replay.status, 200);
  assert.deepEqual([replay.body.replayed, replay.body.id], [true, first.body.id]);
  assertProblem(
    await post({ ...body, basic_auth: { username: 'ops', password: 'hunter3' } }),
    422,
    'idempotency_key_reused',
  );
});

test('deleting a monitor erases its sealed values; PATCH replaces a credential and keeps the others', async () => {
  const target = await recordingTarget();
  const basic = `Basic ${Buffer.from('ops:pw').toString('base64')}`;
  const monitor = await create({
    url: target.url,
    headers: { 'X-Token': 'old-token' },
    basic_auth: { username: 'ops', password: 'pw' },
  });
  await target.seen('x-token', 'old-token');

  const changed = await patch(monitor.id, { headers: { 'X-Token': 'new-token' } });
  assert.equal(changed.status, 200, JSON.stringify(changed.body));
  assert.deepEqual(changed.body.options, {
    headers: { 'X-Token': '[redacted]' },
    basic_auth: { username: 'ops', password: '[redacted]' },
  });
  const fresh = await target.seen('x-token', 'new-token');
  assert.equal(fresh.headers.authorization, basic, 'basic_auth was kept');

  const without = await patch(monitor.id, { basic_auth: null });
  assert.deepEqual(without.body.options, { headers: { 'X-Token': '[redacted]' } });
  assertProblem(
    await patch(monitor.id, { headers: { Authorization: 'Bearer x' }, basic_auth: { username: 'a', password: 'b' } }),
    400,
    'validation_failed',
  );

  assert.ok((await monitorRow(monitor.id)).secrets);
  assert.equal((await call(`${api}/monitors/${monitor.id}`, { method: 'DELETE', token: key })).status, 204);
  assert.equal((await monitorRow(monitor.id)).secrets, null);
});

test('a monitor whose sealed values no key opens pauses (monitor.paused secrets_unreadable) until they are given again', async () => {
  const target = await recordingTarget();
  const receiver = await startServer();
  const monitor = await create({
    url: target.url,
    headers: { 'X-Token': 'before' },
    basic_auth: { username: 'ops', password: 'pw' },
    callback_url: `${receiver.url}/alerts`,
  });
  await target.seen('x-token', 'before');
  // SECRETS_KEY replaced without keeping the old one: no process has the key of this seal any more.
  await env.db.monitor.update({
    where: { id: monitor.id },
    data: { secrets: new Uint8Array(seal(lostKey, { headers: { 'X-Token': 'before' } }, `monitor:${monitor.id}`)) },
  });

  const alert = await nthCallback(receiver, 1);
  assert.deepEqual([alert.event, alert.alert.reason], ['monitor.paused', 'secrets_unreadable']);
  const view = (await call<Json>(`${api}/monitors/${monitor.id}`, { token: key })).body;
  assert.deepEqual([view.status, view.paused_reason, view.next_run_at], ['paused', 'secrets_unreadable', null]);
  // The check opened the monitor's own seal: no test, no copy of the secrets anywhere.
  assert.equal(alert.test, null);
  assert.equal(await env.db.testSecret.count({ where: { context: `monitor:${monitor.id}` } }), 0);

  // What cannot be opened cannot be kept: a PATCH must give every credential the monitor has (null for none).
  assertProblem(await patch(monitor.id, { headers: { 'X-Token': 'after' } }), 409, 'secrets_unreadable');
  const resumed = await patch(monitor.id, {
    headers: { 'X-Token': 'after' },
    cookies: null,
    basic_auth: null,
    paused: false,
  });
  assert.deepEqual([resumed.status, resumed.body.status], [200, 'active']);
  const after = await target.seen('x-token', 'after');
  assert.equal(after.headers.authorization, undefined, 'basic_auth was removed');
  await call(`${api}/monitors/${monitor.id}`, { method: 'DELETE', token: key });
});

test('secrets reseal moves every seal to the current key, erases deleted monitors’ and counts what no key opens', async () => {
  const target = await recordingTarget();
  const stopped = { status: 'paused' as const, pausedReason: 'user', nextRunAt: null };
  const live = await create({ url: target.url, headers: { 'X-Token': 'live' } });
  await patch(live.id, { paused: true });
  const lost = await create({ url: target.url, headers: { 'X-Token': 'lost' } });
  await env.db.monitor.update({
    where: { id: lost.id },
    data: { ...stopped, secrets: new Uint8Array(seal(lostKey, { headers: {} }, `monitor:${lost.id}`)) },
  });
  // Deleted before deletes erased: its seal is still there.
  const gone = await create({ url: target.url, headers: { 'X-Token': 'gone' } });
  await call(`${api}/monitors/${gone.id}`, { method: 'DELETE', token: key });
  await env.db.monitor.update({
    where: { id: gone.id },
    data: { secrets: new Uint8Array(seal(apiKey, { headers: {} }, `monitor:${gone.id}`)) },
  });
  const before = (await monitorRow(live.id)).secrets!;
  assert.ok(sealedWith(apiKey, before));
  // An alert channel's webhook URL is sealed the same way (issue 31).
  const hook = 'https://hooks.example/services/T0/B0/channel-token';
  const channel = await call<{ id: string }>(`${api}/alert-channels`, {
    method: 'POST',
    token: key,
    body: { type: 'slack', name: 'ops', url: hook },
  });
  assert.equal(channel.status, 201, JSON.stringify(channel.body));
  const channelRow = () => env.db.alertChannel.findUniqueOrThrow({ where: { id: channel.body.id } });
  assert.ok(sealedWith(apiKey, (await channelRow()).sealed!));
  // A team secret (issue 59), sealed for its team and name.
  const variable = await call(`${api}/variables/RESEAL_ME`, {
    method: 'PUT',
    token: key,
    body: { value: 'team-secret-value', secret: true },
  });
  assert.equal(variable.status, 201, JSON.stringify(variable.body));
  const variableRow = () => env.db.teamVariable.findFirstOrThrow({ where: { name: 'RESEAL_ME' } });
  assert.ok(sealedWith(apiKey, (await variableRow()).sealed!));

  // Not spawnSync: the API and the dispatcher run in this process, and a blocked event loop froze one
  // of their transactions open, holding the monitors' rows the reseal writes (CI waited 13 minutes).
  const run = await reseal({
    PATH: process.env.PATH,
    DATABASE_URL: env.databaseUrl,
    SECRETS_KEY: newKey.toString('base64'),
    SECRETS_KEYS_PREVIOUS: apiKey.toString('base64'),
  });
  assert.equal(run.status, 0, run.stderr);
  const report = JSON.parse(run.stdout);
  assert.ok(report.monitors.resealed >= 1, run.stdout);
  assert.ok(report.monitors.unreadable >= 1, run.stdout);
  assert.ok(report.unreadable_monitors.includes(lost.id), run.stdout);
  assert.ok(report.deleted_monitors_erased >= 1, run.stdout);
  assert.equal((await monitorRow(gone.id)).secrets, null);
  assert.equal(report.alert_channels.resealed, 1, run.stdout);
  assert.deepEqual(open([newKey], (await channelRow()).sealed!, `alert-channel:${channel.body.id}`), { url: hook });
  assert.equal(report.team_secrets.resealed, 1, run.stdout);
  const sealedVariable = await variableRow();
  assert.equal(
    open([newKey], sealedVariable.sealed!, `team-variable:${sealedVariable.teamId}:RESEAL_ME`),
    'team-secret-value',
  );

  // The old key can go now: the current key alone opens the seal.
  const after = (await monitorRow(live.id)).secrets!;
  assert.ok(sealedWith(newKey, after));
  assert.deepEqual(open([newKey], after, `monitor:${live.id}`), {
    headers: { 'X-Token': 'live' },
    cookies: [],
    basicAuth: null,
  });
  // Run again, nothing changes.
  const again = await reseal({
    PATH: process.env.PATH,
    DATABASE_URL: env.databaseUrl,
    SECRETS_KEY: newKey.toString('base64'),
  });
  assert.equal(JSON.parse(again.stdout).monitors.resealed, 0, again.stdout);
});

/** `pnpm admin secrets reseal` as a process, awaited without blocking this one: its exit status and output. */
async function reseal(env: NodeJS.ProcessEnv) {
  const cli = fileURLToPath(new URL('../../apps/api/src/cli/admin.ts', import.meta.url));
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [cli, 'secrets', 'reseal'], {
      env,
      timeout: 120_000,
    });
    return { status: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { status: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

test('revoking a key pauses its monitors (monitor.paused key_revoked) at once; another key resumes them', async () => {
  const admin = createAdminService(env.db);
  const doomed = await admin.createApiKey(teamId, { scope: 'write', name: 'doomed' });
  const other = await admin.createApiKey(teamId, { scope: 'write', name: 'other' });
  const target = await recordingTarget();
  const receiver = await startServer();
  const monitor = await create({ url: target.url, callback_url: `${receiver.url}/alerts` }, doomed.key);
  await eventually(async () => ((await checksOf(monitor.id)) ? true : undefined));

  const revoked = await fetch(`${origin}/admin/v1/api-keys/${doomed.id}`, {
    method: 'DELETE',
    headers: { authorization: `Bearer ${env.adminToken}` },
  });
  assert.equal(revoked.status, 204);
  // Paused in the revocation's own transaction: nothing to wait for.
  const row = await monitorRow(monitor.id);
  assert.deepEqual([row.status, row.pausedReason, row.nextRunAt], ['paused', 'key_revoked', null]);
  const alert = await nthCallback(receiver, 1);
  assert.deepEqual([alert.event, alert.alert.reason, alert.test], ['monitor.paused', 'key_revoked', null]);
  const runs = await checksOf(monitor.id);
  await new Promise((r) => setTimeout(r, 2_500));
  assert.ok((await checksOf(monitor.id)) <= runs + 1, 'at most one run in flight');

  const paused = await checksOf(monitor.id);
  const resumed = await patch(monitor.id, { paused: false }, other.key);
  assert.deepEqual([resumed.status, resumed.body.status, resumed.body.paused_reason], [200, 'active', null]);
  assert.equal((await monitorRow(monitor.id)).apiKeyId, other.id, 'it runs under the key that resumed it');
  await eventually(async () => ((await checksOf(monitor.id)) > paused ? true : undefined));

  // A key revoked behind the service's back (or by a replica that missed the monitor): its next run pauses it.
  await env.db.apiKey.update({ where: { id: other.id }, data: { revokedAt: new Date() } });
  const late = await eventually(async () => {
    const m = await monitorRow(monitor.id);
    return m.status === 'paused' ? m : undefined;
  });
  assert.equal(late.pausedReason, 'key_revoked');
});
