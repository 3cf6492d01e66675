// A worker whose fetch hangs (its connections left on a master that went silent, bullmq #648 and #3088)
// is replaced by the watchdog within its stated bound, its queue's jobs then run, and the job in the old
// worker's hand is run to its end. Real Redis, real BullMQ, behind a proxy that black-holes connections.
import assert from 'node:assert/strict';
import { createServer, connect as connectTcp, type Socket } from 'node:net';
import { once } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, test } from 'node:test';
import {
  createRedis,
  type JobDefinition,
  REDIS_SOCKET_TIMEOUT_MS,
  remakeWorker,
  STUCK_AFTER_MS,
  startWorker,
  WATCH_EVERY_MS,
  type WorkerRestart,
  watchWorkers,
} from '@pageprobe/jobs';
import { Queue, type Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { z } from 'zod';
import { eventually } from '../support/servers.ts';
import { createTestEnv } from '../support/test-env.ts';

const env = await createTestEnv();
const proxy = await startBlackHoleProxy(new URL(env.redisUrl));
after(() => {
  proxy.close();
  // A failed run can leave a worker's connection retrying the closed proxy for ever, which would keep this
  // file's process (and the suite) waiting: once the hooks are done, nothing here is worth waiting for.
  setTimeout(() => process.exit(), 10_000).unref();
});

const probe: JobDefinition<z.ZodObject<{ n: z.ZodNumber; slow: z.ZodBoolean }>> = {
  queue: 'watchdog-probe',
  name: 'probe',
  payload: z.object({ n: z.number(), slow: z.boolean() }),
  attempts: 1,
  idOf: (p) => `probe-${p.n}`,
};

test('a worker whose connections hang on a silent master is replaced within the bound; its jobs run again', async () => {
  // The producer and the checks go straight to Redis; the worker and the watchdog through the proxy.
  const direct = new Redis(env.redisUrl, { maxRetriesPerRequest: null });
  const queue = new Queue(probe.queue, { connection: direct, prefix: env.queuePrefix });
  const connection = createRedis({ url: proxy.url }, 'worker');
  const ran: number[] = [];
  let releaseSlow = () => {};
  const slowHeld = new Promise<void>((resolve) => {
    releaseSlow = resolve;
  });
  const worker = startWorker(
    probe,
    { connection, prefix: env.queuePrefix },
    async ({ n, slow }) => {
      if (slow) await slowHeld;
      ran.push(n);
    },
    // Short locks, so that the job in the stuck worker's hand stalls back to the queue within the test.
    { concurrency: 2, lockDuration: 4_000, stalledInterval: 2_000 },
  );
  // As the hosts do: a worker's errors are logged (here: the old worker's commands failing when its
  // hung connection is cut), never thrown.
  worker.on('error', () => {});
  const restarts: Array<WorkerRestart & { at: number }> = [];
  const watched = watchWorkers([worker], {
    connection,
    prefix: env.queuePrefix,
    onRestart: (restart) => restarts.push({ ...restart, at: Date.now() }),
  });
  after(async () => {
    watched.stop();
    await Promise.race([Promise.allSettled(watched.all().map((w: Worker) => w.close())), sleep(5_000)]);
    proxy.close();
    connection.disconnect();
    await queue.close();
    direct.disconnect();
  });

  const add = (n: number, slow = false) => queue.add(probe.name, { n, slow }, { jobId: probe.idOf({ n, slow }) });
  await add(1);
  await eventually(async () => (ran.includes(1) ? true : undefined), 10_000, 'the first job');
  // A job in the worker's hand, and the worker back in its blocking fetch.
  await add(2, true);
  await eventually(async () => ((await queue.getJobState('probe-2')) === 'active' ? true : undefined), 5_000);
  await sleep(300);

  // The master goes silent: every connection open to it hangs, new ones reach Redis.
  assert.ok(proxy.freeze() >= 3, 'the worker and the watchdog had connections to hang');
  const frozenAt = Date.now();
  for (let n = 3; n <= 6; n++) await add(n);

  // Really stuck: BullMQ's own watchdog makes the blocking connection again (after 6 s, ioredis closing
  // the socket 2 s later), but the worker's commands on its other connection still hang.
  await sleep(9_000);
  assert.deepEqual(
    ran.filter((n) => n >= 3),
    [],
    'jobs ran while the connections hung: the hang was not reproduced',
  );

  // Within the bound: the watchdog's own count times out and its connection is made again (2 s), it
  // sees the jobs wait STUCK_AFTER_MS untaken, checking every WATCH_EVERY_MS.
  // The stated bound (docs/operations.md: 20 s when the whole master went silent), plus 5 s for a loaded
  // machine's scheduling: the suite runs files side by side, and a check a second late is not a defect.
  const bound = STUCK_AFTER_MS + 2_000 + 3 * WATCH_EVERY_MS + 1_000 + 5_000;
  await eventually(async () => (restarts.length > 0 ? true : undefined), bound, 'the watchdog replacing the worker');
  const [restart, ...more] = restarts;
  assert.ok(restart);
  assert.equal(more.length, 0, 'replaced once');
  assert.equal(restart.queue, probe.queue);
  assert.ok(restart.waiting >= 1);
  assert.ok(restart.stuckForMs >= STUCK_AFTER_MS, `replaced after ${restart.stuckForMs} ms`);
  assert.ok(restart.at - frozenAt <= bound, `replaced ${restart.at - frozenAt} ms after the hang`);
  assert.ok(restart.cut, "the old worker's hung connection was cut");

  // The new worker takes the waiting jobs, before the socket timeout would have freed the old one.
  await eventually(async () => ([3, 4, 5, 6].every((n) => ran.includes(n)) ? true : undefined), 5_000, 'the jobs');
  const ranAfter = Date.now() - frozenAt;
  assert.ok(ranAfter < REDIS_SOCKET_TIMEOUT_MS, 'the jobs ran only once the socket timed out');
  console.log(
    `worker-watchdog: connections hung; worker replaced after ${restart.at - frozenAt} ms (jobs untaken for ${restart.stuckForMs} ms), the waiting jobs ran by ${ranAfter} ms`,
  );

  // The job in the old worker's hand is not lost: its lock runs out, it stalls back to the queue and
  // the new worker runs it to the end.
  releaseSlow();
  await eventually(
    async () => ((await queue.getJobState('probe-2')) === 'completed' ? true : undefined),
    10_000,
    'the job that was in hand',
  );
  assert.ok(ran.includes(2));
  // The old worker closed (its connection cut); one worker in service.
  await eventually(async () => (watched.all().length === 1 ? true : undefined), 5_000, 'the old worker closed');
  assert.equal(watched.all()[0]?.closing, undefined, 'the worker in service is not closing');
});

test('a replaced worker hands its callers’ listeners to the new one; only the last close is the queue’s end', async () => {
  // The uptime worker closes its check recorder on 'closed': a replacement must not close it under the
  // new worker. Other listeners (a stalled job's 'failed') stay on the old one too, for its jobs in hand.
  const connection = createRedis({ url: env.redisUrl }, 'worker');
  after(() => connection.disconnect());
  const old = startWorker(probe, { connection, prefix: env.queuePrefix }, async () => {});
  const events: string[] = [];
  old.on('closed', () => events.push('closed'));
  old.on('failed', () => events.push('failed'));
  old.on('error', () => {});
  const fresh = remakeWorker(old);
  after(() => Promise.all([old.close(), fresh.close()]));
  assert.notEqual(fresh, old);
  assert.equal(old.listenerCount('failed'), 1, "the old worker keeps the callers' other listeners");
  assert.equal(fresh.listenerCount('failed'), 1, 'the new worker has them');
  await old.close();
  assert.deepEqual(events, [], "the old worker's close is not the queue's end");
  await fresh.close();
  assert.deepEqual(events, ['closed']);
  assert.equal(connection.status, 'ready', "closing the workers leaves the process's connection open");
});

/**
 * A TCP proxy to Redis that can turn the connections open through it into a black hole, as a master
 * that died without closing them: nothing goes either way, not even the close (half-open sockets are
 * kept open). Connections made afterwards pass as usual, as to the promoted master.
 */
async function startBlackHoleProxy(redis: URL) {
  interface Pair {
    client: Socket;
    upstream: Socket;
    frozen: boolean;
  }
  const pairs = new Set<Pair>();
  const server = createServer({ allowHalfOpen: true }, (client) => {
    const upstream = connectTcp({ host: redis.hostname, port: Number(redis.port), allowHalfOpen: true });
    const pair: Pair = { client, upstream, frozen: false };
    pairs.add(pair);
    client.on('data', (chunk: Buffer) => {
      if (pair.frozen) return;
      upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => {
      if (!pair.frozen) client.write(chunk);
    });
    const end = () => {
      if (pair.frozen) return;
      client.destroy();
      upstream.destroy();
    };
    for (const socket of [client, upstream]) {
      socket.on('error', () => {});
      socket.on('end', end);
      socket.on('close', () => {
        if (!pair.frozen) end();
        if (client.destroyed && upstream.destroyed) pairs.delete(pair);
      });
    }
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  const auth = redis.password ? `:${redis.password}@` : '';
  return {
    url: `redis://${auth}127.0.0.1:${port}${redis.pathname}`,
    /** Black-holes the connections open now; returns how many. */
    freeze(): number {
      for (const pair of pairs) pair.frozen = true;
      return pairs.size;
    },
    close() {
      for (const { client, upstream } of pairs) {
        client.destroy();
        upstream.destroy();
      }
      pairs.clear();
      server.close();
    },
  };
}
