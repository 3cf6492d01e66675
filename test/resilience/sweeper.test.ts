// A crash between writing a row and adding its job must not lose the work: the row is the outbox, and
// the workers' sweepers add the missing jobs. Here the rows are written with no job at all.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { test } from 'node:test';
import { eventually, startServer } from '../support/servers.ts';
import { createTestEnv } from '../support/test-env.ts';
import { startInProcess } from '../support/stack.ts';

const env = await createTestEnv();
const sweepFast = { ALLOW_PRIVATE_TARGETS: 'true', SWEEP_INTERVAL_MS: '200', SWEEP_QUEUED_AFTER_MS: '1000' };
const target = await startServer((_req, res) => res.writeHead(200).end('up'));
const receiver = await startServer();
const team = await env.db.team.create({ data: { name: 'sweeper', plan: 'pro' } });

const orphanTest = (extra: { status?: 'queued' | 'completed'; callbackUrl?: string } = {}) =>
  env.db.test.create({
    data: {
      teamId: team.id,
      type: 'uptime',
      url: `${target.url}/`,
      device: 'mobile',
      reportToken: randomBytes(32).toString('base64url'),
      ...extra,
    },
  });

test('a queued test whose job was never added is picked up and completed', async () => {
  const worker = await startInProcess('worker-uptime', env.appEnv(sweepFast));
  const orphan = await orphanTest();
  const done = await eventually(
    async () => {
      const row = await env.db.test.findUniqueOrThrow({ where: { id: orphan.id } });
      return row.status === 'completed' ? row : undefined;
    },
    15_000,
    'orphaned test completed',
  );
  assert.equal((done.result as { up: boolean }).up, true);
  assert.equal(target.requests.length, 1, 'checked exactly once');
  await worker.stop();
});

test('a pending callback delivery whose job was never added is delivered', async () => {
  const dispatcher = await startInProcess('callback-dispatcher', env.appEnv(sweepFast));
  const finished = await orphanTest({ status: 'completed', callbackUrl: `${receiver.url}/cb` });
  const delivery = await env.db.callbackDelivery.create({
    data: {
      teamId: finished.teamId,
      testId: finished.id,
      url: `${receiver.url}/cb`,
      event: 'test.completed',
      payload: '{"event":"test.completed"}',
    },
  });
  const received = await receiver.nth(1, 15_000);
  assert.equal(received.raw.toString(), '{"event":"test.completed"}');
  assert.equal(received.headers['x-service-delivery'], delivery.id);
  await eventually(
    async () => {
      const row = await env.db.callbackDelivery.findUniqueOrThrow({ where: { id: delivery.id } });
      return row.state === 'delivered' ? row : undefined;
    },
    5_000,
    'delivery recorded',
  );
  await dispatcher.stop();
  assert.equal(receiver.requests.length, 1, 'delivered once');
});

test('expired idempotency records are removed; live ones stay', async () => {
  const dispatcher = await startInProcess('callback-dispatcher', env.appEnv(sweepFast));
  const now = Date.now();
  await env.db.idempotencyRecord.createMany({
    data: [
      {
        teamId: team.id,
        key: 'old',
        requestHash: 'h',
        createdAt: new Date(now - 25 * 3600_000),
        expiresAt: new Date(now - 3600_000),
      },
      { teamId: team.id, key: 'fresh', requestHash: 'h', expiresAt: new Date(now + 3600_000) },
    ],
  });
  await eventually(
    async () => ((await env.db.idempotencyRecord.count({ where: { key: 'old' } })) === 0 ? true : undefined),
    10_000,
    'expired record removed',
  );
  assert.equal(await env.db.idempotencyRecord.count({ where: { key: 'fresh' } }), 1);
  await dispatcher.stop();
});
