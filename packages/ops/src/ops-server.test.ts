import assert from 'node:assert/strict';
import { Agent, get } from 'node:http';
import type { Socket } from 'node:net';
import { test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { checkReadiness, startOpsServer } from './ops-server.ts';
import { createRegistry } from './metrics.ts';

test('readiness names each failing check: an error, or a dependency that does not answer within 2 s', async () => {
  const started = performance.now();
  const result = await checkReadiness({
    postgres: async () => 1,
    redis: () => new Promise(() => {}),
    s3: async () => {
      throw new Error('connect ECONNREFUSED');
    },
  });
  assert.deepEqual(result, {
    ready: false,
    checks: { postgres: 'ok', redis: 'timed out', s3: 'connect ECONNREFUSED' },
  });
  // Redis never answers: 'timed out' above is the readiness check's own bound; this one only says it
  // returned long before a hung check would have (a loaded machine gets room).
  assert.ok(performance.now() - started < 30_000);
});

test('the ops port answers /healthz, /readyz and /metrics, and nothing else', async () => {
  const ops = await startOpsServer({
    port: 0,
    host: '127.0.0.1',
    registry: createRegistry('test'),
    checks: { postgres: async () => 1 },
    keepAliveTimeoutMs: 65_000,
  });
  try {
    const base = `http://127.0.0.1:${ops.port}`;
    assert.equal((await fetch(`${base}/healthz`)).status, 200);
    assert.deepEqual(await (await fetch(`${base}/readyz`)).json(), { ready: true, checks: { postgres: 'ok' } });
    assert.match(await (await fetch(`${base}/metrics`)).text(), /process_cpu_seconds_total\{app="test"\}/);
    assert.equal((await fetch(`${base}/other`)).status, 404);
  } finally {
    await ops.close();
  }
});

/** GET through `agent`, resolving with the socket the answer came on once it is read. */
const getOn = (agent: Agent, url: string) =>
  new Promise<Socket>((resolve, reject) =>
    get(url, { agent }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.socket));
    }).on('error', reject),
  );

test("the ops port keeps an idle keep-alive connection past Node's 5 s default: the next request reuses it", async () => {
  const ops = await startOpsServer({
    port: 0,
    host: '127.0.0.1',
    registry: createRegistry('test'),
    checks: {},
    keepAliveTimeoutMs: 65_000,
  });
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  try {
    const url = `http://127.0.0.1:${ops.port}/healthz`;
    const first = await getOn(agent, url);
    // Past Node's default (5 s, plus its 1 s buffer), as a proxy's pooled connection idles between requests.
    await sleep(7_000);
    assert.equal(await getOn(agent, url), first, 'the idle connection was closed: the request needed a new one');
  } finally {
    agent.destroy();
    await ops.close();
  }
});
