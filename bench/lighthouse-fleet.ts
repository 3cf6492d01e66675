import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAdminService } from '@pageprobe/api';
import { createDb } from '@pageprobe/db';
import { freePort, sleep } from '@pageprobe/local-services';
import { startProcess, stopProcess } from './support/processes.ts';
import { appEnv, type BenchServices, percentile } from './support/services.ts';
import { progress, table } from './support/table.ts';

// Issue 9's sizing figure: sustained Lighthouse throughput, one and two browser workers (one test at a
// time each, as deployed) draining a queue of tests started at once, on this machine. What the scaling
// guide's "tests per minute per browser worker" comes from.

const PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>Bench page</title><link rel="stylesheet" href="/style.css"></head><body><h1>Pageprobe fleet bench</h1>
${'<p>Some paragraph text for the page to have a body worth painting.</p>'.repeat(30)}</body></html>`;

export async function lighthouseFleet(services: BenchServices, tests: number) {
  const fixture = createServer((req, res) => {
    if (req.url === '/style.css') return void res.writeHead(200, { 'content-type': 'text/css' }).end('body{font:16px sans-serif;max-width:40em;margin:auto}');
    res.writeHead(200, { 'content-type': 'text/html' }).end(PAGE);
  });
  fixture.listen(0, '127.0.0.1');
  await once(fixture, 'listening');
  const pageUrl = `http://127.0.0.1:${(fixture.address() as AddressInfo).port}/`;
  const db = createDb(services.databaseUrl, { poolSize: 2 });
  const admin = createAdminService(db);
  const team = await admin.createTeam({ name: 'bench fleet', plan: 'pro' });
  await admin.adjustCredits(team.id, { amount: 1000, reason: 'bench' });
  const { key } = await admin.createApiKey(team.id, { scope: 'write' });

  const rows: (string | number)[][] = [];
  try {
    for (const workers of [1, 2]) {
      const port = await freePort();
      const env = appEnv(services, port, { ALLOW_PRIVATE_TARGETS: 'true', QUEUE_PREFIX: `bench-fleet-${workers}` });
      progress(`${workers} browser worker(s): starting`);
      const api = await startProcess(['apps/api/src/main.ts'], env, `http://127.0.0.1:${port}/healthz`);
      const pool = await Promise.all(
        Array.from({ length: workers }, () =>
          startProcess(['apps/worker-browser/src/main.ts'], { ...env, LOG_LEVEL: 'info', BROWSER_TEST_TYPES: 'lighthouse' }, undefined, /worker-browser ready/),
        ),
      );
      const run = async (n: number) => {
        const ids = await Promise.all(
          Array.from({ length: n }, async () => {
            const res = await fetch(`http://127.0.0.1:${port}/api/v1/tests`, {
              method: 'POST',
              headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
              body: JSON.stringify({ url: pageUrl, type: 'lighthouse' }),
            });
            return ((await res.json()) as { id: string }).id;
          }),
        );
        for (;;) {
          const rows = await db.test.findMany({ where: { id: { in: ids } }, select: { status: true, createdAt: true, startedAt: true, completedAt: true } });
          if (rows.some((r) => r.status === 'failed')) throw new Error('a fleet bench test failed');
          if (rows.every((r) => r.status === 'completed')) return rows;
          await sleep(200);
        }
      };
      try {
        progress(`${workers} browser worker(s): warm-up (a test each, launches the browsers; not counted)`);
        await run(workers);
        progress(`${workers} browser worker(s): ${tests} tests started at once`);
        const started = performance.now();
        const done = await run(tests);
        const minutes = (performance.now() - started) / 60_000;
        const runS = done.map((r) => (r.completedAt!.getTime() - r.startedAt!.getTime()) / 1000);
        const waitS = done.map((r) => (r.startedAt!.getTime() - r.createdAt.getTime()) / 1000);
        rows.push([
          workers,
          (tests / minutes).toFixed(1),
          (tests / minutes / workers).toFixed(1),
          percentile(runS, 0.5).toFixed(2),
          percentile(waitS, 0.5).toFixed(1),
          Math.max(...waitS).toFixed(1),
        ]);
      } finally {
        await Promise.all([stopProcess(api), ...pool.map(stopProcess)]);
      }
    }
  } finally {
    await db.$disconnect();
    fixture.close();
  }
  return table(['browser workers', 'tests/min', 'tests/min per worker', 'run p50 s', 'queue wait p50 s', 'queue wait max s'], rows);
}
