import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createLogger } from '@pageprobe/logger';
import { startFieldLookup } from './field-lookup.ts';

// What the test logs, to check that no key leaks into it.
const lines: string[] = [];
const log = createLogger(
  { name: 'field-lookup-test', level: 'debug', format: 'json' },
  {
    write: (line: string) => void lines.push(line),
  },
);
const record = {
  available: true as const,
  value: {
    scope: 'url' as const,
    key: 'https://example.com/',
    form_factor: 'PHONE' as const,
    collection_period: { first_date: '2026-11-09', last_date: '2026-12-06' },
    metrics: { lcp: { p75: 3000, good: 0.6, needs_improvement: 0.3, poor: 0.1 } },
  },
};

test('the lookup starts at once with the URL and device, and its answer is rated against the lab', async () => {
  const asked: unknown[] = [];
  const lookup = startFieldLookup(
    async (url, device) => {
      asked.push([url, device]);
      return record;
    },
    'https://example.com/',
    'desktop',
    log,
  );
  assert.deepEqual(asked, [['https://example.com/', 'desktop']], 'asked before the lab runs');
  const field = await lookup.settle({ lcp_ms: 1000 });
  assert.ok(field.available);
  assert.equal(field.metrics.lcp?.verdict, 'lab_better');
});

test('a failing lookup is api_error, and its message is logged without the key', async () => {
  const lookup = startFieldLookup(
    async () => {
      throw new Error('request to https://crux.test/v1/records:queryRecord?key=SECRET123 failed');
    },
    'https://example.com/',
    'mobile',
    log,
  );
  assert.deepEqual(await lookup.settle({}), { available: false, reason: 'api_error' });
  const logged = lines.join('');
  assert.match(logged, /field data lookup failed/);
  assert.doesNotMatch(logged, /SECRET123/);
});

test('a lookup still unanswered when the lab is done is api_error after the wait, and does not hold the test', async () => {
  const lookup = startFieldLookup(() => new Promise(() => {}), 'https://example.com/', 'mobile', log, 50);
  const started = performance.now();
  assert.deepEqual(await lookup.settle({}), { available: false, reason: 'api_error' });
  // The lookup never answers: settling at all is the wait's bound; this says it was not a long one.
  assert.ok(performance.now() - started < 30_000);
});

test("CrUX's own unavailable answers pass through", async () => {
  const lookup = startFieldLookup(
    async () => ({ available: false, reason: 'rate_limited' }),
    'https://example.com/',
    'mobile',
    log,
  );
  assert.deepEqual(await lookup.settle({}), { available: false, reason: 'rate_limited' });
});
