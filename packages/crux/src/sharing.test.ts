import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { cruxRecordBody } from './fake-crux.ts';
import { cruxClient } from './client.ts';
import { API_KEY, type Services, startServices } from './test-services.ts';

let s: Services;
before(async () => {
  s = await startServices();
});
after(() => s.stop());

/** Queries the fake received since `from` (an index into its log). */
const since = (from: number) => s.fake.queries().slice(from);

test('1,000 tests of one page across two replicas make one query; a third replica later is answered from Redis', async () => {
  const page = 'https://popular.example/';
  s.fake.setRecord({ url: page, formFactor: 'PHONE' }, cruxRecordBody({ lcp: 2300, inp: 90 }));
  const config = s.config();
  const [a, b] = [cruxClient({ config, redis: s.redis() }), cruxClient({ config, redis: s.redis() })];
  const start = s.fake.queries().length;
  const answers = await Promise.all(Array.from({ length: 1_000 }, (_, i) => (i % 2 ? a : b).record(page, 'PHONE')));
  assert.ok(answers.every((x) => x.available && x.value.metrics.lcp?.p75 === 2300));
  assert.equal(since(start).length, 1);

  const c = cruxClient({ config, redis: s.redis() });
  assert.deepEqual(await c.record(page, 'PHONE'), answers[0]);
  assert.equal(since(start).length, 1, 'the third replica asked nobody');

  const keys = await s.redis().keys('*');
  assert.ok(keys.length > 0);
  assert.ok(!keys.some((k) => k.includes(API_KEY) || k.includes('popular.example')), keys.join(' '));
});

test('"no data" is kept too: a quiet page and its origin are asked once', async () => {
  const config = s.config();
  const start = s.fake.queries().length;
  for (let i = 0; i < 3; i++) {
    const answer = await cruxClient({ config, redis: s.redis() }).record('https://quiet.example/x', 'DESKTOP');
    assert.deepEqual(answer, { available: false, reason: 'not_enough_data' });
  }
  assert.equal(since(start).length, 2, 'the page, then its origin, once');
});

test('the quota holds across replicas: of 200 pages asked in a minute at 150 a minute, 150 reach the API and 50 are rate_limited', async () => {
  const pages = Array.from({ length: 200 }, (_, i) => `https://many.example/page/${i}`);
  for (const page of pages) s.fake.setRecord({ url: page, formFactor: 'PHONE' }, cruxRecordBody({ lcp: 1000 }));
  // The quota is what is measured, not the fake's speed: on a loaded machine (CI, 2026-11-29) 11 of 150
  // queries at once outlived the 10 s timeout, were counted as api_error, and reached the fake in the next test.
  const config = { ...s.config({ CRUX_QUERIES_PER_MIN: '150', CRUX_MAX_WAIT_MS: '0' }), timeoutMs: 120_000 };
  const replicas = [cruxClient({ config, redis: s.redis() }), cruxClient({ config, redis: s.redis() })];
  const start = s.fake.queries().length;
  const answers = await Promise.all(pages.map((page, i) => replicas[i % 2]!.record(page, 'PHONE')));
  assert.equal(since(start).length, 150);
  assert.equal(answers.filter((x) => x.available).length, 150);
  assert.equal(answers.filter((x) => !x.available && x.reason === 'rate_limited').length, 50);

  // Answers already given stay free: asking all 200 again costs no query, and the 150 are still there.
  const again = await Promise.all(pages.map((page, i) => replicas[i % 2]!.record(page, 'PHONE')));
  assert.equal(since(start).length, 150);
  assert.equal(again.filter((x) => x.available).length, 150);
});

test('a query the quota refuses waits for the next window when it opens within CRUX_MAX_WAIT_MS', async () => {
  const pages = Array.from({ length: 4 }, (_, i) => `https://patient.example/${i}`);
  for (const page of pages) s.fake.setRecord({ url: page, formFactor: 'DESKTOP' }, cruxRecordBody({ fcp: 900 }));
  // Two a window; a 1 s window stands in for the minute.
  const config = { ...s.config({ CRUX_QUERIES_PER_MIN: '2', CRUX_MAX_WAIT_MS: '5000' }), limitWindowSeconds: 1 };
  const client = cruxClient({ config, redis: s.redis() });
  const start = s.fake.queries().length;
  const t0 = Date.now();
  const answers = await Promise.all(pages.map((page) => client.record(page, 'DESKTOP')));
  assert.ok(
    answers.every((x) => x.available),
    'all four answered: the last two after waiting',
  );
  const at = since(start).map((q) => q.at - t0);
  assert.equal(at.length, 4);
  assert.ok(at[3]! - at[0]! >= 500, `the second pair waited for the next window (${at.join(', ')} ms)`);

  // The same with no wait allowed: refused at once.
  const hasty = cruxClient({
    config: { ...s.config({ CRUX_QUERIES_PER_MIN: '1', CRUX_MAX_WAIT_MS: '0' }), limitWindowSeconds: 60 },
    redis: s.redis(),
  });
  const more = ['https://patient.example/a', 'https://patient.example/b'];
  for (const page of more) s.fake.setRecord({ url: page, formFactor: 'DESKTOP' }, cruxRecordBody({ fcp: 900 }));
  const both = await Promise.all(more.map((page) => hasty.record(page, 'DESKTOP')));
  assert.deepEqual(both.map((x) => (x.available ? 'answered' : x.reason)).sort(), ['answered', 'rate_limited']);
});
