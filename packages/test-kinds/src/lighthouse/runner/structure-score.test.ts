import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Lhr, LhrAudit } from './lhr.ts';
import { impact, structureScore } from './structure-score.ts';
import { improvableAudits, summarise } from './summarise.ts';

const audit = (
  id: string,
  score: number | null,
  mode: string,
  savings?: Record<string, number>,
  extra: Partial<LhrAudit> = {},
): LhrAudit => ({
  id,
  title: id,
  score,
  scoreDisplayMode: mode,
  ...(savings ? { metricSavings: savings } : {}),
  ...extra,
});

function lhr(audits: LhrAudit[], groups: Record<string, string>, performance = 0.5): Lhr {
  return {
    categories: {
      performance: {
        score: performance,
        auditRefs: audits.map((a) => ({ id: a.id, weight: 0, group: groups[a.id] ?? 'insights' })),
      },
    },
    audits: Object.fromEntries(audits.map((a) => [a.id, a])),
  };
}

test('impact: 1 s of LCP counts 4, 500 ms of TBT 5, CLS 0.1 counts 4, capped at 9', () => {
  assert.equal(impact({ LCP: 1000 }), 4);
  assert.equal(impact({ TBT: 500 }), 5);
  assert.equal(impact({ CLS: 0.1 }), 4);
  assert.equal(impact({ LCP: 10_000, TBT: 10_000 }), 9);
  assert.equal(impact(undefined), 0);
  assert.equal(impact({ FCP: -50 }), 0);
});

test('all passing audits give 100; weights follow the savings', () => {
  assert.equal(structureScore(lhr([audit('a', 1, 'metricSavings', { LCP: 0 }), audit('b', 1, 'numeric')], {})), 100);
  // One failing audit with 1 s LCP savings (weight 5) beside three passing ones (weight 1 each):
  // 100 × (0×5 + 1+1+1) / (5+3) = 37.5 → 38
  const mixed = lhr(
    [
      audit('slow', 0, 'metricSavings', { LCP: 1000 }),
      audit('p1', 1, 'numeric'),
      audit('p2', 1, 'binary'),
      audit('p3', 1, 'metricSavings', { FCP: 0 }),
    ],
    {},
  );
  assert.equal(structureScore(mixed), 38);
  // The same failing audit with no estimated savings weighs 1: 100 × 3/4 = 75.
  const cheap = lhr(
    [
      audit('slow', 0, 'metricSavings', {}),
      audit('p1', 1, 'numeric'),
      audit('p2', 1, 'binary'),
      audit('p3', 1, 'numeric'),
    ],
    {},
  );
  assert.equal(structureScore(cheap), 75);
});

test('informative, not-applicable, metric and hidden audits do not count; nothing scored gives null', () => {
  const data = lhr(
    [
      audit('info', 0, 'informative', { LCP: 5000 }),
      audit('na', null, 'notApplicable'),
      audit('metric', 0, 'numeric'),
      audit('hidden', 0, 'numeric'),
      audit('diag', 0.5, 'numeric'),
    ],
    { metric: 'metrics', hidden: 'hidden', diag: 'diagnostics' },
  );
  assert.equal(structureScore(data), 50);
  assert.equal(structureScore(lhr([audit('info', 0, 'informative')], {})), null);
});

test('summary: scores in 0-100, grade from the 60/40 blend, improvable audits by savings', () => {
  const data = lhr(
    [
      audit('big', 0.2, 'metricSavings', { LCP: 2000 }, { details: { overallSavingsMs: 2000 } }),
      audit('small', 0.5, 'metricSavings', { FCP: 100 }, { details: { overallSavingsMs: 100 } }),
      audit('fine', 0.95, 'numeric'),
    ],
    {},
    0.9,
  );
  const s = summarise(data);
  assert.equal(s.performanceScore, 90);
  // structure: weights big 1+8=9 (score .2), small 1+0.4=1.4 (.5), fine 1 (.95) → (1.8+0.7+0.95)/11.4 = 30.3 → 30
  assert.equal(s.structureScore, 30);
  // blend 0.6×90 + 0.4×30 = 66 → D
  assert.equal(s.grade, 'D');
  assert.deepEqual(
    improvableAudits(data).map((a) => a.id),
    ['big', 'small'],
  );
  // Lighthouse 13 leaves the ms/bytes totals at 0 and reports per-metric savings: those decide the order.
  const lh13 = lhr(
    [audit('tbt', 0.3, 'metricSavings', { TBT: 50 }), audit('lcp', 0.4, 'metricSavings', { LCP: 1500 })],
    {},
    0.9,
  );
  assert.deepEqual(
    improvableAudits(lh13).map((a) => a.id),
    ['lcp', 'tbt'],
  );
});
