import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Lhr } from './lhr.ts';
import { representativeIndex, runEntries, spreadOf } from './runs.ts';

const run = (fcp: number, interactive: number | null): Lhr => ({
  categories: {},
  audits: {
    'first-contentful-paint': {
      id: 'first-contentful-paint',
      title: '',
      score: 1,
      scoreDisplayMode: 'numeric',
      numericValue: fcp,
    },
    ...(interactive === null
      ? {}
      : {
          interactive: {
            id: 'interactive',
            title: '',
            score: 1,
            scoreDisplayMode: 'numeric',
            numericValue: interactive,
          },
        }),
  },
});

test("the representative run is Lighthouse's median run: closest to the median FCP and time to interactive", () => {
  // Medians: FCP 1000, interactive 3000. Run 3 sits on both.
  assert.equal(representativeIndex([run(800, 2000), run(1400, 5000), run(1000, 3000)]), 2);
  // An even count: medians are the means of the middle two (FCP 1050, TTI 3050); run 2 is nearest.
  assert.equal(representativeIndex([run(600, 1000), run(1000, 3000), run(1100, 3100), run(2000, 9000)]), 1);
  // Equally near: the lower time to interactive wins.
  assert.equal(representativeIndex([run(1000, 3100), run(1000, 2900)]), 1);
  // A run without a time to interactive cannot be placed; the others decide.
  assert.equal(representativeIndex([run(1000, null), run(900, 3000), run(1200, 3600), run(950, 3100)]), 3);
  assert.equal(representativeIndex([run(1000, null)]), 0);
  assert.equal(representativeIndex([run(1000, null), run(1200, null)]), 0);
});

test('the spread is min, max and the sample standard deviation of the scores', () => {
  assert.deepEqual(spreadOf([71, 78, 83]), { min: 71, max: 83, stddev: 6.03 });
  assert.deepEqual(spreadOf([90]), { min: 90, max: 90, stddev: 0 });
  assert.deepEqual(spreadOf([null, 60, 80]), { min: 60, max: 80, stddev: 14.14 });
  assert.equal(spreadOf([null]), null);
});

test('each run is listed in order, the representative one marked', () => {
  const vitals = { lcp_ms: 1, fcp_ms: 1, cls: 0, tbt_ms: 0, speed_index_ms: 1, ttfb_ms: 1, interactive_ms: 1 };
  const entries = runEntries(
    [
      { performanceScore: 70, vitals },
      { performanceScore: 80, vitals },
    ],
    1,
  );
  assert.deepEqual(
    entries.map((e) => [e.index, e.performance_score, e.representative]),
    [
      [1, 70, false],
      [2, 80, true],
    ],
  );
});
