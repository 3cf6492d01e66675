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
  assert.deepEqual(userTimings(lhr), [
    { name: 'boot', kind: 'measure', start_ms: 12.35, duration_ms: 180 },
    { name: 'app-start', kind: 'mark', start_ms: 12.35, duration_ms: null },
    { name: 'app-ready', kind: 'mark', start_ms: 192.35, duration_ms: null },
  ]);
  assert.deepEqual(userTimings({ ...lhr, audits: {} }), []);
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
