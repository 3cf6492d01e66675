import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Test } from '@pageprobe/db';
import { againBody, createTestBody, formValuesOf, hasSecrets, keptValues } from './start-body.ts';

test('the start form as CreateTest: only what was filled, lines as headers and cookies, rows as assertions', () => {
  const body = createTestBody({
    _csrf: 'x',
    idempotency_key: 'k',
    url: ' https://example.com/ ',
    type: 'lighthouse',
    device: 'desktop',
    runs: '3',
    locations: ['eu', 'us'],
    throttling: '',
    repeat_view: 'on',
    assertion_key_0: 'categories:performance',
    assertion_level_0: 'warn',
    assertion_operator_0: 'minScore',
    assertion_value_0: '0.9',
    assertion_key_1: 'uses-long-cache-ttl',
    assertion_level_1: 'error',
    assertion_operator_1: '',
    assertion_key_2: '',
    headers: 'X-Token: a:b\r\nX-Other: 1',
    cookies: 'session=abc=def',
    basic_auth_username: 'me',
    basic_auth_password: 'secret',
  });
  assert.deepEqual(body, {
    url: 'https://example.com/',
    type: 'lighthouse',
    device: 'desktop',
    runs: 3,
    locations: ['eu', 'us'],
    repeat_view: true,
    assertions: { 'categories:performance': ['warn', { minScore: 0.9 }], 'uses-long-cache-ttl': 'error' },
    headers: { 'X-Token': 'a:b', 'X-Other': '1' },
    cookies: [{ name: 'session', value: 'abc=def' }],
    basic_auth: { username: 'me', password: 'secret' },
  });
  assert.deepEqual(createTestBody({ url: 'https://a.example', runs: '1', locations: 'eu' }), {
    url: 'https://a.example',
    locations: ['eu'],
  });
  assert.equal(createTestBody({ url: 'x', runs: 'two' }).runs, 'two', 'left for the schema to refuse');
  // A browser check's journey written in the JSON view (changed from the empty one the page showed).
  const journey = [
    { type: 'click', selector: '#go', name: 'go' },
    { type: 'assert_text', text: 'Done' },
  ];
  assert.deepEqual(createTestBody({ url: 'https://a.example', type: 'browser', steps: JSON.stringify(journey) }), {
    url: 'https://a.example',
    type: 'browser',
    steps: journey,
  });
  assert.throws(() => createTestBody({ url: 'x', steps: '[{' }), /The steps’ JSON view is not valid JSON/);
});

test('secrets are never kept to fill the form again', () => {
  const kept = keptValues({
    _csrf: 't',
    url: 'u',
    headers: 'A: b',
    cookies: 'c=d',
    basic_auth_password: 'p',
    locations: ['a', 'b'],
  });
  assert.deepEqual(kept, { url: 'u', locations: 'a,b' });
});

test('run again: the same body without its secrets; a test with secrets says so', () => {
  const t = {
    url: 'https://example.com/',
    type: 'lighthouse',
    device: 'mobile',
    runCount: 2,
    locations: ['eu'],
    callbackUrl: null,
    options: { throttling: 'none', headers: { 'X-A': '[redacted]' } },
    assertions: [{ key: 'categories:seo', level: 'error', operator: 'minScore', expected: 0.8 }],
  } as unknown as Test;
  assert.ok(hasSecrets(t));
  assert.deepEqual(againBody(t), {
    url: 'https://example.com/',
    type: 'lighthouse',
    device: 'mobile',
    throttling: 'none',
    runs: 2,
    locations: ['eu'],
    assertions: { 'categories:seo': ['error', { minScore: 0.8 }] },
  });
  const values = formValuesOf(t);
  assert.equal(values.assertion_key_0, 'categories:seo');
  assert.equal(values.throttling, 'none');
  assert.ok(!hasSecrets({ options: { throttling: 'none' } } as unknown as Test));
});
