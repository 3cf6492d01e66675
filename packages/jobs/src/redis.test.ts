// REDIS_SENTINEL_TLS (issue 56) reaches the connections: a Sentinel group's connection speaks TLS to the
// sentinels (its first bytes a TLS handshake, not a Redis command) and is set to use TLS for the master.
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { test } from 'node:test';
import type { RedisTarget } from '@pageprobe/config';
import { createRedis } from './redis.ts';

/** A sentinel that says nothing: the first bytes each connection sends it. */
async function listeningSentinel() {
  const first: Buffer[] = [];
  const server = createServer((socket) => socket.once('data', (data) => first.push(data)));
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  return { port, first, close: () => server.close() };
}

async function firstBytes(target: (port: number) => RedisTarget) {
  const sentinel = await listeningSentinel();
  const redis = createRedis(target(sentinel.port), 'worker');
  redis.on('error', () => {});
  try {
    for (let waited = 0; sentinel.first.length === 0 && waited < 5_000; waited += 20)
      await new Promise((resolve) => setTimeout(resolve, 20));
    return { bytes: sentinel.first[0], options: redis.options };
  } finally {
    redis.disconnect();
    sentinel.close();
  }
}

test('REDIS_SENTINEL_TLS: TLS to the sentinels, and TLS to the master they name', async () => {
  const tls = await firstBytes((port) => ({ sentinels: [{ host: '127.0.0.1', port }], name: 'm', tls: true }));
  assert.equal(tls.bytes?.[0], 0x16, 'a TLS handshake record (ClientHello) first');
  assert.deepEqual(
    [tls.options.enableTLSForSentinelMode, tls.options.tls, tls.options.sentinelTLS],
    [true, {}, {}],
    'the master and replicas over TLS too',
  );

  const plain = await firstBytes((port) => ({ sentinels: [{ host: '127.0.0.1', port }], name: 'm' }));
  assert.equal(plain.bytes?.toString().startsWith('*'), true, 'without it, Redis commands in clear');
  assert.equal(plain.options.enableTLSForSentinelMode, false);
  assert.equal(plain.options.tls, undefined);
});
