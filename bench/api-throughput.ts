import { spawnApp, teamWithKey } from '@pageprobe/testing';
import { createDb } from '@pageprobe/db';
import { freePort } from '@pageprobe/local-services';
import { type LoadOptions, type LoadResult, load } from './support/load.ts';
import { appEnv, type BenchServices } from './support/services.ts';
import { progress, table } from './support/table.ts';

// Issue 3's scenario: GET /tests/{id} and POST /tests through the real API (auth with key cache, the
// Redis rate limiter with its limits raised out of the way, OpenAPI validation, the queue), beside a
// bare Express app doing the same single PostgreSQL statement, at 50 connections, in the same run.
// Figures are the median run of each; the table's "ratio" is API req/s over baseline req/s.

export const median = (results: LoadResult[]) =>
  [...results].sort((a, b) => a.requestsPerSecond - b.requestsPerSecond)[Math.floor(results.length / 2)]!;

export async function apiThroughput(services: BenchServices, { seconds, rounds }: { seconds: number; rounds: number }) {
  const db = createDb(services.databaseUrl, { poolSize: 2 });
  const { teamId, key } = await teamWithKey(db, { name: 'bench' });
  const test = await db.test.create({
    data: {
      teamId: teamId,
      type: 'uptime',
      url: 'https://93.184.215.14/',
      device: 'mobile',
      reportToken: 'bench-token',
    },
  });
  await db.$disconnect();

  const apiPort = await freePort();
  const basePort = await freePort();
  const env = appEnv(services, apiPort, { BENCH_TEAM_ID: teamId });
  progress('starting the API and the bare Express baseline');
  const api = await spawnApp('api', env, { readyUrl: `http://127.0.0.1:${apiPort}/healthz` });
  const baseline = await spawnApp(['bench/baseline-server.ts', String(basePort)], env, {
    readyUrl: `http://127.0.0.1:${basePort}/tests/${test.id}`,
  });

  const auth = { authorization: `Bearer ${key}` };
  const json = { 'content-type': 'application/json' };
  const postBody = JSON.stringify({ url: 'https://93.184.215.14/', type: 'uptime' });
  const scenarios: Array<{ name: string; goal: number; api: LoadOptions; base: LoadOptions }> = [
    {
      name: 'GET /tests/{id}',
      goal: 80,
      api: { url: `http://127.0.0.1:${apiPort}/api/v1/tests/${test.id}`, headers: auth },
      base: { url: `http://127.0.0.1:${basePort}/tests/${test.id}` },
    },
    {
      name: 'POST /tests',
      goal: 70,
      api: {
        url: `http://127.0.0.1:${apiPort}/api/v1/tests`,
        method: 'POST',
        headers: { ...auth, ...json },
        body: postBody,
      },
      base: { url: `http://127.0.0.1:${basePort}/tests`, method: 'POST', headers: json, body: postBody },
    },
  ];
  const runs: Array<[string, LoadResult, LoadResult, number]> = [];
  try {
    for (const scenario of scenarios) {
      // Alternate the two, several rounds, and keep the median: this machine's other load drifts.
      const api: LoadResult[] = [];
      const bare: LoadResult[] = [];
      for (let round = 1; round <= rounds; round++) {
        progress(`${scenario.name}: round ${round}/${rounds}, baseline then API, ${seconds} s each at 50 connections`);
        bare.push(await load({ ...scenario.base, seconds }));
        api.push(await load({ ...scenario.api, seconds }));
      }
      runs.push([scenario.name, median(api), median(bare), scenario.goal]);
    }
  } finally {
    await Promise.all([api.stop(), baseline.stop()]);
  }

  return table(
    [
      'scenario',
      'API req/s',
      'base req/s',
      'ratio',
      'API p50 ms',
      'API p99 ms',
      'base p50 ms',
      'base p99 ms',
      'API non-2xx',
    ],
    runs.map(([name, a, b, goal]) => [
      name,
      a.requestsPerSecond,
      b.requestsPerSecond,
      `${Math.round((a.requestsPerSecond / b.requestsPerSecond) * 100)}% (goal ≥ ${goal}%)`,
      a.p50,
      a.p99,
      b.p50,
      b.p99,
      a.non2xx + a.errors,
    ]),
  );
}
