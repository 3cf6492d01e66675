import assert from 'node:assert/strict';
import { test } from 'node:test';
import { productionRefusals } from './production-refusals.ts';

const safe = {
  NODE_ENV: 'production',
  ADMIN_TOKEN: 'q3W7n1y0mC4x9rT2bV6kP8sL5dF0gH1j',
  S3_ACCESS_KEY_ID: 'AKIAQ7ABCDEF1KEYID',
  S3_SECRET_ACCESS_KEY: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCY',
  REDIS_URL: 'rediss://:s3cret@redis.internal:6380',
};

test('production refuses example secrets and a Redis without a password, naming each variable', () => {
  assert.deepEqual(productionRefusals(safe), []);
  const refusals = productionRefusals({
    ...safe,
    ADMIN_TOKEN: 'CHANGE_ME_TO_24_OR_MORE_CHARACTERS',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    REDIS_URL: 'redis://redis:6379',
  });
  assert.deepEqual(
    refusals.map((r) => r.variable),
    ['ADMIN_TOKEN', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'REDIS_URL'],
  );
  assert.deepEqual(productionRefusals({ ...safe, REDIS_URL: 'redis://user@redis:6379' }).length, 1);
  // Field data's key (issue 48): unset is fine (field data off), a placeholder is not.
  assert.deepEqual(productionRefusals({ ...safe, CRUX_API_KEY: 'AIzaSyA-real-looking-key' }), []);
  assert.deepEqual(
    productionRefusals({ ...safe, CRUX_API_KEY: 'CHANGE_ME' }).map((r) => r.variable),
    ['CRUX_API_KEY'],
  );
});

test('a throwaway production-mode stack may opt out, by name only', () => {
  const unsafe = { ...safe, ADMIN_TOKEN: 'CHANGE_ME', REDIS_URL: 'redis://x' };
  assert.deepEqual(productionRefusals(unsafe, { ALLOW_EXAMPLE_SECRETS: 'true' }), []);
  assert.equal(productionRefusals(unsafe, { ALLOW_EXAMPLE_SECRETS: '1' }).length, 2);
});

test('outside production the same settings are accepted (the local stack uses them)', () => {
  assert.deepEqual(
    productionRefusals({ ...safe, NODE_ENV: 'development', ADMIN_TOKEN: 'CHANGE_ME', REDIS_URL: 'redis://x' }),
    [],
  );
});

test('production refuses the guard switches for local use and tests, with no opt-out', () => {
  const open = { ...safe, ALLOW_PRIVATE_TARGETS: true, ALLOW_TARGETS: ['127.0.0.1:8080'] };
  for (const env of [{}, { ALLOW_EXAMPLE_SECRETS: 'true' }]) {
    const refusals = productionRefusals(open, env);
    assert.deepEqual(
      refusals.map((r) => r.variable),
      ['ALLOW_PRIVATE_TARGETS', 'ALLOW_TARGETS'],
    );
    assert.match(refusals[1]!.message, /127\.0\.0\.1:8080/);
  }
  assert.deepEqual(productionRefusals({ ...safe, ALLOW_PRIVATE_TARGETS: false, ALLOW_TARGETS: [] }), []);
  assert.deepEqual(productionRefusals({ ...open, NODE_ENV: 'test' }), []);
});

test('production needs the public origin set, not the local default the apps fall back to', () => {
  const withDefault = { ...safe, PUBLIC_BASE_URL: 'http://127.0.0.1:3000' };
  assert.deepEqual(
    productionRefusals(withDefault, {}).map((r) => r.variable),
    ['PUBLIC_BASE_URL'],
  );
  assert.deepEqual(productionRefusals(withDefault, { PUBLIC_BASE_URL: 'https://api.pageprobe.dev' }), []);
  // An app without links to make (the migrations) has no such setting, and is not asked for one.
  assert.deepEqual(productionRefusals(safe, {}), []);
});

test('production needs the dashboard’s address, over https (or on loopback, where browsers hold http secure)', () => {
  const dashboard = { ...safe, DASHBOARD_BASE_URL: 'http://127.0.0.1:3001/app' };
  const refused = (env: NodeJS.ProcessEnv) => productionRefusals(dashboard, env).map((r) => r.variable);
  assert.deepEqual(refused({}), ['DASHBOARD_BASE_URL']);
  assert.deepEqual(refused({ DASHBOARD_BASE_URL: 'http://pageprobe.internal/app' }), ['DASHBOARD_BASE_URL']);
  assert.deepEqual(refused({ DASHBOARD_BASE_URL: 'https://api.pageprobe.dev/app' }), []);
  assert.deepEqual(refused({ DASHBOARD_BASE_URL: 'http://localhost:3002/app' }), []);
  // The other apps have no dashboard, and are not asked for its address.
  assert.deepEqual(productionRefusals(safe, {}), []);
  assert.deepEqual(productionRefusals({ ...dashboard, NODE_ENV: 'development' }, {}), []);
});
