import { spawnApp } from '@pageprobe/testing';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createDb } from '@pageprobe/db';
import { jobs, openQueue } from '@pageprobe/jobs';
import { finishTest } from '@pageprobe/test-lifecycle';
import { signPayload } from '@pageprobe/webhook-verify';
import got from 'got';
import { Redis } from 'ioredis';
import { appEnv, type BenchServices, percentile } from './support/services.ts';
import { progress, table } from './support/table.ts';

// Issue 5's scenario: finished tests dispatched to a local receiver answering 204, beside a bare loop
// that POSTs the same signed bodies with the same HTTP client (the limit). Throughput: the dispatcher
// draining 5,000 finished tests' callbacks (first to last receipt); latency: state change to receipt
// at 100 finishes a second.

export async function callbackDispatch(services: BenchServices, { burst = 5000, paced = 1000, rate = 100 } = {}) {
  const received = new Map<string, number>();
  const receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.set(JSON.parse(Buffer.concat(chunks).toString()).test.id, performance.now());
      res.writeHead(204).end();
    });
  });
  receiver.listen(0, '127.0.0.1');
  await once(receiver, 'listening');
  const hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;

  const db = createDb(services.databaseUrl, { poolSize: 20 });
  const team = await db.team.create({
    data: { name: 'bench callbacks', plan: 'pro', webhookSecret: 'whsec_bench_secret' },
  });
  const makeTests = async (n: number) => {
    const rows = Array.from({ length: n }, () => ({
      teamId: team.id,
      type: 'uptime' as const,
      url: 'https://93.184.215.14/',
      device: 'mobile' as const,
      status: 'running' as const,
      callbackUrl: hookUrl,
      reportToken: randomBytes(24).toString('base64url'),
    }));
    await db.test.createMany({ data: rows });
    return (
      await db.test.findMany({ where: { teamId: team.id, status: 'running' }, select: { id: true }, take: n })
    ).map((t) => t.id);
  };

  const prefix = 'bench-callbacks';
  const connection = new Redis(services.redisUrl, { maxRetriesPerRequest: null });
  const callbacks = openQueue(jobs.callback, { connection, prefix });
  const lifecycle = { db, callbacks, publicBaseUrl: 'https://pageprobe.bench' };
  const startDispatcher = () =>
    spawnApp(
      'callback-dispatcher',
      appEnv(services, 0, {
        QUEUE_PREFIX: prefix,
        ALLOW_PRIVATE_TARGETS: 'true',
        SWEEP_QUEUED_AFTER_MS: '600000',
        LOG_LEVEL: 'info',
      }),
    );
  let dispatcher: Awaited<ReturnType<typeof startDispatcher>> | undefined;
  const finishedAt = new Map<string, number>();
  const finish = async (id: string) => {
    await finishTest(lifecycle, id, { status: 'completed', fields: { result: { up: true } } });
    finishedAt.set(id, performance.now());
  };
  const waitAll = async (ids: string[]) => {
    while (ids.some((id) => !received.has(id))) await new Promise((r) => setTimeout(r, 20));
  };

  let rows: Array<Array<string | number>>;
  try {
    progress(`creating ${burst + paced} running tests with a callback_url`);
    const burstIds = await makeTests(burst);
    progress(`finishing ${burst} tests, then starting the dispatcher to drain their callbacks`);
    for (let i = 0; i < burstIds.length; i += 20) await Promise.all(burstIds.slice(i, i + 20).map(finish));
    dispatcher = await startDispatcher();
    await waitAll(burstIds);
    const times = burstIds.map((id) => received.get(id)!);
    const dispatchedPerSecond = (burst - 1) / ((Math.max(...times) - Math.min(...times)) / 1000);

    const pacedIds = await makeTests(paced);
    progress(`${paced} finishes at ${rate} a second: latency from state change to receipt`);
    const start = performance.now();
    await Promise.all(
      pacedIds.map(async (id, i) => {
        const due = start + (i * 1000) / rate;
        await new Promise((r) => setTimeout(r, Math.max(0, due - performance.now())));
        await finish(id);
      }),
    );
    await waitAll(pacedIds);
    const latencies = pacedIds.map((id) => received.get(id)! - finishedAt.get(id)!);

    progress(`bare loop: the same signed bodies POSTed with got, 100 at a time`);
    const body = JSON.stringify({
      event: 'test.completed',
      test: { id: 'x' },
      report_url: 'https://pageprobe.bench/r',
    });
    const b0 = performance.now();
    let sent = 0;
    await Promise.all(
      Array.from({ length: 100 }, async () => {
        while (sent < burst) {
          sent++;
          await got.post(hookUrl, {
            body: body.replace('"x"', `"bare-${sent}"`),
            headers: {
              'content-type': 'application/json',
              'x-service-signature': signPayload('whsec_bench_secret', body),
            },
            retry: { limit: 0 },
            followRedirect: false,
          });
        }
      }),
    );
    const barePerSecond = burst / ((performance.now() - b0) / 1000);
    rows = [
      [
        'deliveries per second',
        Math.round(dispatchedPerSecond),
        Math.round(barePerSecond),
        `${Math.round((dispatchedPerSecond / barePerSecond) * 100)}%`,
      ],
      [`p50 state change → receipt at ${rate}/s (ms)`, Math.round(percentile(latencies, 0.5)), '', ''],
      [`p99 state change → receipt at ${rate}/s (ms)`, Math.round(percentile(latencies, 0.99)), '', ''],
    ];
  } finally {
    if (dispatcher) await dispatcher.stop();
    await callbacks.close();
    connection.disconnect();
    await db.$disconnect();
    receiver.close();
  }
  return table(['callback dispatch', 'dispatcher', 'bare loop', 'ratio'], rows);
}
