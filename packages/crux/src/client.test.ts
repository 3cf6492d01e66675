import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { cruxHistoryBody, cruxRecordBody } from './fake-crux.ts';
import { cruxClient } from './client.ts';
import { API_KEY, capturedLog, type Services, startServices } from './test-services.ts';
import { FIELD_METRICS, formFactorOf } from './types.ts';

let s: Services;
before(async () => {
  s = await startServices();
});
after(() => s.stop());

const client = (env: Record<string, string> = {}, log = capturedLog().log) =>
  cruxClient({ config: s.config(env), redis: s.redis(), log });

test("a page's record: every metric's p75 and shares, CLS's p75 from the API's string, the collection period", async () => {
  const page = 'https://shop.example/product/1';
  s.fake.setRecord(
    { url: page, formFactor: 'PHONE' },
    cruxRecordBody({
      lcp: 2961,
      inp: 212,
      cls: 0.07,
      fcp: 1703,
      ttfb: 1130,
      shares: { lcp: [0.6612, 0.2571, 0.0817] },
      firstDate: '2026-10-25',
      lastDate: '2026-11-21',
    }),
  );
  const answer = await client().record('https://user:secret@shop.example/product/1#reviews', 'PHONE');
  assert.deepEqual(answer, {
    available: true,
    value: {
      scope: 'url',
      key: page,
      form_factor: 'PHONE',
      collection_period: { first_date: '2026-10-25', last_date: '2026-11-21' },
      metrics: {
        lcp: { p75: 2961, good: 0.661, needs_improvement: 0.257, poor: 0.082 },
        inp: { p75: 212, good: 0.6, needs_improvement: 0.25, poor: 0.15 },
        cls: { p75: 0.07, good: 0.812, needs_improvement: 0.138, poor: 0.05 },
        fcp: { p75: 1703, good: 0.812, needs_improvement: 0.138, poor: 0.05 },
        ttfb: { p75: 1130, good: 0.6, needs_improvement: 0.25, poor: 0.15 },
      },
    },
  });
  const [query] = s.fake.queries().slice(-1);
  assert.equal(query?.path, '/v1/records:queryRecord');
  assert.doesNotMatch(JSON.stringify(query?.body), /secret/, "the URL's credentials are not sent");
  assert.deepEqual(query?.body, {
    url: page,
    formFactor: 'PHONE',
    metrics: [
      'largest_contentful_paint',
      'interaction_to_next_paint',
      'cumulative_layout_shift',
      'first_contentful_paint',
      'experimental_time_to_first_byte',
    ],
  });
  assert.deepEqual(FIELD_METRICS, ['lcp', 'inp', 'cls', 'fcp', 'ttfb']);
});

test("the page's address is sent without its query string or fragment: a query's tokens and addresses never leave for Google (issue 56)", async () => {
  const page = 'https://shop.example/orders';
  s.fake.setRecord({ url: page, formFactor: 'PHONE' }, cruxRecordBody({ lcp: 2100 }));
  const answer = await client().record(
    'https://shop.example/orders?session=s3ss10n&email=pat%40example.com#top',
    'PHONE',
  );
  assert.equal(answer.available && answer.value.scope, 'url');
  assert.equal(answer.available && answer.value.metrics.lcp?.p75, 2100);
  const query = s.fake.queries().at(-1);
  assert.ok(query, 'the CrUX API was asked');
  assert.equal((query.body as { url?: string }).url, page);
  assert.doesNotMatch(
    JSON.stringify(query),
    /s3ss10n|example\.com|session|email/,
    'nothing of the query string is sent',
  );
});

test("a page with too little traffic gets its origin's record, said to be the origin's", async () => {
  s.fake.setRecord({ origin: 'https://quiet.example', formFactor: 'PHONE' }, cruxRecordBody({ lcp: 1900, cls: 0.3 }));
  const before = s.fake.queries().length;
  const answer = await client().record('https://quiet.example/rarely/visited?x=1', 'PHONE');
  assert.ok(answer.available);
  assert.equal(answer.value.scope, 'origin');
  assert.equal(answer.value.key, 'https://quiet.example');
  assert.deepEqual(Object.keys(answer.value.metrics), ['lcp', 'cls']);
  assert.equal(answer.value.metrics.cls?.p75, 0.3);
  const asked = s.fake
    .queries()
    .slice(before)
    .map((q) => q.body);
  assert.deepEqual(
    asked.map((b) => [(b as { url?: string }).url, (b as { origin?: string }).origin]),
    [
      ['https://quiet.example/rarely/visited', undefined],
      [undefined, 'https://quiet.example'],
    ],
  );
});

test("the form factor follows the test's device: PHONE for mobile, DESKTOP for desktop", async () => {
  const page = 'https://devices.example/';
  s.fake.setRecord({ url: page, formFactor: 'PHONE' }, cruxRecordBody({ lcp: 3900 }));
  s.fake.setRecord({ url: page, formFactor: 'DESKTOP' }, cruxRecordBody({ lcp: 1200 }));
  const c = client();
  const phone = await c.record(page, formFactorOf('mobile'));
  const desktop = await c.record(page, formFactorOf('desktop'));
  assert.ok(phone.available && desktop.available);
  assert.deepEqual([phone.value.form_factor, phone.value.metrics.lcp?.p75], ['PHONE', 3900]);
  assert.deepEqual([desktop.value.form_factor, desktop.value.metrics.lcp?.p75], ['DESKTOP', 1200]);
});

test('no record for the page nor its origin: not_enough_data', async () => {
  const answer = await client().record('https://nobody.example/', 'DESKTOP');
  assert.deepEqual(answer, { available: false, reason: 'not_enough_data' });
});

test("the API's 429 is rate_limited, a 500 or a malformed body api_error; none is kept, and no log holds the key", async () => {
  const page = 'https://flaky.example/';
  s.fake.setRecord({ url: page, formFactor: 'PHONE' }, cruxRecordBody({ lcp: 2000 }));
  const { log, text } = capturedLog();
  const c = client({}, log);
  s.fake.failNext(429);
  assert.deepEqual(await c.record(page, 'PHONE'), { available: false, reason: 'rate_limited' });
  s.fake.failNext('malformed');
  assert.deepEqual(await c.record(page, 'PHONE'), { available: false, reason: 'api_error' });
  s.fake.failNext(500);
  assert.deepEqual(await c.record(page, 'PHONE'), { available: false, reason: 'api_error' });
  // Failures are not cached: the next question is asked again, and answered.
  const again = await c.record(page, 'PHONE');
  assert.equal(again.available, true);
  assert.match(text(), /CrUX API/);
  assert.ok(!text().includes(API_KEY), 'the API key is never logged');
});

test('an answer not in the documented shape is api_error', async () => {
  const page = 'https://odd.example/';
  s.fake.setRecord({ url: page, formFactor: 'PHONE' }, { record: { metrics: {} } });
  assert.deepEqual(await client().record(page, 'PHONE'), { available: false, reason: 'api_error' });
});

test('without CRUX_API_KEY every answer is no_api_key, and nothing is asked', async () => {
  const before = s.fake.queries().length;
  const off = cruxClient({ config: { ...s.config(), apiKey: undefined }, redis: s.redis() });
  assert.deepEqual(await off.record('https://shop.example/product/1', 'PHONE'), {
    available: false,
    reason: 'no_api_key',
  });
  assert.deepEqual(await off.history('https://shop.example/product/1', 'PHONE'), {
    available: false,
    reason: 'no_api_key',
  });
  assert.equal(s.fake.queries().length, before);
});

test('history: 40 periods asked, points aligned with the periods oldest first, null where CrUX had too little', async () => {
  const page = 'https://history.example/';
  s.fake.setHistory(
    { url: page, formFactor: 'DESKTOP' },
    cruxHistoryBody({
      lastDate: '2026-11-21',
      lcp: [2100, null, 2600],
      cls: [0.04, 0.12, null],
    }),
  );
  const answer = await client().history(page, 'DESKTOP');
  assert.ok(answer.available);
  const { value } = answer;
  assert.deepEqual([value.scope, value.key, value.form_factor], ['url', page, 'DESKTOP']);
  assert.deepEqual(value.periods, [
    { first_date: '2026-10-11', last_date: '2026-11-07' },
    { first_date: '2026-10-18', last_date: '2026-11-14' },
    { first_date: '2026-10-25', last_date: '2026-11-21' },
  ]);
  assert.deepEqual(
    value.metrics.lcp?.map((p) => p?.p75 ?? null),
    [2100, null, 2600],
  );
  assert.deepEqual(
    value.metrics.cls?.map((p) => p?.p75 ?? null),
    [0.04, 0.12, null],
  );
  assert.deepEqual(value.metrics.cls?.[1], { p75: 0.12, good: 0.6, needs_improvement: 0.25, poor: 0.15 });
  const [query] = s.fake.queries().slice(-1);
  assert.equal(query?.path, '/v1/records:queryHistoryRecord');
  assert.equal((query?.body as { collectionPeriodCount?: number } | undefined)?.collectionPeriodCount, 40);
});

test("history falls back to the origin's too", async () => {
  s.fake.setHistory(
    { origin: 'https://hist-origin.example', formFactor: 'PHONE' },
    cruxHistoryBody({ inp: [150, 180] }),
  );
  const answer = await client().history('https://hist-origin.example/a/b', 'PHONE');
  assert.ok(answer.available);
  assert.equal(answer.value.scope, 'origin');
  assert.deepEqual(
    answer.value.metrics.inp?.map((p) => p?.p75),
    [150, 180],
  );
});
