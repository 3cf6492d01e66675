import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from '@pageprobe/logger';
import { type FieldAnswer, type FieldData, fieldOf } from '@pageprobe/test-kinds';

/**
 * Asks the Chrome UX Report for a page's record on a test's device: the browser worker's CrUX client
 * (@pageprobe/crux), whose cache, quota and time limits apply. The page's URL goes in the request's JSON
 * body, never in the address: the address is the configured CRUX_API_URL, not a target of the test.
 */
export type FieldLookup = (url: string, device: 'mobile' | 'desktop') => Promise<FieldAnswer>;

/**
 * How long a test that has its lab figures still waits for CrUX. The lookup starts with the test and
 * usually answers (from the cache, or in a few hundred ms) long before Lighthouse ends; a slower one
 * should not hold the test up much, and its answer still fills the cache for the next test.
 */
export const FIELD_WAIT_AFTER_LAB_MS = 3_000;

const API_ERROR: FieldAnswer = { available: false, reason: 'api_error' };

// An error of the HTTP layer may quote the address it asked, and that carries the key.
const withoutKey = (text: string) => text.replace(/([?&]key=)[^&\s"']+/gi, '$1[redacted]');

/**
 * The field data of one test, asked for as the test starts so that it runs beside Lighthouse. `settle`
 * rates it against the representative run's vitals. Never fails the test: any error, or no answer within
 * FIELD_WAIT_AFTER_LAB_MS of the lab's end, is `{available: false, reason: 'api_error'}`.
 */
export function startFieldLookup(
  lookup: FieldLookup,
  url: string,
  device: 'mobile' | 'desktop',
  log: Logger,
  waitAfterLabMs = FIELD_WAIT_AFTER_LAB_MS,
): { settle(labVitals: Partial<Record<string, number | null>>): Promise<FieldData> } {
  const answer = lookup(url, device).catch((error: unknown) => {
    const err = error instanceof Error ? error : new Error(String(error));
    log.warn({ err: { name: err.name, message: withoutKey(err.message) } }, 'field data lookup failed');
    return API_ERROR;
  });
  return {
    async settle(labVitals) {
      const timer = new AbortController();
      // Aborted once the race is over: the sleep's rejection then only ends the timer.
      const late = sleep(waitAfterLabMs, 'late' as const, { signal: timer.signal }).catch(() => 'late' as const);
      const first = await Promise.race([answer, late]);
      timer.abort();
      if (first === 'late') {
        log.warn({ waitAfterLabMs }, 'field data not answered in time');
        return fieldOf(API_ERROR, labVitals);
      }
      return fieldOf(first, labVitals);
    },
  };
}
