import type { Test } from '@pageprobe/db';
import { kindNamed } from '@pageprobe/test-kinds';

/** The hint's bounds: never "now", never long enough to miss a finish by much. */
const MIN_SECONDS = 1;
const MAX_SECONDS = 30;

/**
 * Seconds until an unfinished test is worth another look (Retry-After on its GET): what its kind usually
 * takes (per run), less what it has run already; null once it has finished. A client polling by it
 * spends a handful of its 60 reads a minute on a test rather than dozens.
 */
export function retryHint(
  test: Pick<Test, 'type' | 'status' | 'runCount' | 'startedAt'>,
  now = Date.now(),
): number | null {
  if (test.status === 'completed' || test.status === 'failed') return null;
  const typical = kindNamed(test.type).typicalSeconds * test.runCount;
  const ran = test.status === 'running' && test.startedAt ? (now - test.startedAt.getTime()) / 1000 : 0;
  return Math.min(MAX_SECONDS, Math.max(MIN_SECONDS, Math.ceil(typical - ran)));
}
