// The colours a figure takes on monitor pages, status pages and badges, by threshold. The README's
// "Badges and colours" table says the same: change both together.

export type Tone = 'good' | 'average' | 'poor' | 'none';

/** Shields.io's named colours for each tone. */
export const BADGE_COLOURS: Record<Tone, string> = {
  good: 'brightgreen',
  average: 'yellow',
  poor: 'red',
  none: 'lightgrey',
};

/** Uptime percent: at least 99.9 is good, at least 99 average, below that poor. */
export const UPTIME_THRESHOLDS = { good: 99.9, average: 99 };
/** A 0–100 score, as Lighthouse colours it: at least 90 good, at least 50 average. */
export const SCORE_THRESHOLDS = { good: 90, average: 50 };
/** Response time in ms: at most 300 good, at most 1,000 average. */
export const RESPONSE_THRESHOLDS = { good: 300, average: 1000 };

const atLeast = (value: number | null, t: { good: number; average: number }): Tone =>
  value === null ? 'none' : value >= t.good ? 'good' : value >= t.average ? 'average' : 'poor';

export const uptimeTone = (percent: number | null) => atLeast(percent, UPTIME_THRESHOLDS);
export const scoreTone = (score: number | null) => atLeast(score, SCORE_THRESHOLDS);
export const responseTone = (ms: number | null): Tone =>
  ms === null
    ? 'none'
    : ms <= RESPONSE_THRESHOLDS.good
      ? 'good'
      : ms <= RESPONSE_THRESHOLDS.average
        ? 'average'
        : 'poor';
