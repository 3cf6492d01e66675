import assert from 'node:assert/strict';
import { test } from 'node:test';
import { addRun, emptyRollup, mergeRollups, quantile, type RunSample, rollupOf, summarise } from './rollup.ts';

/** A small seeded generator, so a failure names a case that can be run again. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

function runs(rand: () => number, count: number): RunSample[] {
  return Array.from({ length: count }, () => ({
    ok: rand() < 0.9,
    values: {
      total_ms: rand() < 0.05 ? null : Math.round(rand() ** 3 * 30_000),
      tls_ms: rand() < 0.5 ? null : Math.round(rand() * 200),
      up: rand() < 0.9 ? 1 : 0,
    },
  }));
}

test('rollups merged in any grouping equal the rollup of all the runs at once', () => {
  for (let seed = 1; seed <= 200; seed++) {
    const rand = random(seed);
    const all = runs(rand, 1 + Math.floor(rand() * 60));
    // Split into arbitrary consecutive groups, merge the groups' rollups in a random order.
    const groups = [];
    for (let i = 0; i < all.length; ) {
      const size = 1 + Math.floor(rand() * 7);
      groups.push(rollupOf(all.slice(i, i + size)));
      i += size;
    }
    groups.sort(() => rand() - 0.5);
    const merged = groups.reduce(mergeRollups, emptyRollup());
    assert.deepEqual(merged, rollupOf(all), `seed ${seed}`);
  }
});

test('summaries: exact count, min, average and max; percentiles within 4% and inside [min, max]', () => {
  for (let seed = 1; seed <= 100; seed++) {
    const rand = random(seed);
    const all = runs(rand, 1 + Math.floor(rand() * 300));
    const values = all.map((r) => r.values.total_ms).filter((v): v is number => v !== null);
    const summary = summarise(rollupOf(all), 'total_ms');
    if (values.length === 0) {
      assert.equal(summary, null);
      continue;
    }
    const sorted = [...values].sort((a, b) => a - b);
    assert.equal(summary!.count, values.length);
    assert.equal(summary!.min, sorted[0]);
    assert.equal(summary!.max, sorted.at(-1));
    assert.equal(summary!.avg, Number((values.reduce((a, b) => a + b, 0) / values.length).toFixed(3)));
    for (const [q, got] of [
      [0.5, summary!.p50],
      [0.95, summary!.p95],
    ] as const) {
      const exact = sorted[Math.ceil(q * sorted.length) - 1]!;
      assert.ok(got >= summary!.min && got <= summary!.max, `seed ${seed}: p${q * 100} inside the range`);
      if (exact === 0) assert.equal(got, 0, `seed ${seed}`);
      else assert.ok(Math.abs(got - exact) / exact <= 0.04, `seed ${seed}: p${q * 100} ${got} vs ${exact}`);
    }
  }
});

test('one value, or all equal, is exact at every percentile', () => {
  const one = addRun(emptyRollup(), { ok: true, values: { total_ms: 137 } });
  assert.deepEqual(summarise(one, 'total_ms'), { count: 1, min: 137, avg: 137, p50: 137, p95: 137, max: 137 });
  const same = rollupOf(Array.from({ length: 9 }, () => ({ ok: true, values: { total_ms: 42 } })));
  assert.equal(quantile(same.hist.total_ms!, same.stats.total_ms!, 0.95), 42);
  assert.equal(summarise(same, 'dns_ms'), null, 'a metric no run had');
});
