import type { LighthouseRunEntry, RunSpread } from '@pageprobe/test-kinds';
import { computeMedianRun, filterToValidRuns } from 'lighthouse/core/lib/median-run.js';
import type { Lhr } from './lhr.ts';

/**
 * Which of several runs stands for the test: Lighthouse's own median-run helper, the run closest to the
 * median first contentful paint and time to interactive (ties: the lower time to interactive). Runs
 * missing either metric cannot be placed and are passed over; with none placeable, the first run.
 */
export function representativeIndex(lhrs: Lhr[]): number {
  if (lhrs.length === 1) return 0;
  const results = lhrs as unknown as Parameters<typeof computeMedianRun>[0];
  const valid = filterToValidRuns(results);
  return valid.length === 0 ? 0 : results.indexOf(computeMedianRun(valid));
}

/** Min, max and sample standard deviation (n − 1) of the runs' performance scores; null without any. */
export function spreadOf(scores: Array<number | null>): RunSpread | null {
  const xs = scores.filter((s): s is number => s !== null);
  if (xs.length === 0) return null;
  const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
  const variance = xs.length < 2 ? 0 : xs.reduce((a, x) => a + (x - mean) ** 2, 0) / (xs.length - 1);
  return { min: Math.min(...xs), max: Math.max(...xs), stddev: Number(Math.sqrt(variance).toFixed(2)) };
}

/** The test's `runs`: each run's performance score and vitals, and which one is representative. */
export function runEntries(
  summaries: Array<{ performanceScore: number | null; vitals: LighthouseRunEntry['vitals'] }>,
  representative: number,
): LighthouseRunEntry[] {
  return summaries.map((s, i) => ({
    index: i + 1,
    performance_score: s.performanceScore,
    vitals: s.vitals,
    representative: i === representative,
  }));
}
