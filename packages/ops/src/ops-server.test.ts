import assert from 'node:assert/strict';
import { test } from 'node:test';
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
  assert.ok(performance.now() - started < 3_000);
});

test('the ops port answers /healthz, /readyz and /metrics, and nothing else', async () => {
  const ops = await startOpsServer({
    port: 0,
    host: '127.0.0.1',
    registry: createRegistry('test'),
    checks: { postgres: async () => 1 },
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
