import { spawnApp, startTest, teamWithKey } from '@pageprobe/testing';
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createDb } from '@pageprobe/db';
import { freePort, sleep } from '@pageprobe/local-services';
import { appEnv, type BenchServices, percentile } from './support/services.ts';
import { progress, table } from './support/table.ts';

// Issue 7's scenario: 2,000 uptime tests against a local 200 target, end to end (POST /tests to
// `completed`, through the API, Redis, the uptime worker and PostgreSQL), rate limits raised.

export async function uptimeThroughput(services: BenchServices, count = 2000) {
  const target = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/plain' }).end('ok'));
  target.listen(0, '127.0.0.1');
  await once(target, 'listening');
  const targetUrl = `http://127.0.0.1:${(target.address() as AddressInfo).port}/`;

  const db = createDb(services.databaseUrl, { poolSize: 2 });
  const { teamId, key } = await teamWithKey(db, { name: 'bench uptime' });

  const port = await freePort();
  const env = appEnv(services, port, { ALLOW_PRIVATE_TARGETS: 'true', QUEUE_PREFIX: 'bench-uptime' });
  progress('starting the API and the uptime worker');
  const api = await spawnApp('api', env, { readyUrl: `http://127.0.0.1:${port}/healthz` });
  const worker = await spawnApp('worker-uptime', { ...env, LOG_LEVEL: 'info' }, { ready: /worker-uptime ready/ });

  const postedAt = new Map<string, number>();
  try {
    progress(`${count} POST /tests (uptime), 50 at a time, while the worker checks them`);
    const t0 = Date.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: 50 }, async () => {
        while (next < count) {
          next++;
          const started = Date.now();
          const { id } = await startTest(`http://127.0.0.1:${port}`, key, { url: targetUrl, type: 'uptime' });
          postedAt.set(id, started);
        }
      }),
    );
    let done: Array<{ id: string; completedAt: Date | null }> = [];
    while (done.length < count) {
      await sleep(200);
      done = await db.test.findMany({
        where: { teamId: teamId, status: 'completed' },
        select: { id: true, completedAt: true },
      });
    }
    const last = Math.max(...done.map((t) => t.completedAt!.getTime()));
    const latencies = done.map((t) => t.completedAt!.getTime() - postedAt.get(t.id)!);
    return table(
      ['uptime, end to end', 'value'],
      [
        ['tests', count],
        ['checks per second (first POST to last completed)', Math.round(count / ((last - t0) / 1000))],
        ['p50 POST → completed (ms)', percentile(latencies, 0.5)],
        ['p99 POST → completed (ms)', percentile(latencies, 0.99)],
      ],
    );
  } finally {
    await Promise.all([api.stop(), worker.stop()]);
    await db.$disconnect();
    target.close();
  }
}
