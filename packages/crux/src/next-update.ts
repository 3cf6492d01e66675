const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * When CrUX next publishes new data, so an answer is kept exactly until then. Google's documentation:
 * the CrUX API's records are "updated daily around 04:00 UTC" (developer.chrome.com/docs/crux/api,
 * "Data freshness"); the History API's are "updated weekly on Mondays around 04:00 UTC"
 * (developer.chrome.com/docs/crux/history-api). "Around": an update a little late is read the next day.
 */
export function nextUpdate(kind: 'record' | 'history', now: number): number {
  const day = Math.floor(now / DAY) * DAY;
  let next = day + 4 * HOUR;
  if (next <= now) next += DAY;
  if (kind === 'history') {
    while (new Date(next).getUTCDay() !== 1) next += DAY;
  }
  return next;
}
