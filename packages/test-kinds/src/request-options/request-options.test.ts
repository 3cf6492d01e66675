import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkRequestOptions, credentialsFor, REDACTED, splitRequestOptions } from './request-options.ts';

const url = 'https://staging.example.com:8443/app';

test('forbidden headers, Authorization with basic_auth, and cookies for another host are refused, each named', () => {
  assert.equal(checkRequestOptions({ headers: { 'X-Team': 'a' }, cookies: [{ name: 's', value: 'v' }] }, url), null);
  for (const name of ['Host', 'Connection', 'Transfer-Encoding', 'Cookie', 'Proxy-Authorization', 'Sec-Fetch-Site']) {
    assert.equal(checkRequestOptions({ headers: { [name]: 'x' } }, url)?.path, `body.headers.${name}`, name);
  }
  assert.match(
    checkRequestOptions({ headers: { Authorization: 'x' }, basic_auth: { username: 'u', password: 'p' } }, url)!
      .message,
    /cannot both/,
  );
  assert.equal(
    checkRequestOptions({ cookies: [{ name: 's', value: 'v', domain: 'example.com' }] }, url)?.path,
    'body.cookies.0.domain',
  );
  assert.equal(
    checkRequestOptions({ cookies: [{ name: 's', value: 'v', domain: '.staging.example.com' }] }, url),
    null,
  );
  const many = Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`x-${i}`, 'v']));
  assert.equal(checkRequestOptions({ headers: many }, url)?.path, 'body.headers');
});

test('the shown options keep names and redact every value; the secrets keep the values', () => {
  const { shown, secrets } = splitRequestOptions({
    headers: { 'X-Token': 'tok' },
    cookies: [{ name: 'session', value: 'abc', path: '/app' }],
    basic_auth: { username: 'stage', password: 'pw' },
  });
  assert.deepEqual(shown, {
    headers: { 'X-Token': REDACTED },
    cookies: [{ name: 'session', value: REDACTED, path: '/app' }],
    basic_auth: { username: 'stage', password: REDACTED },
  });
  assert.ok(!JSON.stringify(shown).includes('tok') && !JSON.stringify(shown).includes('abc'));
  assert.deepEqual(secrets?.basicAuth, { username: 'stage', password: 'pw' });
  assert.deepEqual(splitRequestOptions({}), { shown: {}, secrets: null });
});

test('credentials go to the test’s own origin only, cookies by path', () => {
  const { secrets } = splitRequestOptions({
    headers: { 'X-Token': 'tok' },
    cookies: [
      { name: 'a', value: '1' },
      { name: 'b', value: '2', path: '/app' },
    ],
    basic_auth: { username: 'u', password: 'p' },
  });
  const headersFor = credentialsFor(secrets, url);
  assert.deepEqual(headersFor(new URL('https://staging.example.com:8443/app/x')), {
    'X-Token': 'tok',
    cookie: 'a=1; b=2',
    authorization: `Basic ${Buffer.from('u:p').toString('base64')}`,
  });
  assert.equal(headersFor(new URL('https://staging.example.com:8443/other')).cookie, 'a=1');
  assert.equal(headersFor(new URL('https://staging.example.com:8443/application')).cookie, 'a=1');
  for (const other of [
    'https://staging.example.com/',
    'http://staging.example.com:8443/',
    'https://cdn.example.com:8443/',
  ]) {
    assert.deepEqual(headersFor(new URL(other)), {}, other);
  }
});
