import assert from 'node:assert/strict';
import { test } from 'node:test';
import { z } from 'zod';
import { ConfigError, parseEnv } from './parse-env.ts';
import { sourceEnv } from './shared-env.ts';

const schema = z.object(sourceEnv);

test('SOURCE_ADDRESS: an IPv4 or IPv6 literal, or unset (empty too); anything else names the variable', () => {
  assert.equal(parseEnv(schema, {}).SOURCE_ADDRESS, undefined);
  assert.equal(parseEnv(schema, { SOURCE_ADDRESS: ' ' }).SOURCE_ADDRESS, undefined);
  assert.equal(parseEnv(schema, { SOURCE_ADDRESS: ' 203.0.113.7 ' }).SOURCE_ADDRESS, '203.0.113.7');
  assert.equal(parseEnv(schema, { SOURCE_ADDRESS: '203.0.113.7' }).SOURCE_ADDRESS, '203.0.113.7');
  assert.equal(parseEnv(schema, { SOURCE_ADDRESS: '2001:db8::7' }).SOURCE_ADDRESS, '2001:db8::7');
  for (const bad of ['eth0', 'example.com', '203.0.113.7:80', '256.0.0.1', '[2001:db8::7]']) {
    assert.throws(
      () => parseEnv(schema, { SOURCE_ADDRESS: bad }),
      (e: unknown) =>
        e instanceof ConfigError && e.variables.includes('SOURCE_ADDRESS') && /IPv4 or IPv6/.test(e.message),
      bad,
    );
  }
});
