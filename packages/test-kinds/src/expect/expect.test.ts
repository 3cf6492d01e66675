import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkExpectations } from './check-expectations.ts';
import { evaluateExpectations, firstFailure } from './evaluate.ts';
import { evaluateExpectationsBounded } from './expect-thread.ts';
import type { Expectation } from './expectation.ts';

const one = (e: Expectation, subject: Parameters<typeof evaluateExpectations>[1]) =>
  evaluateExpectations([e], subject)[0]!;

test('the messages an alert quotes name the field and both values', () => {
  const body = JSON.stringify({ status: 'degraded', items: [1, 2] });
  assert.equal(
    one({ source: 'json', path: '$.status', operator: 'eq', value: 'ok' }, { body }).message,
    'Expected $.status to equal "ok", got "degraded"',
  );
  assert.equal(
    one(
      { source: 'header', name: 'Content-Type', operator: 'contains', value: 'json' },
      { headers: { 'content-type': 'text/html' } },
    ).message,
    'Expected header content-type to contain "json", got "text/html"',
  );
  assert.equal(
    one({ source: 'response_time', operator: 'lt', value: 500 }, { response_time_ms: 812 }).message,
    'Expected response time to be less than 500 ms, got 812 ms',
  );
  assert.equal(
    one({ source: 'body', operator: 'contains', value: 'Welcome' }, { body: 'Hello' }).message,
    'Expected body to contain "Welcome", it did not',
  );
  assert.equal(
    one({ source: 'header', name: 'x-version', operator: 'exists' }, { headers: {} }).message,
    'Expected header x-version to exist, it was missing',
  );
  assert.equal(
    one({ source: 'status', operator: 'eq', value: 200 }, { status: 503 }).message,
    'Expected status to equal 200, got 503',
  );
});

test('passing expectations keep their actual value and no message', () => {
  const [status, json, header, time, cert] = evaluateExpectations(
    [
      { source: 'status', operator: 'lt', value: 300 },
      { source: 'json', path: '$.items[*]', operator: 'contains', value: 2 },
      { source: 'header', name: 'set-cookie', operator: 'contains', value: 'b=2' },
      { source: 'response_time', operator: 'lte', value: 100 },
      { source: 'certificate_days', operator: 'gt', value: 14 },
    ],
    {
      status: 204,
      body: '{"items":[1,2]}',
      headers: { 'set-cookie': ['a=1', 'b=2'] },
      response_time_ms: 100,
      certificate_days: 30,
    },
  );
  assert.deepEqual(
    [status, json, header, time, cert].map((r) => [r!.passed, r!.actual, r!.message]),
    [
      [true, 204, null],
      [true, [1, 2], null],
      [true, 'a=1, b=2', null],
      [true, 100, null],
      [true, 30, null],
    ],
  );
});

test('json: absent paths, non-JSON bodies and several nodes', () => {
  const missing = one({ source: 'json', path: '$.nope', operator: 'eq', value: 1 }, { body: '{}' });
  assert.deepEqual(
    [missing.passed, missing.actual, missing.message],
    [false, null, 'Expected $.nope to equal 1, it was not found'],
  );
  assert.equal(one({ source: 'json', path: '$.nope', operator: 'exists' }, { body: '{}' }).passed, false);
  assert.equal(one({ source: 'json', path: '$.a', operator: 'exists' }, { body: '{"a":null}' }).passed, true);
  assert.equal(
    one({ source: 'json', path: '$.a', operator: 'eq', value: 1 }, { body: '{"a":', body_truncated: true }).message,
    'Expected $.a to equal 1, the body was cut at the read cap, so not JSON',
  );
  const all = { source: 'json', path: '$.checks[*].ok', operator: 'eq', value: true } as const;
  assert.equal(one(all, { body: '{"checks":[{"ok":true},{"ok":true}]}' }).passed, true);
  assert.equal(one(all, { body: '{"checks":[{"ok":true},{"ok":false}]}' }).passed, false);
  assert.equal(one({ source: 'json', path: '$.v', operator: 'gte', value: 2 }, { body: '{"v":2}' }).passed, true);
  assert.equal(
    one({ source: 'json', path: '$.v', operator: 'matches', value: '^2\\.\\d+$' }, { body: '{"v":"2.14"}' }).passed,
    true,
  );
});

test('a body the JSON parse reads once for many expectations; NUL is never kept', () => {
  const results = evaluateExpectations(
    [
      { source: 'json', path: '$.a', operator: 'eq', value: 'x\u0000' },
      { source: 'body', operator: 'not_contains', value: 'error' },
    ],
    { body: '{"a":"x\\u0000y"}' },
  );
  assert.equal(results[0]!.actual, 'x\uFFFDy');
  assert.equal(results[1]!.passed, true);
  assert.equal(firstFailure(results), 'Expected $.a to equal "x\\u0000", got "x\\u0000y"');
});

test('dns answers: contains, eq as a sorted set, not_empty', () => {
  const answers = ['10.0.0.2', '10.0.0.1'];
  assert.equal(one({ source: 'answers', operator: 'eq', value: ['10.0.0.1', '10.0.0.2'] }, { answers }).passed, true);
  assert.equal(
    one({ source: 'answers', operator: 'eq', value: '10.0.0.1' }, { answers }).message,
    'Expected answers to equal "10.0.0.1", got ["10.0.0.1","10.0.0.2"]',
  );
  assert.equal(one({ source: 'answers', operator: 'contains', value: '10.0.0.2' }, { answers }).passed, true);
  assert.equal(
    one({ source: 'answers', operator: 'not_empty' }, { answers: [] }).message,
    'Expected answers not to be empty, got none',
  );
});

test('a pattern runs in linear time on a hostile body', () => {
  const body = `${'a'.repeat(1024 * 1024 - 1)}!`;
  const started = performance.now();
  const r = one({ source: 'body', operator: 'matches', value: '(a+)+$' }, { body });
  assert.equal(r.passed, false);
  assert.ok(performance.now() - started < 1000, `took ${performance.now() - started} ms`);
  assert.equal(r.message, 'Expected body to match /(a+)+$/, it did not');
});

test('checkExpectations names the field and says what is wrong', () => {
  const bad = (expect: unknown, kind = 'uptime') => checkExpectations(expect, kind);
  assert.equal(bad([{ source: 'status', operator: 'eq', value: 200 }]), null);
  assert.equal(bad([{ source: 'json', path: '$.items[?@.ok == true].id', operator: 'exists' }]), null);
  assert.deepEqual(bad([{ source: 'body', operator: 'eq', value: 'x' }]), {
    path: 'body.expect.0.operator',
    message: 'body takes contains, not_contains, matches',
  });
  assert.equal(bad([{ source: 'json', path: '$.x[', operator: 'eq', value: 1 }])?.path, 'body.expect.0.path');
  assert.equal(bad([{ source: 'json', path: 'status', operator: 'eq', value: 1 }])?.path, 'body.expect.0.path');
  const backref = bad([
    { source: 'status', operator: 'eq', value: 200 },
    { source: 'body', operator: 'matches', value: '(a)\\1' },
  ]);
  assert.equal(backref?.path, 'body.expect.1.value');
  assert.match(backref!.message, /not a pattern RE2 runs in linear time/);
  assert.equal(bad([{ source: 'body', operator: 'matches', value: '(?=x)' }])?.path, 'body.expect.0.value');
  assert.equal(bad([{ source: 'header', operator: 'exists' }])?.path, 'body.expect.0.name');
  assert.equal(bad([{ source: 'header', name: 'x', operator: 'exists', value: 'y' }])?.path, 'body.expect.0.value');
  assert.equal(bad([{ source: 'response_time', operator: 'lt', value: '5' }])?.path, 'body.expect.0.value');
  assert.equal(bad([{ source: 'status', operator: 'eq', value: 200, path: '$.a' }])?.path, 'body.expect.0.path');
  assert.equal(bad([{ source: 'status', operator: 'eq', value: 200, extra: 1 }])?.path, 'body.expect.0.extra');
  assert.equal(bad(Array(21).fill({ source: 'status', operator: 'eq', value: 200 }))?.path, 'body.expect');
  assert.equal(bad({})?.path, 'body.expect');
  // Each kind allows its own sources.
  assert.deepEqual(bad([{ source: 'status', operator: 'eq', value: 200 }], 'tcp'), {
    path: 'body.expect.0.source',
    message: 'tcp checks take response_time, certificate_days, not status',
  });
  assert.equal(bad([{ source: 'answers', operator: 'not_empty' }], 'dns'), null);
  assert.equal(bad([{ source: 'answers', operator: 'not_empty' }], 'uptime')?.path, 'body.expect.0.source');
  assert.equal(bad([], 'lighthouse')?.message, 'is not an option of lighthouse tests');
});

test('a JSONPath that calls match() or search() is refused when written and not run when judged', () => {
  for (const path of ["$[?search(@, '^(a+)+$')]", "$[?match(@.name, 'a.*')]", '$[?search(@.a, @.b)]']) {
    const problem = checkExpectations([{ source: 'json', path, operator: 'exists' }], 'uptime');
    assert.equal(problem?.path, 'body.expect.0.path', path);
    assert.match(problem!.message, /calls (match|search)\(\).*operator matches/);
  }
  // count, length and value run no pattern.
  assert.equal(checkExpectations([{ source: 'json', path: '$[?length(@) > 2]', operator: 'exists' }], 'uptime'), null);
  // One saved before the refusal: failed, saying why, at once (the backtracking pattern never runs).
  const started = performance.now();
  const saved = one(
    { source: 'json', path: "$[?search(@, '^(a+)+$')]", operator: 'exists' },
    { body: JSON.stringify([`${'a'.repeat(40)}!`]) },
  );
  assert.ok(performance.now() - started < 100);
  assert.equal(saved.passed, false);
  assert.match(saved.message!, /the path was not evaluated: it calls search\(\)/);
});

test('costly expectations are judged on a thread stopped at its deadline; cheap ones on the spot', async () => {
  // n² steps: minutes on the main thread at this size.
  const body = JSON.stringify(Array.from({ length: 200_000 }, () => 0));
  const expect: Expectation[] = [
    { source: 'status', operator: 'eq', value: 200 },
    { source: 'json', path: '$[?count($[*]) > 0]', operator: 'exists' },
  ];
  let ticks = 0;
  const ticker = setInterval(() => ticks++, 10);
  const started = performance.now();
  const results = await evaluateExpectationsBounded(expect, { status: 200, body }, { deadlineMs: 300 });
  const took = performance.now() - started;
  clearInterval(ticker);
  // Stopped: minutes otherwise. The thread's start and a loaded machine (2.3 s seen beside npm test's
  // integration suite) come on top of the 300 ms deadline.
  assert.ok(took < 10_000, `took ${took} ms`);
  // The event loop went on meanwhile.
  assert.ok(ticks >= 3, `${ticks} ticks`);
  assert.deepEqual(
    results.map((r) => [r.passed, r.message]),
    [
      [true, null],
      [false, 'Expected $[?count($[*]) > 0] to exist, it was not judged: it took more than 300 ms to evaluate'],
    ],
  );
  // The thread was replaced: the next check is judged as usual.
  const next = await evaluateExpectationsBounded([{ source: 'json', path: '$.status', operator: 'eq', value: 'ok' }], {
    body: '{"status":"ok"}',
  });
  assert.equal(next[0]!.passed, true);
});
