import assert from 'node:assert/strict';
import { once } from 'node:events';
import { type AddressInfo, createServer } from 'node:net';
import { test } from 'node:test';
import type { Test } from '@pageprobe/db';
import type { RunContext } from '@pageprobe/test-kinds';
import { smtpRunner } from './index.ts';

// The runner's outcome, through checkOutcome (shared with tcp and dns): a server that refuses is a
// completed test; an address the policy refuses is a failed one, url_not_allowed, its credit kept.

const runner = (allowPrivate: boolean) =>
  smtpRunner({
    ALLOW_PRIVATE_TARGETS: allowPrivate,
    ALLOW_TARGETS: [],
    SMTP_CONCURRENCY: 1,
    SMTP_TIMEOUT_MS: 2000,
  });
const run = (allowPrivate: boolean, url: string) =>
  runner(allowPrivate).run({ url, options: {} } as Test, {} as RunContext);

test('a private address the policy refuses is failed, url_not_allowed, the credit kept', async () => {
  const outcome = await run(false, 'smtp://127.0.0.1:25');
  assert.ok(outcome.status === 'failed', JSON.stringify(outcome));
  assert.deepEqual([outcome.error.code, outcome.refund], ['url_not_allowed', false]);
  assert.match(outcome.error.message, /127\.0\.0\.1/);
});

test('a server that refuses is a completed test, its result and its measure', async () => {
  const server = createServer((socket) => socket.end('554 5.7.1 no thanks\r\n'));
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const outcome = await run(true, `smtp://127.0.0.1:${(server.address() as AddressInfo).port}`);
  server.close();
  assert.ok(outcome.status === 'completed', JSON.stringify(outcome));
  const result = outcome.fields.result as { up: boolean; reason: string };
  assert.deepEqual([result.up, result.reason], [false, 'smtp_error']);
  assert.equal(outcome.measure?.('smtp:up', 'minScore'), 0);
});
