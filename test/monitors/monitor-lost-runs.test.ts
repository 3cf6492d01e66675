// Issue 49: a monitor slot is checked or counted skipped, never dropped silently: not when Redis loses a
// check batch (a failover's promoted replica never had it), nor when no tick could claim it for a while.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, test } from 'node:test';
import { createPool } from '@pageprobe/db';
import { enqueueMany, jobs } from '@pageprobe/jobs';
import { checkBatch, recordChecks, runTick } from '@pageprobe/monitors';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { uptimeCheck } from '../support/checks.ts';
import { eventually, startServer } from '../support/servers.ts';
import { teamWithKey } from '../support/teams.ts';
import { createTestEnv } from '../support/test-env.ts';
import { startApp } from '../support/app-process.ts';
import { startInProcess } from '../support/stack.ts';

const env = await createTestEnv();
const common = {
  ALLOW_PRIVATE_TARGETS: 'true',
  SWEEP_INTERVAL_MS: '500',
  SWEEP_QUEUED_AFTER_MS: '2000',
  MONITOR_MIN_INTERVAL_SECONDS: '1',
};
const pool = createPool(env.databaseUrl, { size: 2 });
after(() => pool.end());
const { teamId } = await teamWithKey(env);
const target = await startServer((_req, res) => res.writeHead(200).end('ok'));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function monitors(count: number): Promise<string[]> {
  const ids = Array.from({ length: count }, () => randomUUID());
  await env.db.monitor.createMany({
    data: ids.map((id, i) => ({
      id,
      teamId,
      type: 'uptime' as const,
      url: `${target.url}/m/${i}`,
      device: 'mobile' as const,
      intervalSeconds: 1,
      nextRunAt: new Date(),
    })),
  });
  return ids;
}

interface Schedule {
  next: number;
  skipped: number;
}
const schedules = async (ids: string[]) =>
  new Map(
    (await env.db.monitor.findMany({ where: { id: { in: ids } } })).map((m) => [
      m.id,
      { next: m.nextRunAt!.getTime(), skipped: m.skippedRuns } satisfies Schedule,
    ]),
  );

/**
 * Every slot of each monitor's grid from its next slot in `before` to its next slot now was checked (a
 * row with that slot) or counted in skipped_runs, and `earlier` slots claimed before that span were
 * counted skipped within it. Returns the checks made in the span.
 */
async function assertEverySlotAccounted(ids: string[], before: Map<string, Schedule>, earlier = 0) {
  const now = await schedules(ids);
  await sleep(1_500); // the runs claimed just now are recorded
  let checked = 0;
  for (const id of ids) {
    const [from, to] = [before.get(id)!, now.get(id)!];
    const checks = await env.db.$queryRawUnsafe<Array<{ n: number }>>(
      'SELECT count(*)::int AS n FROM monitoring.checks WHERE monitor_id = $1::uuid AND at >= $2 AND at < $3',
      id,
      new Date(from.next),
      new Date(to.next),
    );
    const slots = Math.round((to.next - from.next) / 1000);
    assert.equal(
      checks[0]!.n + to.skipped - from.skipped,
      slots + earlier,
      `monitor ${id}: checks and skipped for ${slots} slots and ${earlier} before`,
    );
    checked += checks[0]!.n;
  }
  return checked;
}

test('a check batch Redis lost: the slot is counted skipped and the monitor checks again at the next sweep', async () => {
  // No uptime worker yet: the first slot's batch waits in Redis, each monitor in flight.
  const dispatcher = await startInProcess('callback-dispatcher', env.appEnv(common));
  const ids = await monitors(3);
  await eventually(
    async () =>
      (await env.db.monitor.count({ where: { id: { in: ids }, runningSince: { not: null } } })) === 3
        ? true
        : undefined,
    15_000,
    'every monitor in flight',
  );
  const before = await schedules(ids);
  // Redis loses the batches, as a promoted replica that never had them would.
  const redis = new Redis(env.redisUrl);
  const checks = new Queue('monitor-checks', { connection: redis, prefix: env.queuePrefix });
  await checks.obliterate({ force: true });
  await checks.close();
  redis.disconnect();
  const worker = await startInProcess('worker-uptime', env.appEnv(common));
  // Found lost after SWEEP_QUEUED_AFTER_MS (2 s) and a sweep: well within ten seconds, not ten minutes.
  await eventually(
    async () => {
      const rows = await env.db.$queryRawUnsafe<Array<{ n: number }>>(
        'SELECT count(DISTINCT monitor_id)::int AS n FROM monitoring.checks WHERE monitor_id = ANY($1::uuid[])',
        ids,
      );
      return rows[0]!.n === 3 ? true : undefined;
    },
    10_000,
    'every monitor checked again',
  );
  await sleep(2_000);
  // The lost slot itself was claimed before `before`, and counted skipped when it was found lost.
  const checked = await assertEverySlotAccounted(ids, before, 1);
  assert.ok(checked >= 3, `${checked} checks`);
  assert.match(dispatcher.output(), /monitor runs Redis had lost: counted skipped/);
  await Promise.all([dispatcher.stop(), worker.stop()]);
});

test('slots no tick could claim (the dispatcher held for 4 s) are counted skipped; the late slot runs once', async () => {
  const worker = await startInProcess('worker-uptime', env.appEnv(common));
  const dispatcher = await startApp('callback-dispatcher', env.appEnv(common));
  const ids = await monitors(3);
  await sleep(3_000); // past each monitor's first run: its next slot is on its grid
  const before = await schedules(ids);
  dispatcher.child.kill('SIGSTOP');
  await sleep(4_000);
  dispatcher.child.kill('SIGCONT');
  await sleep(3_000);
  await assertEverySlotAccounted(ids, before);
  const skipped = [...(await schedules(ids)).values()].reduce((sum, s) => sum + s.skipped, 0);
  assert.ok(skipped >= 3 * 2, `${skipped} slots counted skipped for a 4 s hold of three monitors at 1 s`);
  await Promise.all([dispatcher.stop(), worker.stop()]);
});

test('a batch a killed dispatcher left queued never stands in for a claim that groups its monitors otherwise', async (t) => {
  // No dispatcher and no worker: the test is the tick. Two monitors due, a before b, nothing else due.
  const [a, b] = await monitors(2);
  await pool.query(`UPDATE monitors SET status = 'paused', next_run_at = NULL WHERE id <> ALL($1::uuid[])`, [[a, b]]);
  const slots = [Date.now() - 2_000, Date.now() - 1_000];
  for (const [i, id] of [a!, b!].entries()) {
    await env.db.monitor.update({ where: { id }, data: { intervalSeconds: 60, nextRunAt: new Date(slots[i]!) } });
  }
  const { plan } = await env.db.team.findUniqueOrThrow({ where: { id: teamId } });
  const redis = new Redis(env.redisUrl);
  const checks = new Queue('monitor-checks', { connection: redis, prefix: env.queuePrefix });
  const runs = new Queue('monitor-runs', { connection: redis, prefix: env.queuePrefix });
  // Closed whatever the assertions say: an open connection kept a failed file's process, and npm test, alive.
  t.after(async () => {
    await Promise.all([checks.close(), runs.close()]);
    redis.disconnect();
  });
  // Batches the tests before left waiting (a worker stopped with one queued) are not this test's: out.
  await checks.drain();
  // A dispatcher claimed a alone (b's row held by another), queued its batch and was killed before its
  // commit: the batch waits in Redis, and both monitors are still due.
  await enqueueMany(checks, jobs.monitorChecks, [checkBatch([{ monitorId: a!, slot: slots[0]!, plan }])]);
  const { run } = await runTick({ pool, monitorChecks: () => checks, monitorRuns: runs });
  assert.equal(run, 2);
  const queued = new Set<string>();
  for (const job of await checks.getJobs(['wait'])) {
    for (const c of job.data.checks) queued.add(`${c.monitorId}@${c.slot}`);
  }
  // b's run is queued: its batch was not taken for the orphan because it starts with the same monitor and slot.
  assert.deepEqual([...queued].sort(), [`${a}@${slots[0]}`, `${b}@${slots[1]}`].sort());
  assert.equal((await checks.getJobs(['wait'])).length, 2, 'the orphan and the new claim: two batches');
});

test('a check recorded while the claim that queued it is still committing leaves its monitor free to run again', async () => {
  // Under load a worker took a batch and finished it before the dispatcher's claim had committed (its jobs
  // are added inside the claim's transaction): the recording waited on the claim's lock, then cleared
  // running_since as it was before the claim, and the monitor stayed "in flight" for LOST_RUN_MINUTES,
  // every slot skipped (CI: a tcp monitor recorded one check in 22 s, skipped 24).
  const [id] = await monitors(1);
  await env.db.monitor.update({ where: { id: id! }, data: { nextRunAt: new Date(Date.now() + 3_600_000) } });
  const slot = new Date();
  const claim = await pool.connect();
  try {
    await claim.query('BEGIN');
    await claim.query('UPDATE monitors SET running_since = $2, last_run_at = $2 WHERE id = $1', [id, slot]);
    const recorded = recordChecks(env.db, [uptimeCheck(id!, slot.getTime(), true)], {
      publicBaseUrl: 'http://pageprobe.test',
      dashboardBaseUrl: 'http://pageprobe.test/app',
    });
    // The recording is waiting on the claim's row lock now (it holds no other).
    await eventually(
      async () => {
        const { rows } = await pool.query<{ waiting: number }>(
          "SELECT count(*)::int AS waiting FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database()",
        );
        return rows[0]!.waiting > 0 ? true : undefined;
      },
      5_000,
      'the recording waiting on the claim',
    );
    await claim.query('COMMIT');
    await recorded;
  } finally {
    claim.release();
  }
  const monitor = await env.db.monitor.findUniqueOrThrow({ where: { id: id! } });
  assert.equal(monitor.runningSince, null, 'no longer in flight');
});
