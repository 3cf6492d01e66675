/** Runs a drop is measured against: the median of the last ones (issue 16). */
export const REGRESSION_WINDOW = 5;
/** Fewer earlier runs than this and there is no median to fall below yet. */
export const REGRESSION_MIN_HISTORY = 3;

/**
 * A score that fell more than `points` below the median of the earlier runs' scores (newest first, at
 * most REGRESSION_WINDOW of them read): the drop, or null when there is none or too little history.
 */
export function scoreDrop(
  score: number | null,
  earlier: number[],
  points: number,
): { median: number; drop: number } | null {
  const window = earlier.slice(0, REGRESSION_WINDOW);
  if (score === null || window.length < REGRESSION_MIN_HISTORY) return null;
  const sorted = [...window].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  const median = sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  const drop = median - score;
  return drop > points ? { median, drop } : null;
}
