import assert from 'node:assert/strict';
import { test } from 'node:test';
import { z } from 'zod';
import { ConfigError, parseEnv } from './parse-env.ts';
import { productionRefusals } from './production-refusals.ts';
import { describeRedisTarget, redisTargetCheck, withRedisTarget } from './redis-target.ts';
import { databaseEnv, redisEnv } from './shared-env.ts';

// As every app's schema has it: the fragments spread, the check, the target at the end.
const schema = z
  .object({ ...databaseEnv, ...redisEnv })
  .check(redisTargetCheck)
  .transform(withRedisTarget);
const DATABASE_URL = 'postgresql://u@127.0.0.1:1/db';
const PASSWORD = 'hunter2-Sentinel-secret';

const problem = (env: Record<string, string>) => {
  try {
    parseEnv(schema, env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  assert.fail(`accepted ${JSON.stringify(env)}`);
};

test('REDIS_URL alone: the target is the URL', () => {
  const config = parseEnv(schema, { DATABASE_URL, REDIS_URL: ' redis://:pw@127.0.0.1:6379 ' });
  assert.deepEqual(config.REDIS_TARGET, { url: 'redis://:pw@127.0.0.1:6379' });
  // Empty Sentinel variables (a manifest rendering every variable) are unset.
  const rendered = parseEnv(schema, {
    DATABASE_URL,
    REDIS_URL: 'rediss://redis:6380',
    REDIS_SENTINELS: '',
    REDIS_SENTINEL_NAME: ' ',
    REDIS_SENTINEL_PASSWORD: '',
  });
  assert.deepEqual(rendered.REDIS_TARGET, { url: 'rediss://redis:6380' });
});

test('REDIS_SENTINELS with REDIS_SENTINEL_NAME: every sentinel, the name, the password for servers and sentinels', () => {
  const config = parseEnv(schema, {
    DATABASE_URL,
    REDIS_SENTINELS: 'sentinel-0.redis:26379, 10.0.0.7:26380,[2001:db8::1]:26381,sentinel-3',
    REDIS_SENTINEL_NAME: 'mymaster',
    REDIS_SENTINEL_PASSWORD: PASSWORD,
  });
  assert.deepEqual(config.REDIS_TARGET, {
    sentinels: [
      { host: 'sentinel-0.redis', port: 26379 },
      { host: '10.0.0.7', port: 26380 },
      { host: '2001:db8::1', port: 26381 },
      // A bare host: Redis's default sentinel port.
      { host: 'sentinel-3', port: 26379 },
    ],
    name: 'mymaster',
    password: PASSWORD,
    sentinelPassword: PASSWORD,
  });
  assert.equal(
    describeRedisTarget(config.REDIS_TARGET),
    'sentinel mymaster via sentinel-0.redis:26379,10.0.0.7:26380,[2001:db8::1]:26381,sentinel-3:26379',
  );
  assert.equal(describeRedisTarget({ url: `redis://:${PASSWORD}@redis:6379/0` }), 'redis://redis:6379');
  // Without a password (a laptop's Sentinel): none is sent.
  const open = parseEnv(schema, { DATABASE_URL, REDIS_SENTINELS: '127.0.0.1:26379', REDIS_SENTINEL_NAME: 'm' });
  assert.deepEqual(open.REDIS_TARGET, { sentinels: [{ host: '127.0.0.1', port: 26379 }], name: 'm' });
});

test('REDIS_SENTINEL_TLS: TLS to the sentinels and the servers they name; refused beside REDIS_URL (issue 56)', () => {
  const sentinels = { DATABASE_URL, REDIS_SENTINELS: 's:26379', REDIS_SENTINEL_NAME: 'm' };
  const tls = parseEnv(schema, { ...sentinels, REDIS_SENTINEL_TLS: 'true' });
  assert.deepEqual(tls.REDIS_TARGET, { sentinels: [{ host: 's', port: 26379 }], name: 'm', tls: true });
  assert.equal(describeRedisTarget(tls.REDIS_TARGET), 'sentinel m via s:26379 over TLS');
  for (const off of [{}, { REDIS_SENTINEL_TLS: 'false' }, { REDIS_SENTINEL_TLS: '' }])
    assert.equal('tls' in parseEnv(schema, { ...sentinels, ...off }).REDIS_TARGET, false, JSON.stringify(off));
  assert.deepEqual(problem({ ...sentinels, REDIS_SENTINEL_TLS: 'maybe' }).variables, ['REDIS_SENTINEL_TLS']);
  const beside = problem({ DATABASE_URL, REDIS_URL: 'redis://r:6379', REDIS_SENTINEL_TLS: '1' });
  assert.deepEqual(beside.variables, ['REDIS_SENTINEL_TLS']);
  assert.match(beside.message, /only read with REDIS_SENTINELS .*rediss:\/\//);
});

test('exactly one of REDIS_URL or REDIS_SENTINELS, a name with the sentinels: each problem names its variable', () => {
  const cases: Array<[Record<string, string>, string, RegExp]> = [
    [{}, 'REDIS_URL', /is required .*or REDIS_SENTINELS and REDIS_SENTINEL_NAME/],
    [
      { REDIS_URL: 'redis://r:6379', REDIS_SENTINELS: 's:26379', REDIS_SENTINEL_NAME: 'm' },
      'REDIS_SENTINELS',
      /set REDIS_URL or REDIS_SENTINELS, not both/,
    ],
    [{ REDIS_SENTINELS: 's:26379' }, 'REDIS_SENTINEL_NAME', /is required with REDIS_SENTINELS/],
    [
      { REDIS_URL: 'redis://r:6379', REDIS_SENTINEL_NAME: 'm' },
      'REDIS_SENTINEL_NAME',
      /only read with REDIS_SENTINELS/,
    ],
    [
      { REDIS_URL: 'redis://r:6379', REDIS_SENTINEL_PASSWORD: PASSWORD },
      'REDIS_SENTINEL_PASSWORD',
      /only read with REDIS_SENTINELS/,
    ],
    [{ REDIS_SENTINELS: 's:26379,,t:1', REDIS_SENTINEL_NAME: 'm' }, 'REDIS_SENTINELS', /entry 2 of 3 is not host:port/],
    [{ REDIS_SENTINELS: 's:0', REDIS_SENTINEL_NAME: 'm' }, 'REDIS_SENTINELS', /entry 1 of 1/],
    [{ REDIS_SENTINELS: 's:65536', REDIS_SENTINEL_NAME: 'm' }, 'REDIS_SENTINELS', /entry 1 of 1/],
    [{ REDIS_SENTINELS: 'redis://s:26379', REDIS_SENTINEL_NAME: 'm' }, 'REDIS_SENTINELS', /not host:port/],
    [{ REDIS_URL: 'http://r:6379' }, 'REDIS_URL', /redis: or rediss:/],
  ];
  for (const [vars, variable, message] of cases) {
    const error = problem({ DATABASE_URL, ...vars });
    assert.deepEqual(error.variables, [variable], JSON.stringify(vars));
    assert.match(error.message, message, JSON.stringify(vars));
  }
  // Listed beside the other variables' problems, not after they are fixed.
  assert.deepEqual(problem({ REDIS_SENTINELS: 's:26379' }).variables.sort(), ['DATABASE_URL', 'REDIS_SENTINEL_NAME']);
});

test("the Sentinel password is never in an error's text, wherever it was put", () => {
  const cases: Array<Record<string, string>> = [
    { REDIS_URL: 'redis://r:6379', REDIS_SENTINEL_PASSWORD: PASSWORD },
    { REDIS_SENTINELS: `:${PASSWORD}@s:26379`, REDIS_SENTINEL_NAME: 'm' },
    { REDIS_SENTINELS: `s:26379,${PASSWORD}!@s2:1`, REDIS_SENTINEL_NAME: 'm', REDIS_SENTINEL_PASSWORD: PASSWORD },
    { REDIS_SENTINELS: 's:26379', REDIS_SENTINEL_PASSWORD: PASSWORD },
    { REDIS_SENTINELS: 's:26379', REDIS_URL: 'redis://r', REDIS_SENTINEL_PASSWORD: PASSWORD },
  ];
  for (const vars of cases) {
    const error = problem({ DATABASE_URL, ...vars });
    assert.doesNotMatch(`${error.message} ${error.stack}`, /hunter2/, JSON.stringify(vars));
  }
});

test('production refuses Sentinel without a password, or with an example one', () => {
  const base = { NODE_ENV: 'production', ADMIN_TOKEN: 'q3W7n1y0mC4x9rT2bV6kP8sL5dF0gH1j' };
  const sentinels = parseEnv(schema, { DATABASE_URL, REDIS_SENTINELS: 's:26379', REDIS_SENTINEL_NAME: 'm' });
  const refusals = productionRefusals({ ...base, ...sentinels });
  assert.deepEqual(
    refusals.map((r) => r.variable),
    ['REDIS_SENTINEL_PASSWORD'],
  );
  assert.match(refusals[0]!.message, /must require AUTH/);
  assert.deepEqual(productionRefusals({ ...base, ...sentinels, REDIS_SENTINEL_PASSWORD: PASSWORD }), []);
  const example = productionRefusals({ ...base, ...sentinels, REDIS_SENTINEL_PASSWORD: 'CHANGE_ME' });
  assert.deepEqual(
    example.map((r) => [r.variable, r.message]),
    [['REDIS_SENTINEL_PASSWORD', 'is an example value; set a secret of your own in production']],
  );
});
