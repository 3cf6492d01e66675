import { spawnApp } from '@pageprobe/testing';
import { randomBytes } from 'node:crypto';
import { createDb } from '@pageprobe/db';
import { freePort } from '@pageprobe/local-services';
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
// at 100 finishes a second. The receiver runs in a process of its own (issue 19: answering in the
// bench's process capped both sides at what that one process could do), and the bench reads none of
// the dispatcher's log lines once it is ready (it logs each attempt, as in production).

export async function callbackDispatch(
  services: BenchServices,
  { burst = 5000, paced = 1000, rate = 100, rounds = 3 } = {},
) {
  const receiverPort = await freePort();
  const receiverUrl = `http://127.0.0.1:${receiverPort}`;
  const receiver = await spawnApp(
    ['bench/support/receiver.ts', String(receiverPort)],
    {},
    { readyUrl: `${receiverUrl}/received` },
  );
  const hookUrl = `${receiverUrl}/hook`;
  const receivedTimes = async () => (await (await fetch(`${receiverUrl}/received`)).json()) as Record<string, number>;
  const epochNow = () => performance.timeOrigin + performance.now();

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
  const lifecycle = {
    db,
    callbacks,
    publicBaseUrl: 'https://pageprobe.bench',
    dashboardBaseUrl: 'https://pageprobe.bench/app',
  };
  const startDispatcher = () =>
    spawnApp(
      'callback-dispatcher',
      appEnv(services, 0, {
        QUEUE_PREFIX: prefix,
        ALLOW_PRIVATE_TARGETS: 'true',
        SWEEP_QUEUED_AFTER_MS: '600000',
        LOG_LEVEL: 'info',
      }),
      { discardOutput: true },
    );
  let dispatcher: Awaited<ReturnType<typeof startDispatcher>> | undefined;
  const finishedAt = new Map<string, number>();
  const finish = async (id: string) => {
    await finishTest(lifecycle, id, { status: 'completed', fields: { result: { up: true } } });
    finishedAt.set(id, epochNow());
  };
  // Polls the count (the full map, read while deliveries arrive, would cost the machine they run on).
  const received = async () => Number(await (await fetch(`${receiverUrl}/count`)).text());
  const waitAll = async (ids: string[], before: number) => {
    while ((await received()) < before + ids.length) await new Promise((r) => setTimeout(r, 50));
    return receivedTimes();
  };
  const body = JSON.stringify({ event: 'test.completed', test: { id: 'x' }, report_url: 'https://pageprobe.bench/r' });
  const bareLoop = async (round: number) => {
    const b0 = performance.now();
    let sent = 0;
    await Promise.all(
      Array.from({ length: 100 }, async () => {
        while (sent < burst) {
          sent++;
          await got.post(hookUrl, {
            body: body.replace('"x"', `"bare-${round}-${sent}"`),
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
    return burst / ((performance.now() - b0) / 1000);
  };

  let rows: Array<Array<string | number>>;
  try {
    // Rounds alternate the two and keep the medians: this machine's other load drifts.
    const drained: number[] = [];
    const bare: number[] = [];
    // One long-running dispatcher, as in production: each round pauses its queue while the tests
    // finish, then resumes it and times the drain (first to last receipt).
    dispatcher = await startDispatcher();
    for (let round = 1; round <= rounds; round++) {
      progress(
        `round ${round}/${rounds}: finishing ${burst} tests with the queue paused, then the dispatcher drains them`,
      );
      const ids = await makeTests(burst);
      await callbacks.pause();
      for (let i = 0; i < ids.length; i += 20) await Promise.all(ids.slice(i, i + 20).map(finish));
      const before = await received();
      await callbacks.resume();
      const times = await waitAll(ids, before).then((all) => ids.map((id) => all[id]!));
      drained.push((burst - 1) / ((Math.max(...times) - Math.min(...times)) / 1000));
      progress(`round ${round}/${rounds}: bare loop, the same signed bodies POSTed with got, 100 at a time`);
      bare.push(await bareLoop(round));
    }

    const pacedIds = await makeTests(paced);
    progress(`${paced} finishes at ${rate} a second: latency from state change to receipt`);
    const before = await received();
    const start = performance.now();
    await Promise.all(
      pacedIds.map(async (id, i) => {
        const due = start + (i * 1000) / rate;
        await new Promise((r) => setTimeout(r, Math.max(0, due - performance.now())));
        await finish(id);
      }),
    );
    const pacedReceived = await waitAll(pacedIds, before);
    const latencies = pacedIds.map((id) => pacedReceived[id]! - finishedAt.get(id)!);
    const duplicates = Number(await (await fetch(`${receiverUrl}/duplicates`)).text());
    const [ours, theirs] = [percentile(drained, 0.5), percentile(bare, 0.5)];
    rows = [
      [
        `deliveries per second (median of ${rounds})`,
        Math.round(ours),
        Math.round(theirs),
        `${Math.round((ours / theirs) * 100)}% (goal ≥ 75%)`,
      ],
      [`p50 state change → receipt at ${rate}/s (ms)`, Math.round(percentile(latencies, 0.5)), '', ''],
      [`p99 state change → receipt at ${rate}/s (ms)`, Math.round(percentile(latencies, 0.99)), '', 'goal < 100'],
      ['callbacks received twice', duplicates, '', ''],
    ];
  } finally {
    if (dispatcher) await dispatcher.stop();
    await receiver.stop();
    await callbacks.close();
    connection.disconnect();
    await db.$disconnect();
  }
  return table(['callback dispatch', 'dispatcher', 'bare loop', 'ratio'], rows);
}
