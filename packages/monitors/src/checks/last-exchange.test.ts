import assert from 'node:assert/strict';
import { test } from 'node:test';
import { redactDeep } from '@pageprobe/test-kinds';
import { BODY_KEPT, credentialValues, exchangeOf, REDACTED, redactValues } from './last-exchange.ts';

const answer = (headers: Record<string, string | string[]>, body: string) =>
  exchangeOf({
    method: 'GET',
    url: 'https://example.com/',
    status: 200,
    httpVersion: '1.1',
    headers,
    body: Buffer.from(body),
    size: Buffer.byteLength(body),
    error: null,
    timings: { total: 12 },
  });

test('an exchange keeps the body’s start, and never a cookie or an authentication header’s value', () => {
  const e = answer(
    { 'x-served-by': 'edge-1', 'set-cookie': ['a=secret-one', 'b=secret-two'], 'www-authenticate': 'Basic' },
    'x'.repeat(5000),
  );
  assert.equal(e.response.body_start?.length, BODY_KEPT);
  assert.equal(e.response.body_cut, true);
  assert.deepEqual(e.response.headers, [
    ['x-served-by', 'edge-1'],
    ['set-cookie', REDACTED],
    ['www-authenticate', REDACTED],
  ]);
  assert.ok(!JSON.stringify(e).includes('secret-one'));
});

test('the monitor’s own credentials, echoed by the answer, are replaced wherever they appear', () => {
  const secrets = {
    headers: { 'x-api-key': 'key-123456' },
    cookies: [{ value: 'cookie-abcdef' }],
    basicAuth: { username: 'ann', password: 'pass-word-1' },
  };
  const basic = Buffer.from('ann:pass-word-1').toString('base64');
  const e = answer({ 'x-echo': 'key-123456' }, `got cookie-abcdef and Basic ${basic} and pass-word-1`);
  const clean = redactDeep(e, redactValues(credentialValues(secrets)));
  const text = JSON.stringify(clean);
  for (const secret of ['key-123456', 'cookie-abcdef', basic, 'pass-word-1']) assert.ok(!text.includes(secret), secret);
  assert.equal(clean.response.headers[0]?.[1], REDACTED);
});
