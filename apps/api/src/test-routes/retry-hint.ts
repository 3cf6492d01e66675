import type { Test } from '@pageprobe/db';
import { kindNamed } from '@pageprobe/test-kinds';

/** The hint's bounds: never "now", never long enough to miss a finish by much. */
const MIN_SECONDS = 1;
const MAX_SECONDS = 30;
/**
 * However long a kind usually takes, a test may end early (a failure, a fast page): a poller following
 * the hint must see the end within about 2 s, or a tenth of the time it has waited (issue 33: a failed
 * test was seen 18 s late, the hint having said its kind's 20 s).
 */
const PROMPT_SECONDS = 2;
const PROMPT_SHARE = 0.1;

/**
 * Seconds until an unfinished test is worth another look (Retry-After on its GET): what its kind usually
 * takes (per run), less what it has run already, but never more than 2 s or a tenth of the time since it
 * was asked for; null once it has finished. A client polling by it spends a handful of its 60 reads a
 * minute on a test rather than dozens, and sees its end promptly.
 */
export function retryHint(
  test: Pick<Test, 'type' | 'status' | 'runCount' | 'startedAt' | 'createdAt'>,
  now = Date.now(),
): number | null {
  if (test.status === 'completed' || test.status === 'failed') return null;
  const typical = kindNamed(test.type).typicalSeconds * test.runCount;
  const ran = test.status === 'running' && test.startedAt ? (now - test.startedAt.getTime()) / 1000 : 0;
  const prompt = Math.max(PROMPT_SECONDS, (PROMPT_SHARE * (now - test.createdAt.getTime())) / 1000);
  return Math.min(MAX_SECONDS, Math.max(MIN_SECONDS, Math.ceil(Math.min(typical - ran, prompt))));
}
