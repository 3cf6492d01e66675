// Field data (issue 48) end to end: a lighthouse test's `field` from a local CrUX API answering as Google
// documents it, through the real browser worker (its CrUX client, cache and limiter in Redis) and the API
// (GET /tests/{id}, responses validated against the OpenAPI document).
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { cruxRecordBody, startFakeCrux, startTest, waitForTest } from '@pageprobe/testing';
import { startApiApp } from '../support/app-process.ts';
import { startServer } from '../support/servers.ts';
import { teamWithKey } from '../support/teams.ts';
import { createTestEnv } from '../support/test-env.ts';
import { startInProcess } from '../support/stack.ts';

const env = await createTestEnv();
const crux = await startFakeCrux();
after(() => crux.close());
const CRUX_API_KEY = 'crux-test-key-7f3a9c';

const html = (body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Field</title></head><body>${body}</body></html>`;
const fixtures = await startServer((req, res) => {
  // A 300 ms task after the first paint (TBT counts from there): Lighthouse's mobile CPU slowdown (4x)
  // makes it over a second of blocking, a poor TBT.
  const busy =
    req.url === '/busy'
      ? '<script>setTimeout(() => { const end = Date.now() + 300; while (Date.now() < end) {} }, 200)</script>'
      : '';
  res.writeHead(200, { 'content-type': 'text/html', 'cache-control': 'no-store' });
  res.end(html(`<h1>A page</h1><p>${'Some text. '.repeat(30)}</p>${busy}`));
});
const page = (path: string) => `${fixtures.url}${path}`;
const origin = new URL(fixtures.url).origin;

// /busy: its page's record on phones (and its own shares for LCP). /desk: a page record on phones only,
// and the origin's on desktops; a desktop test must take the origin's. Nothing for /none.
crux.setRecord(
  { url: page('/busy'), formFactor: 'PHONE' },
  cruxRecordBody({
    lcp: 3000,
    inp: 150,
    cls: 0.05,
    fcp: 1500,
    ttfb: 2000,
    firstDate: '2026-11-09',
    lastDate: '2026-12-06',
    shares: { lcp: [0.5, 0.3, 0.2] },
  }),
);
crux.setRecord({ url: page('/desk'), formFactor: 'PHONE' }, cruxRecordBody({ lcp: 1000, fcp: 900 }));
crux.setRecord({ origin, formFactor: 'DESKTOP' }, cruxRecordBody({ lcp: 4200, inp: 90, cls: 0.3 }));

const { origin: apiOrigin } = await startApiApp(env);
const workerEnv = {
  ALLOW_PRIVATE_TARGETS: 'false',
  ALLOW_TARGETS: new URL(fixtures.url).host,
  LIGHTHOUSE_MAX_WAIT_MS: '6000',
  LIGHTHOUSE_TIMEOUT_MS: '60000',
  PUBLIC_BASE_URL: apiOrigin,
  CRUX_API_URL: crux.url,
};
const worker = await startInProcess('worker-browser', env.appEnv({ ...workerEnv, CRUX_API_KEY }));
const { key } = await teamWithKey(env, { credits: 30 });

type Field = Record<string, any>;
const start = async (path: string, extra: Record<string, unknown> = {}) =>
  (await startTest(apiOrigin, key, { url: page(path), type: 'lighthouse', device: 'mobile', ...extra })).id;
// GET /tests/{id} until it ends: the API validates each answer against its OpenAPI document.
const finished = (id: string): Promise<Record<string, any>> => waitForTest(apiOrigin, key, id, { timeoutMs: 180_000 });
const recordQueries = () => crux.queries().filter((q) => q.path === '/v1/records:queryRecord');
const asked = (body: Record<string, string>) =>
  recordQueries().filter((q) => Object.entries(body).every(([k, v]) => (q.body as Record<string, unknown>)[k] === v));

// Core Web Vitals thresholds, written out here rather than imported: the figures users rely on.
const THRESHOLDS: Record<string, [lab: string, good: number, poor: number, labGood: number, labPoor: number]> = {
  lcp: ['lcp_ms', 2500, 4000, 2500, 4000],
  inp: ['tbt_ms', 200, 500, 200, 600], // the lab has no interaction: TBT, by TBT's thresholds
  cls: ['cls', 0.1, 0.25, 0.1, 0.25],
  fcp: ['fcp_ms', 1800, 3000, 1800, 3000],
  ttfb: ['ttfb_ms', 800, 1800, 800, 1800],
};
const RANK = ['good', 'needs_improvement', 'poor'];
const rate = (v: number, good: number, poor: number) => (v <= good ? 'good' : v <= poor ? 'needs_improvement' : 'poor');

/** Each metric's category and verdict as they must follow from its p75 and the test's own lab vitals. */
function assertRated(field: Field, vitals: Record<string, number | null>) {
  for (const [metric, m] of Object.entries(field.metrics as Record<string, Field | null>)) {
    if (!m) continue;
    const [labKey, good, poor, labGood, labPoor] = THRESHOLDS[metric]!;
    assert.equal(m.category, rate(m.p75, good, poor), `${metric} category`);
    assert.equal(m.lab_metric, labKey, `${metric} is compared with ${labKey}`);
    const lab = vitals[labKey] ?? null;
    assert.equal(m.lab, lab, `${metric}'s lab value is the test's ${labKey}`);
    if (lab === null) {
      assert.equal(m.verdict, null);
      continue;
    }
    const labCategory = rate(lab, labGood, labPoor);
    assert.equal(m.lab_category, labCategory, `${metric} lab category`);
    const [l, f] = [RANK.indexOf(labCategory), RANK.indexOf(m.category)];
    assert.equal(m.verdict, l === f ? 'agree' : l < f ? 'lab_better' : 'field_better', `${metric} verdict`);
  }
}

// One worker runs one lighthouse test at a time: these run in turn.
const ids = {
  busy: await start('/busy'),
  busyAgain: await start('/busy'),
  desk: await start('/desk', { device: 'desktop', steps: [{ type: 'wait', ms: 100 }] }),
  none: await start('/none'),
};

test("a mobile test gets its page's PHONE record: five metrics, each rated and compared with the lab", async () => {
  const done = await finished(ids.busy);
  assert.equal(done.status, 'completed');
  const field = done.result.field;
  assert.equal(field.available, true);
  assert.equal(field.scope, 'url');
  assert.equal(field.key, page('/busy'));
  assert.equal(field.form_factor, 'PHONE');
  assert.deepEqual(field.collection_period, { first_date: '2026-11-09', last_date: '2026-12-06' });
  assert.deepEqual(Object.keys(field.metrics).sort(), ['cls', 'fcp', 'inp', 'lcp', 'ttfb']);
  assert.deepEqual(
    Object.fromEntries(Object.entries(field.metrics as Record<string, Field>).map(([k, m]) => [k, m.p75])),
    { lcp: 3000, inp: 150, cls: 0.05, fcp: 1500, ttfb: 2000 },
  );
  assert.deepEqual(
    [field.metrics.lcp.good, field.metrics.lcp.needs_improvement, field.metrics.lcp.poor],
    [0.5, 0.3, 0.2],
    "CrUX's histogram densities",
  );
  assert.equal(field.metrics.lcp.category, 'needs_improvement');
  assert.equal(field.metrics.ttfb.category, 'poor');
  assertRated(field, done.vitals);
  // The page blocks its main thread for over a second of simulated mobile CPU: the lab's TBT is poor while
  // real users' INP is good; its local server answers at once while real users waited 2 s.
  assert.ok(done.vitals.tbt_ms > 600, `lab TBT ${done.vitals.tbt_ms} ms`);
  assert.equal(field.metrics.inp.verdict, 'field_better');
  assert.ok(done.vitals.ttfb_ms <= 800, `lab TTFB ${done.vitals.ttfb_ms} ms`);
  assert.equal(field.metrics.ttfb.verdict, 'lab_better');
});

test("CrUX is asked at its configured address with the key; the test's URL only in the JSON body", async () => {
  await finished(ids.busy);
  const [query, ...more] = asked({ url: page('/busy') });
  assert.equal(more.length, 0);
  assert.equal(query!.path, '/v1/records:queryRecord');
  assert.equal((query!.body as Field).formFactor, 'PHONE');
  // The fake answers 400 without ?key=, so an answer proves the key went; it never reaches the logs.
  assert.doesNotMatch(worker.output(), new RegExp(CRUX_API_KEY));
});

test('several tests of one page make one query: the answer is cached until CrUX updates', async () => {
  const again = await finished(ids.busyAgain);
  const first = await finished(ids.busy);
  assert.equal(again.status, 'completed');
  assert.deepEqual(
    { ...again.result.field, metrics: undefined },
    { ...first.result.field, metrics: undefined },
    'the same record',
  );
  assertRated(again.result.field, again.vitals);
  assert.equal(asked({ url: page('/busy') }).length, 1, 'one query for both tests');
});

test("a desktop user flow of a page with only its origin's DESKTOP record gets the origin's (scope origin)", async () => {
  const done = await finished(ids.desk);
  assert.equal(done.status, 'completed');
  assert.ok(done.result.steps?.length, 'a user flow');
  const field = done.result.field;
  assert.equal(field.available, true);
  assert.equal(field.scope, 'origin');
  assert.equal(field.key, origin);
  assert.equal(field.form_factor, 'DESKTOP');
  assert.equal(field.metrics.lcp.p75, 4200, "the origin's, not the page's phone record");
  assert.equal(field.metrics.lcp.category, 'poor');
  assert.equal(field.metrics.cls.category, 'poor');
  assert.equal(field.metrics.fcp, null, 'a metric the record lacks');
  assert.equal(field.metrics.ttfb, null);
  assertRated(field, done.vitals);
  // The page's record first (on desktops: none), then its origin's.
  assert.deepEqual(
    recordQueries()
      .map((q) => q.body as Field)
      .filter((b) => b.formFactor === 'DESKTOP')
      .map((b) => b.url ?? b.origin),
    [page('/desk'), origin],
  );
});

test('a page CrUX knows nothing of: not_enough_data, and the test completes', async () => {
  const done = await finished(ids.none);
  assert.equal(done.status, 'completed');
  assert.deepEqual(done.result.field, { available: false, reason: 'not_enough_data' });
  assert.ok(done.performance_score !== null);
});

test("CrUX's quota exhausted (429): rate_limited; a malformed answer: api_error; the tests complete", async () => {
  await Promise.all(Object.values(ids).map(finished));
  crux.failNext(429);
  const limited = await finished(await start('/limited'));
  assert.equal(limited.status, 'completed');
  assert.deepEqual(limited.result.field, { available: false, reason: 'rate_limited' });
  crux.failNext('malformed');
  const broken = await finished(await start('/broken'));
  assert.equal(broken.status, 'completed');
  assert.deepEqual(broken.result.field, { available: false, reason: 'api_error' });
  assert.equal(asked({ url: page('/limited') }).length, 1);
  assert.equal(asked({ url: page('/broken') }).length, 1);
});

test('a worker without CRUX_API_KEY: no_api_key, and CrUX is never asked', async () => {
  // The tests above are done (node:test runs them in turn): the keyless worker takes the next one.
  await Promise.all(Object.values(ids).map(finished));
  await worker.stop();
  await startInProcess('worker-browser', env.appEnv(workerEnv));
  const before = crux.queries().length;
  const done = await finished(await start('/busy'));
  assert.equal(done.status, 'completed');
  assert.deepEqual(done.result.field, { available: false, reason: 'no_api_key' });
  assert.equal(crux.queries().length, before);
});
