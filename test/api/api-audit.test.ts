// Issue 45: what an API key does to a team is in its audit log (monitors, alert channels, maintenance
// windows and status pages made, changed, deleted), the key named as the actor, with the request's address
// and agent; and keys' last_used_at is written at most once an interval a key, off the request's path.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { startApiInProcess } from '../support/api-in-process.ts';
import { call } from '../support/http.ts';
import { teamWithKey } from '../support/teams.ts';
import { createTestEnv } from '../support/test-env.ts';

const FLUSH_MS = 500;
const env = await createTestEnv();
const { origin } = await startApiInProcess(env, {
  ALLOW_PRIVATE_TARGETS: 'true',
  RATE_LIMIT_WRITES_PER_MIN: '1000',
  RATE_LIMIT_READS_PER_MIN: '1000',
  KEY_LAST_USED_FLUSH_MS: String(FLUSH_MS),
});
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test('creating, changing and deleting a monitor, a channel, a window and a status page with a key: an entry each', async () => {
  const { teamId, key } = await teamWithKey(env);
  const keyRow = await env.db.apiKey.findFirstOrThrow({ where: { teamId } });
  const api = async (method: string, path: string, body?: unknown) => {
    const res = await call<any>(`${origin}/api/v1${path}`, {
      method,
      token: key,
      body,
      headers: { 'user-agent': 'audit-test/1.0' },
    });
    assert.ok(res.status < 300, `${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  };

  const monitor = await api('POST', '/monitors', { type: 'uptime', url: 'http://127.0.0.1:9/', interval_seconds: 300 });
  await api('PATCH', `/monitors/${monitor.id}`, { interval_seconds: 600, tags: ['shop'] });
  const channel = await api('POST', '/alert-channels', { type: 'webhook', name: 'hook', url: 'http://127.0.0.1:9/h' });
  await api('PATCH', `/alert-channels/${channel.id}`, { name: 'renamed' });
  const window = await api('POST', '/maintenance-windows', {
    name: 'Deploy',
    starts_at: new Date(Date.now() + 3_600_000).toISOString(),
    ends_at: new Date(Date.now() + 7_200_000).toISOString(),
    tags: ['shop'],
  });
  await api('PATCH', `/maintenance-windows/${window.id}`, { name: 'Deploy 2' });
  const page = await api('POST', '/status-pages', {
    slug: `audited-${teamId.slice(0, 8)}`,
    title: 'Acme',
    monitors: [{ id: monitor.id, label: 'Shop' }],
  });
  await api('PATCH', `/status-pages/${page.id}`, { title: 'Acme status' });
  await api('DELETE', `/status-pages/${page.id}`);
  await api('DELETE', `/maintenance-windows/${window.id}`);
  await api('DELETE', `/alert-channels/${channel.id}`);
  await api('DELETE', `/monitors/${monitor.id}`);
  // Reads are not audited.
  await api('GET', '/monitors');

  // Each entry was written in its request: all there as soon as the last answer came.
  const entries = await env.db.auditEntry.findMany({ where: { teamId }, orderBy: { id: 'asc' } });
  assert.deepEqual(
    entries.map((e) => [e.action, e.target]),
    [
      ['monitor.created', monitor.id],
      ['monitor.updated', monitor.id],
      ['alert_channel.created', channel.id],
      ['alert_channel.updated', channel.id],
      ['maintenance_window.created', window.id],
      ['maintenance_window.updated', window.id],
      ['status_page.created', page.id],
      ['status_page.updated', page.id],
      ['status_page.deleted', page.id],
      ['maintenance_window.deleted', window.id],
      ['alert_channel.deleted', channel.id],
      ['monitor.deleted', monitor.id],
    ],
  );
  for (const e of entries) {
    assert.equal(e.actorId, null, 'a key, not a person');
    assert.equal(e.actorEmail, null);
    assert.deepEqual([(e.details as any).key_id, (e.details as any).key_prefix], [keyRow.id, keyRow.prefix], e.action);
    assert.equal(e.userAgent, 'audit-test/1.0');
    assert.match(e.ip ?? '', /127\.0\.0\.1/);
  }
  const updated = entries.find((e) => e.action === 'monitor.updated')!;
  assert.deepEqual((updated.details as any).fields, ['interval_seconds', 'tags'], 'the names of what changed');
  // A refused change changes nothing and records nothing.
  const refused = await call(`${origin}/api/v1/monitors/${monitor.id}`, { method: 'DELETE', token: key });
  assert.equal(refused.status, 404);
  assert.equal(await env.db.auditEntry.count({ where: { teamId } }), entries.length);
});

test("a key's last_used_at is written after a request, off its path, at most once an interval", async () => {
  const { teamId, key } = await teamWithKey(env);
  const { id: keyId } = await env.db.apiKey.findFirstOrThrow({ where: { teamId } });
  // Every write of the column, as PostgreSQL sees it.
  await env.db.$executeRawUnsafe('CREATE TABLE IF NOT EXISTS key_stamps (key_id uuid, at timestamptz)');
  await env.db.$executeRawUnsafe(`CREATE OR REPLACE FUNCTION stamp_key() RETURNS trigger AS $$
    BEGIN INSERT INTO key_stamps VALUES (NEW.id, clock_timestamp()); RETURN NEW; END $$ LANGUAGE plpgsql`);
  await env.db.$executeRawUnsafe(
    'CREATE OR REPLACE TRIGGER stamp_key AFTER UPDATE OF last_used_at ON api_keys FOR EACH ROW EXECUTE FUNCTION stamp_key()',
  );
  const stamps = async () =>
    (
      await env.db.$queryRawUnsafe<Array<{ at: Date }>>(
        'SELECT at FROM key_stamps WHERE key_id = $1::uuid ORDER BY at',
        keyId,
      )
    ).map((s) => s.at.getTime());
  assert.equal((await env.db.apiKey.findUniqueOrThrow({ where: { id: keyId } })).lastUsedAt, null);

  const credits = async () => {
    const res = await call(`${origin}/api/v1/credits`, { token: key });
    assert.equal(res.status, 200);
  };
  const first = Date.now();
  await credits();
  // Written after the request, by the flush (every FLUSH_MS; waited for far longer, as a loaded machine
  // may take: CI once saw nothing within four intervals).
  let used: Date | null = null;
  while (!used && Date.now() - first < 20_000) {
    await sleep(50);
    used = (await env.db.apiKey.findUniqueOrThrow({ where: { id: keyId } })).lastUsedAt;
  }
  assert.ok(used, 'last_used_at is written after a request');
  assert.ok(used.getTime() >= first - 1000);

  // 40 requests over about 2 s (four intervals): a few writes, never two within an interval.
  const started = Date.now();
  for (let i = 0; i < 40; i++) {
    await credits();
    await sleep(50);
  }
  await sleep(FLUSH_MS * 2);
  const times = await stamps();
  const span = Date.now() - started;
  assert.ok(times.length >= 2, `${times.length} writes`);
  assert.ok(times.length <= Math.ceil(span / FLUSH_MS) + 2, `${times.length} writes in ${span} ms for 41 requests`);
  const gaps = times.slice(1).map((t, i) => t - times[i]!);
  // setInterval's ticks drift by a few milliseconds; two writes within one interval would be ~0 apart.
  for (const gap of gaps) assert.ok(gap >= FLUSH_MS * 0.8, `writes ${gap} ms apart: ${gaps.join(', ')}`);
  // A key unused since the last flush is not written again.
  const count = times.length;
  await sleep(FLUSH_MS * 2);
  assert.equal((await stamps()).length, count, 'no write without a request');
});
