import assert from 'node:assert/strict';
import { test } from 'node:test';
import { UsageError } from './assertions.ts';
import { parseExpect } from './expect-arg.ts';

test('--expect: <subject><symbol><value>, typed as the API wants each value', () => {
  assert.deepEqual(parseExpect('status=200'), { source: 'status', operator: 'eq', value: 200 });
  assert.deepEqual(parseExpect('status!=503'), { source: 'status', operator: 'ne', value: 503 });
  assert.deepEqual(parseExpect('json:$.status=ok'), { source: 'json', path: '$.status', operator: 'eq', value: 'ok' });
  // JSON when it reads as JSON: a number, a boolean, null, or a quoted string for text that looks like one.
  assert.deepEqual(parseExpect('json:$.count>=3'), { source: 'json', path: '$.count', operator: 'gte', value: 3 });
  assert.deepEqual(parseExpect('json:$.ok==true'), { source: 'json', path: '$.ok', operator: 'eq', value: true });
  assert.deepEqual(parseExpect('json:$.v="2"'), { source: 'json', path: '$.v', operator: 'eq', value: '2' });
  assert.deepEqual(parseExpect('header:content-type~json'), {
    source: 'header',
    name: 'content-type',
    operator: 'contains',
    value: 'json',
  });
  assert.deepEqual(parseExpect('response_time<500'), { source: 'response_time', operator: 'lt', value: 500 });
  assert.deepEqual(parseExpect('response_time<=500'), { source: 'response_time', operator: 'lte', value: 500 });
  assert.deepEqual(parseExpect('certificate_days>14'), { source: 'certificate_days', operator: 'gt', value: 14 });
  // Text where only text makes sense: a body's words, a pattern, an answer, even when they read as JSON.
  assert.deepEqual(parseExpect('body~200'), { source: 'body', operator: 'contains', value: '200' });
  assert.deepEqual(parseExpect('body!~error'), { source: 'body', operator: 'not_contains', value: 'error' });
  assert.deepEqual(parseExpect('body=~^OK \\d+$'), { source: 'body', operator: 'matches', value: '^OK \\d+$' });
  assert.deepEqual(parseExpect('answers~10 mail.example.com'), {
    source: 'answers',
    operator: 'contains',
    value: '10 mail.example.com',
  });
  assert.deepEqual(parseExpect('answers=["192.0.2.1","192.0.2.2"]'), {
    source: 'answers',
    operator: 'eq',
    value: ['192.0.2.1', '192.0.2.2'],
  });
});

test('--expect: a JSONPath filter keeps its own operators; word operators after a space; the API’s JSON', () => {
  assert.deepEqual(parseExpect('json:$.items[?@.price<10].name~pen'), {
    source: 'json',
    path: '$.items[?@.price<10].name',
    operator: 'contains',
    value: 'pen',
  });
  assert.deepEqual(parseExpect("json:$['a=b']!=1"), { source: 'json', path: "$['a=b']", operator: 'ne', value: 1 });
  assert.deepEqual(parseExpect('json:$.id exists'), { source: 'json', path: '$.id', operator: 'exists' });
  assert.deepEqual(parseExpect('answers not_empty'), { source: 'answers', operator: 'not_empty' });
  assert.deepEqual(parseExpect('body matches ^ok$'), { source: 'body', operator: 'matches', value: '^ok$' });
  assert.deepEqual(parseExpect('{"source":"status","operator":"lt","value":400}'), {
    source: 'status',
    operator: 'lt',
    value: 400,
  });
  for (const bad of [
    'latency<5',
    'status',
    'status 200',
    'header=x',
    'json:=1',
    'json:$.a exists 1',
    'body~',
    'status equals 200',
    '{"source":',
    '[1]',
  ]) {
    assert.throws(() => parseExpect(bad), UsageError, bad);
  }
});

test('--expect degraded:<expectation>: the same expectation, of severity degraded (issue 58)', () => {
  assert.deepEqual(parseExpect('degraded:response_time<800'), {
    source: 'response_time',
    operator: 'lt',
    value: 800,
    severity: 'degraded',
  });
  assert.deepEqual(parseExpect('degraded:json:$.status=ok'), {
    source: 'json',
    path: '$.status',
    operator: 'eq',
    value: 'ok',
    severity: 'degraded',
  });
  assert.throws(() => parseExpect('degraded:'), /starts with one of/);
});
