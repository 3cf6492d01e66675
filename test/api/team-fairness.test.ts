// Issue 22 item 11: one team cannot fill the workers. A team at its kind's in-flight limit (by plan:
// test-kinds' `inFlight`) has its other tests wait their turn in the queue, while another team's test
// starts at once. Here: a free team queues 50 uptime checks of a slow page (each held 1.5 s) on a worker
// with six slots; the free plan runs five at a time, so the sixth slot is left for the second team.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { uptime } from '@pageprobe/test-kinds';
import { startApiInProcess } from '../support/api-in-process.ts';
import { call } from '../support/http.ts';
import { eventually, startServer } from '../support/servers.ts';
import { teamWithKey } from '../support/teams.ts';
import { createTestEnv } from '../support/test-env.ts';
import { startInProcess } from '../support/stack.ts';

const HOLD_MS = 1_500;
const env = await createTestEnv();
const common = { ALLOW_PRIVATE_TARGETS: 'true', RATE_LIMIT_WRITES_PER_MIN: '1000' };
const { origin } = await startApiInProcess(env, common);
await startInProcess('worker-uptime', env.appEnv({ ...common, UPTIME_CONCURRENCY: '6' }));

const running = { a: 0, b: 0 };
let mostAtOnceForA = 0;
const target = await startServer((req, res) => {
  const team = req.url?.startsWith('/a/') ? 'a' : 'b';
  running[team]++;
  if (team === 'a') mostAtOnceForA = Math.max(mostAtOnceForA, running.a);
  setTimeout(() => {
    running[team]--;
    res.writeHead(200, { 'content-type': 'text/plain' }).end('slow');
  }, HOLD_MS);
});

test('a free team with 50 queued checks runs five at a time; another team starts within one check', async () => {
  assert.equal(uptime.inFlight.free, 5);
  const busy = await teamWithKey(env, { plan: 'free' });
  const other = await teamWithKey(env, { plan: 'free' });
  const post = (key: string, path: string) =>
    call<{ id: string }>(`${origin}/api/v1/tests`, {
      method: 'POST',
      token: key,
      body: { url: `${target.url}${path}`, type: 'uptime' },
    });
  for (let i = 0; i < 50; i++) assert.equal((await post(busy.key, `/a/${i}`)).status, 202);
  const theirs = await post(other.key, '/b/0');
  assert.equal(theirs.status, 202);

  const done = await eventually(
    async () => {
      const row = await env.db.test.findUniqueOrThrow({ where: { id: theirs.body.id } });
      return row.status === 'completed' ? row : undefined;
    },
    30_000,
    "the other team's check",
  );
  const waited = done.startedAt!.getTime() - done.createdAt.getTime();
  assert.ok(waited < HOLD_MS, `the other team's check waited ${waited} ms to start`);
  const stillQueued = await env.db.test.count({ where: { teamId: busy.teamId, status: 'queued' } });
  assert.ok(stillQueued >= 30, `the busy team still had ${stillQueued} queued`);
  assert.ok(mostAtOnceForA <= 5, `the busy team ran ${mostAtOnceForA} at once`);
  const runningNow = await env.db.test.count({ where: { teamId: busy.teamId, status: 'running' } });
  assert.ok(runningNow <= 5, `${runningNow} of the busy team's checks are running`);
});
