import { rateVital, type Rating, SPEED_INDEX, VITALS, type Vital } from '@pageprobe/test-kinds';

// The words and shapes of Lighthouse's three bands, for scores and metrics alike: a person who does not
// see the color reads the word and the shape (circle good, square needs improvement, triangle poor).

export const RATING_WORDS: Record<Rating, string> = {
  good: 'good',
  needs_improvement: 'needs improvement',
  poor: 'poor',
};

/** Lighthouse's score bands: 90–100 good, 50–89 needs improvement, 0–49 poor. */
export const rateScore = (score: number): Rating => (score >= 90 ? 'good' : score >= 50 ? 'needs_improvement' : 'poor');

/** The metrics a lab run reports, in Lighthouse's order, with the Core Web Vitals' (or Lighthouse's) thresholds. */
export function labMetrics(device: string): Vital[] {
  const byKey = new Map(VITALS.map((v) => [v.key, v]));
  const speedIndex = SPEED_INDEX[device] ?? SPEED_INDEX.mobile!;
  return ['fcp_ms', 'lcp_ms', 'tbt_ms', 'cls', 'speed_index', 'inp_ms', 'ttfb_ms'].map((key) =>
    key === 'speed_index' ? speedIndex : byKey.get(key)!,
  );
}

export { rateVital, type Rating };
