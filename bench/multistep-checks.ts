import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createDb, createPool } from '@pageprobe/db';
import { sleep } from '@pageprobe/local-services';
import { type AppProcess, spawnApp, teamWithKey } from '@pageprobe/testing';
import { fleetFigures, ticksOf } from './monitors.ts';
import { appEnv, type BenchServices } from './support/services.ts';
import { progress, table } from './support/table.ts';

// Issue 59's second scenario: multistep monitors of three requests at a one-minute interval on one uptime
// worker (its monitor checks) and one dispatcher, against an API this process serves: sign in for a token
// from the JSON answer, list orders with it, read one by the id taken from the body. The baseline is as
// many uptime monitors of one GET each, on the same set-up. Figures: checks due and made in the measured
// minutes (the first is warm-up), how late they started after their slot, how long they took, checks up,
// and the CPU of the worker and the dispatcher a check.

const INTERVAL_S = 60;
const CLK_TCK = 100;

const requests = [
  {
    name: 'sign in',
    method: 'POST',
    url: '/login',
    body: '{"user":"ada"}',
    content_type: 'application/json',
    extract: [{ name: 'token', source: 'json', path: '$.data.token' }],
  },
  {
    name: 'list orders',
    url: '/orders',
    headers: { authorization: 'Bearer {{token}}' },
    extract: [{ name: 'order', source: 'body', pattern: '"id":"([^"]+)"' }],
  },
  {
    name: 'read order',
    url: '/orders/{{order}}',
    headers: { authorization: 'Bearer {{token}}' },
    expect: [{ source: 'json', path: '$.status', operator: 'eq', value: 'shipped' }],
  },
];

/** The API the checks ask: a token for a sign-in, orders for it; the baseline's page. */
async function startOrdersApi() {
  const server = createServer((req, res) => {
    const json = (status: number, body: unknown) =>
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    req.resume();
    req.on('end', () => {
      // The baseline's one GET (`/?m=<n>`), and the sequence's sign-in.
      if (req.url?.startsWith('/?')) return json(200, { ok: true });
      if (req.url === '/login') return json(200, { data: { token: 'tok-bench' } });
      if (req.headers.authorization !== 'Bearer tok-bench') return json(401, { error: 'sign in first' });
      if (req.url === '/orders') return json(200, { orders: [{ id: 'o-42' }] });
      if (req.url === '/orders/o-42') return json(200, { id: 'o-42', status: 'shipped' });
      return json(404, {});
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, close: () => server.close() };
}

interface Figures {
  due: number;
  happened: number;
  up: number;
  delay50: number | string;
  delay99: number | string;
  took50: number;
  took99: number;
  cpuMsPerCheck: number;
}

async function scenario(
  services: BenchServices,
  kind: 'uptime' | 'multistep',
  count: number,
  minutes: number,
  targetUrl: string,
): Promise<Figures> {
  const pool = createPool(services.databaseUrl, { size: 2 });
  const db = createDb(services.databaseUrl, { pool });
  const { teamId } = await teamWithKey(db, { name: `bench ${kind} ${count}`, plan: 'pro' });
  const env = appEnv(services, 0, {
    ALLOW_PRIVATE_TARGETS: 'true',
    MONITOR_MIN_INTERVAL_SECONDS: '1',
    QUEUE_PREFIX: `bench-${kind}-${count}`,
  });
  const apps: AppProcess[] = [];
  try {
    progress(`${kind}: starting the callback-dispatcher and one uptime worker`);
    const dispatcher = await spawnApp('callback-dispatcher', { ...env, LOG_LEVEL: 'info' }, { discardOutput: true });
    apps.push(dispatcher);
    const worker = await spawnApp(
      'worker-uptime',
      { ...env, LOG_LEVEL: 'info' },
      { ready: /worker-uptime ready/, discardOutput: true },
    );
    apps.push(worker);
    const cpu = () => ticksOf(worker.child.pid!) + ticksOf(dispatcher.child.pid!);
    progress(`${kind}: inserting ${count} monitors at ${INTERVAL_S} s`);
    await db.monitor.createMany({
      data: Array.from({ length: count }, (_, i) => ({
        teamId,
        type: kind,
        url: `${targetUrl}?m=${i}`,
        device: 'mobile' as const,
        intervalSeconds: INTERVAL_S,
        nextRunAt: new Date(),
        ...(kind === 'multistep' ? { options: { requests } } : {}),
      })),
    });
    const inserted = Date.now();
    const w0 = inserted + INTERVAL_S * 1000;
    const w1 = inserted + minutes * 60_000;
    while (Date.now() < w0) {
      progress(`${kind}: warm-up, ${Math.round((w0 - Date.now()) / 1000)} s left`);
      await sleep(Math.min(5_000, w0 - Date.now()));
    }
    const cpu0 = cpu();
    while (Date.now() < w1) {
      progress(`${kind}: measuring, ${Math.round((w1 - Date.now()) / 1000)} s left`);
      await sleep(Math.min(5_000, w1 - Date.now()));
    }
    const cpu1 = cpu();
    await pool.query(`UPDATE monitors SET status = 'paused', next_run_at = NULL WHERE team_id = $1`, [teamId]);
    await sleep(5_000);
    const fleet = await fleetFigures(pool, [teamId], inserted, w0, w1);
    const { rows } = await pool.query(
      `SELECT count(*) FILTER (WHERE c.up)::int AS up,
         percentile_disc(0.5) WITHIN GROUP (ORDER BY c.total_ms) AS took50,
         percentile_disc(0.99) WITHIN GROUP (ORDER BY c.total_ms) AS took99
       FROM monitoring.checks c JOIN monitors m ON m.id = c.monitor_id
       WHERE m.team_id = $1 AND c.at >= $2 AND c.at < $3`,
      [teamId, new Date(w0), new Date(w1)],
    );
    // Paused monitors count no slots due: the figure is the due count of the window as they were active.
    const due = count * Math.round((w1 - w0) / 1000 / INTERVAL_S);
    return {
      due,
      happened: fleet.happened,
      up: rows[0].up,
      delay50: fleet.delay50,
      delay99: fleet.delay99,
      took50: rows[0].took50 ?? 0,
      took99: rows[0].took99 ?? 0,
      cpuMsPerCheck: (((cpu1 - cpu0) / CLK_TCK) * 1000) / Math.max(1, fleet.happened),
    };
  } finally {
    await Promise.all(apps.map((a) => a.stop()));
    await db.$disconnect();
    await pool.end().catch(() => {});
  }
}

export async function multistepChecksBench(services: BenchServices): Promise<string> {
  const count = Number(process.env.BENCH_MULTISTEP_MONITORS ?? 1000);
  const minutes = Number(process.env.BENCH_MULTISTEP_MINUTES ?? 3);
  if (minutes < 2) throw new Error('BENCH_MULTISTEP_MINUTES must be at least 2 (the first is warm-up)');
  const target = await startOrdersApi();
  try {
    const baseline = await scenario(services, 'uptime', count, minutes, target.url);
    const load = await scenario(services, 'multistep', count, minutes, target.url);
    const row = (name: string, f: Figures) => [
      name,
      `${f.happened} / ${f.due}`,
      f.up,
      `${f.delay50} / ${f.delay99}`,
      `${f.took50} / ${f.took99}`,
      f.cpuMsPerCheck.toFixed(2),
    ];
    return table(
      [
        `${count} monitors at ${INTERVAL_S} s, one uptime worker, ${minutes - 1} min measured`,
        'checks made / due',
        'up',
        'start after slot ms p50 / p99',
        'check ms p50 / p99',
        'CPU ms a check (worker + dispatcher)',
      ],
      [row('baseline: uptime, one GET', baseline), row('multistep, three requests', load)],
    );
  } finally {
    target.close();
  }
}
