// Issue 60: a new monitor checks at once, not at its first slot on its grid (an hour away for an hourly
// one), and a monitor's URL can be changed (PATCH url), its new target checked at once. Every part real:
// the API, a dispatcher's tick and an uptime worker against a local target.
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { startApiInProcess } from '../support/api-in-process.ts';
import { startApp } from '../support/app-process.ts';
import { call } from '../support/http.ts';
import { eventually, startServer } from '../support/servers.ts';
import { teamWithKey } from '../support/teams.ts';
import { createTestEnv } from '../support/test-env.ts';

const env = await createTestEnv();
const common = {
  ALLOW_PRIVATE_TARGETS: 'true',
  RATE_LIMIT_WRITES_PER_MIN: '1000',
  MONITOR_MIN_INTERVAL_SECONDS: '1',
};
const { origin } = await startApiInProcess(env, common);
const api = `${origin}/api/v1`;
const { key } = await teamWithKey(env, { plan: 'pro' });
const target = await startServer((_req, res) => res.writeHead(200).end('ok'));
const worker = await startApp('worker-uptime', env.appEnv(common));
const dispatcher = await startApp('callback-dispatcher', env.appEnv(common));
after(() => Promise.all([worker.stop(), dispatcher.stop()]));

const checksOf = (id: string) =>
  env.db.$queryRawUnsafe<Array<{ at: Date }>>('SELECT at FROM monitoring.checks WHERE monitor_id = $1::uuid', id);
const asked = (path: string) => target.requests.filter((r) => r.url === path).length;

test('an hourly monitor has its first check within seconds of creation; its URL changed, the new one is checked at once', async () => {
  const made = await call<{ id: string; url: string }>(`${api}/monitors`, {
    method: 'POST',
    token: key,
    body: { type: 'uptime', url: `${target.url}/first`, interval_seconds: 3600 },
  });
  assert.equal(made.status, 201, JSON.stringify(made.body));
  const id = made.body.id;
  await eventually(async () => ((await checksOf(id)).length ? true : undefined), 20_000, 'a first check');
  assert.equal(asked('/first'), 1);

  const moved = await call<{ url: string }>(`${api}/monitors/${id}`, {
    method: 'PATCH',
    token: key,
    body: { url: `${target.url}/moved` },
  });
  assert.equal(moved.status, 200, JSON.stringify(moved.body));
  assert.equal(moved.body.url, `${target.url}/moved`);
  await eventually(async () => (asked('/moved') ? true : undefined), 20_000, 'the new URL checked');
  assert.equal((await env.db.monitor.findUniqueOrThrow({ where: { id } })).url, `${target.url}/moved`);

  // A URL is checked as at creation: one its kind does not take is refused by name.
  const refused = await call(`${api}/monitors/${id}`, {
    method: 'PATCH',
    token: key,
    body: { url: 'ftp://example.com/' },
  });
  assert.equal(refused.status, 400, JSON.stringify(refused.body));
  assert.equal((await env.db.monitor.findUniqueOrThrow({ where: { id } })).url, `${target.url}/moved`);
});
