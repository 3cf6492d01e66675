import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Lhr } from './lhr.ts';
import { summarise, userTimings } from './summarise.ts';

const lhr: Lhr = {
  categories: {
    performance: { score: 0.91, auditRefs: [] },
    'agentic-browsing': { score: 0.667, auditRefs: [{ id: 'llms-txt', weight: 1, group: 'agent-discoverability' }] },
  },
  audits: {
    'user-timings': {
      id: 'user-timings',
      title: 'User Timing marks and measures',
      score: 1,
      scoreDisplayMode: 'informative',
      details: {
        items: [
          { name: 'boot', timingType: 'Measure', startTime: 12.3456, duration: 180.004 },
          { name: 'app-start', timingType: 'Mark', startTime: 12.3456 },
          { name: 'app-ready', timingType: 'Mark', startTime: 192.3496 },
        ],
      },
    },
  },
};

test("the agentic-browsing category's score is in scores under Lighthouse's id", () => {
  assert.deepEqual(summarise(lhr).scores, { performance: 91, 'agentic-browsing': 67 });
});

test('User Timing: each mark and measure, to 0.01 ms; a mark has no duration; none recorded is an empty list', () => {
  assert.deepEqual(userTimings(lhr), {
    user_timings: [
      { name: 'boot', kind: 'measure', start_ms: 12.35, duration_ms: 180 },
      { name: 'app-start', kind: 'mark', start_ms: 12.35, duration_ms: null },
      { name: 'app-ready', kind: 'mark', start_ms: 192.35, duration_ms: null },
    ],
  });
  assert.deepEqual(userTimings({ ...lhr, audits: {} }), { user_timings: [] });
});

test('issue 44: User Timing keeps the first 50 entries, names cut to 100 characters, and says what it cut', () => {
  const items = Array.from({ length: 1000 }, (_, i) => ({
    name: `${i}-${'n'.repeat(i % 2 ? 10_000 : 5)}`,
    timingType: 'Mark',
    startTime: i,
  }));
  const many: Lhr = {
    categories: {},
    audits: {
      'user-timings': { id: 'user-timings', title: '', score: 1, scoreDisplayMode: 'informative', details: { items } },
    },
  };
  const { user_timings, user_timings_truncated } = userTimings(many);
  assert.equal(user_timings.length, 50);
  assert.deepEqual(
    user_timings.map((u) => u.start_ms),
    items.slice(0, 50).map((i) => i.startTime),
  );
  assert.ok(user_timings.every((u) => u.name.length <= 100));
  assert.equal(user_timings[1]!.name, `1-${'n'.repeat(98)}`);
  assert.equal(user_timings[0]!.name, '0-nnnnn');
  assert.deepEqual(user_timings_truncated, { dropped: 950, names_cut: 25 });
});

test("audits: the improvable ones, then Lighthouse's informative insights (no score), each with its group and the group's title", () => {
  const grouped: Lhr = {
    categoryGroups: { insights: { title: 'Insights' }, diagnostics: { title: 'Diagnostics' } },
    categories: {
      performance: {
        score: 0.5,
        auditRefs: [
          { id: 'lcp-breakdown-insight', weight: 0, group: 'insights' },
          { id: 'render-blocking-insight', weight: 0, group: 'insights' },
          { id: 'unused-javascript', weight: 0, group: 'diagnostics' },
          { id: 'cache-insight', weight: 0, group: 'insights' },
        ],
      },
    },
    audits: {
      'lcp-breakdown-insight': {
        id: 'lcp-breakdown-insight',
        title: 'LCP breakdown',
        score: null,
        scoreDisplayMode: 'informative',
      },
      'render-blocking-insight': {
        id: 'render-blocking-insight',
        title: 'Render-blocking requests',
        score: 0,
        scoreDisplayMode: 'metricSavings',
        metricSavings: { FCP: 600, LCP: 600 },
      },
      'unused-javascript': {
        id: 'unused-javascript',
        title: 'Unused JS',
        score: 0.5,
        scoreDisplayMode: 'metricSavings',
      },
      // Not applicable: left out.
      'cache-insight': { id: 'cache-insight', title: 'Cache', score: null, scoreDisplayMode: 'notApplicable' },
    },
  };
  assert.deepEqual(
    summarise(grouped).audits.map((a) => [a.id, a.group, a.group_title, a.score]),
    [
      ['render-blocking-insight', 'insights', 'Insights', 0],
      ['unused-javascript', 'diagnostics', 'Diagnostics', 0.5],
      ['lcp-breakdown-insight', 'insights', 'Insights', null],
    ],
  );
});
