import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkVerdict, deployStatus, pendingCheck, worseFigures } from './deploy-verdict.ts';

const d = (change: string, base: number, head: number) => ({
  head,
  base,
  delta: head - base,
  significant: change !== 'same',
  change,
});

test('worse figures: each delta that got worse, by path; resources, audits and field data are not run figures', () => {
  const deltas = {
    scores: { performance: d('worse', 95, 70), seo: d('same', 100, 100) },
    vitals: { lcp_ms: d('worse', 1200, 3400), cls: d('better', 0.2, 0.01) },
    structure_score: d('same', 0, 0),
    resources: { image: { transfer_bytes: d('worse', 1000, 600000), requests: d('worse', 1, 2) } },
    audits: { worse: [{ id: 'x' }], better: [] },
    field: { head: null, base: null },
  };
  assert.deepEqual(worseFigures(deltas), [
    { figure: 'scores.performance', base: 95, head: 70 },
    { figure: 'vitals.lcp_ms', base: 1200, head: 3400 },
  ]);
  assert.deepEqual(worseFigures({ vitals: { lcp_ms: d('same', 1, 1) } }), []);
});

test("a check's verdict: down fails, degraded regresses, up passes", () => {
  const at = new Date('2026-11-28T10:00:00Z');
  assert.equal(checkVerdict('m', { at, up: false, degraded: false, reason: 'timeout' }).verdict, 'failed');
  assert.equal(checkVerdict('m', { at, up: false, degraded: false, reason: 'timeout' }).reason, 'timeout');
  assert.equal(checkVerdict('m', { at, up: true, degraded: true, reason: null }).verdict, 'regressed');
  assert.equal(checkVerdict('m', { at, up: true, degraded: false, reason: null }).verdict, 'passed');
});

test("a deploy's status is its worst check's, checking while any is pending, recorded with none", () => {
  const v = (verdict: 'pending' | 'passed' | 'regressed' | 'failed') => ({ ...pendingCheck('m'), verdict });
  assert.equal(deployStatus([]), 'recorded');
  assert.equal(deployStatus([v('passed'), v('pending')]), 'checking');
  assert.equal(deployStatus([v('passed'), v('regressed')]), 'regressed');
  assert.equal(deployStatus([v('regressed'), v('failed')]), 'failed');
  assert.equal(deployStatus([v('passed'), v('passed')]), 'passed');
});
