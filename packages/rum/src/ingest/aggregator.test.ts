import assert from 'node:assert/strict';
import { test } from 'node:test';
import { addPageView, emptyRumRollup } from '../rollups/rum-rollup.ts';
import { type AcceptedView, RumAggregator } from './aggregator.ts';

const at = new Date('2026-11-29T10:15:30Z');
const view = (over: Partial<AcceptedView> = {}): AcceptedView => ({
  siteId: '018f0000-0000-7000-8000-000000000001',
  plan: 'pro',
  at,
  pageGroup: 'home',
  device: 'mobile',
  country: 'DE',
  vitals: { lcp_ms: 3000, inp_ms: 100 },
  attribution: { lcp: { target: 'img.hero', resource_load_delay_ms: 200 }, inp: { target: 'button' } },
  ...over,
});

test('page views of one key are summed into one minute rollup, attribution per hour and target', () => {
  const aggregator = new RumAggregator();
  aggregator.add(view());
  aggregator.add(view({ at: new Date('2026-11-29T10:15:59.999Z'), vitals: { lcp_ms: 1000 } }));
  aggregator.add(view({ at: new Date('2026-11-29T10:16:00Z'), vitals: { lcp_ms: 2000 }, attribution: undefined }));
  const batch = aggregator.take();
  assert.equal(batch.buckets.length, 2);
  const first = batch.buckets.find((b) => b.at.toISOString() === '2026-11-29T10:15:00.000Z')!;
  const want = addPageView(addPageView(emptyRumRollup(), { lcp_ms: 3000, inp_ms: 100 }), { lcp_ms: 1000 });
  assert.deepEqual(first.rollup, want);
  const rows = Object.fromEntries(batch.attribution.map((r) => [`${r.metric} ${r.target}`, r]));
  assert.deepEqual(Object.keys(rows).sort(), ['inp_ms button', 'lcp_ms ', 'lcp_ms img.hero']);
  assert.equal(rows['lcp_ms img.hero']!.at.toISOString(), '2026-11-29T10:00:00.000Z');
  assert.deepEqual(
    { n: rows['lcp_ms img.hero']!.n, slow: rows['lcp_ms img.hero']!.slow, sum: rows['lcp_ms img.hero']!.valueSum },
    { n: 2, slow: 1, sum: 4000 },
  );
  assert.deepEqual(rows['lcp_ms img.hero']!.phases, { resource_load_delay_ms: 400 });
  assert.deepEqual(aggregator.take(), { buckets: [], attribution: [], drops: [] }, 'taken: it starts afresh');
});

test('a batch put back is merged with what came meanwhile', () => {
  const aggregator = new RumAggregator();
  aggregator.add(view());
  aggregator.drop('x', 'bot', at);
  const failed = aggregator.take();
  aggregator.add(view());
  aggregator.drop('x', 'bot', at);
  aggregator.putBack(failed);
  const batch = aggregator.take();
  assert.equal(batch.buckets.length, 1);
  assert.equal(batch.buckets[0]!.rollup.n, 2);
  assert.equal(batch.attribution.find((r) => r.metric === 'lcp_ms')!.n, 2);
  assert.deepEqual(
    batch.drops.map((d) => [d.reason, d.n]),
    [['bot', 2]],
  );
});

test('past its cap, a page view needing a new key is dropped and counted as overflow', () => {
  const aggregator = new RumAggregator({ maxRows: 3 });
  assert.equal(aggregator.add(view()), true); // 1 bucket + 2 attribution rows
  assert.equal(aggregator.add(view()), true, 'existing keys are still summed');
  assert.equal(aggregator.add(view({ country: 'FR' })), false);
  const batch = aggregator.take();
  assert.equal(batch.buckets[0]!.rollup.n, 2);
  assert.deepEqual(
    batch.drops.map((d) => [d.siteId, d.reason, d.n]),
    [[view().siteId, 'overflow', 1]],
  );
});
