import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Configuration } from 'openid-client';
import { LazyProvider, RETRY_AFTER_MS } from './oidc-provider.ts';

const discovered = { issuer: 'https://id.example' } as unknown as Configuration;

test('discovered when first needed, kept after it worked', async () => {
  let calls = 0;
  const provider = new LazyProvider(async () => {
    calls++;
    return discovered;
  });
  assert.equal(calls, 0, 'nothing at start');
  assert.equal(await provider.get(), discovered);
  assert.equal(await provider.get(), discovered);
  assert.equal(await provider.status(10), 'ready');
  assert.equal(calls, 1);
});

test('a provider that cannot be reached is unavailable, and tried again after RETRY_AFTER_MS', async () => {
  let now = 1_000_000;
  let up = false;
  let calls = 0;
  const errors: unknown[] = [];
  const provider = new LazyProvider(
    async () => {
      calls++;
      if (!up) throw new Error('connect ECONNREFUSED');
      return discovered;
    },
    { now: () => now, onError: (error) => errors.push(error) },
  );
  assert.equal(await provider.status(1_000), 'unavailable');
  assert.equal(errors.length, 1, 'logged');
  up = true;
  now += RETRY_AFTER_MS - 1;
  assert.equal(await provider.get(), null, 'not asked again within the pause');
  assert.equal(calls, 1);
  now += 1;
  assert.equal(await provider.get(), discovered, 'asked again after it');
  assert.equal(calls, 2);
});

test('concurrent requests share one discovery; a slow one leaves the page pending', async () => {
  let calls = 0;
  let finish!: (c: Configuration) => void;
  const provider = new LazyProvider(() => {
    calls++;
    return new Promise<Configuration>((resolve) => {
      finish = resolve;
    });
  });
  assert.equal(await provider.status(5), 'pending');
  const waiting = [provider.get(), provider.get()];
  finish(discovered);
  assert.deepEqual(await Promise.all(waiting), [discovered, discovered]);
  assert.equal(calls, 1);
});
