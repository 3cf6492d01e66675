import { PageprobeError, retryAfter } from './errors.ts';
import type { PageprobeClient } from './client.ts';
import type { Deploy, Test } from './types.ts';

export interface WaitOptions {
  /** Give up after this long (a PageprobeError with code `wait_timeout`); 10 minutes by default. */
  timeoutMs?: number;
  /** Called after each look, with the test as it is and the time waited so far. */
  onProgress?: (test: Test, elapsedMs: number) => void;
  /** Stops waiting (the promise rejects with the signal's reason). */
  signal?: AbortSignal;
  /** The wait between looks when the API gives no Retry-After hint; 2 s by default. */
  intervalMs?: number;
}

const finished = (t: Test) => t.status === 'completed' || t.status === 'failed';

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });
}

/**
 * Polls a test politely until it finishes: as often as the API's Retry-After hint says (or every
 * `intervalMs`), but at least every `intervalMs` or a tenth of the time waited, so the end is seen within
 * about 2 s; after a 429, as long as its Retry-After says, so a wait never burns the read limit.
 */
export async function waitForTest(client: PageprobeClient, testId: string, opts: WaitOptions = {}): Promise<Test> {
  const started = Date.now();
  const deadline = started + (opts.timeoutMs ?? 600_000);
  const interval = opts.intervalMs ?? 2000;
  for (;;) {
    let waitMs = interval;
    try {
      const { data: test, headers } = await client.getTestAnswer(testId);
      opts.onProgress?.(test, Date.now() - started);
      if (finished(test)) return test;
      // The API's hint, but never more than about 2 s or a tenth of the time waited: a test that ends
      // early (a failure, a fast page) is seen promptly even from a server whose hint is longer.
      const hint = retryAfter(headers);
      if (hint) waitMs = Math.min(hint * 1000, Math.max(interval, (Date.now() - started) / 10));
    } catch (error) {
      if (!(error instanceof PageprobeError) || error.code !== 'rate_limited') throw error;
      waitMs = (error.retryAfterSeconds ?? interval / 1000) * 1000;
    }
    const left = deadline - Date.now();
    if (left <= 0) {
      throw new PageprobeError(
        0,
        { code: 'wait_timeout', detail: `The test did not finish in ${opts.timeoutMs ?? 600_000} ms.` },
        null,
      );
    }
    await sleep(Math.min(waitMs, left), opts.signal);
  }
}

/**
 * Polls a deploy (issue 62) until its verdict: every `intervalMs` (5 s by default: the verdict waits on
 * whole runs), or as long as a 429's Retry-After says. Resolves with the deploy once it is not `checking`.
 */
export interface DeployWaitOptions extends Omit<WaitOptions, 'onProgress'> {
  onProgress?: (deploy: Deploy, elapsedMs: number) => void;
}

export async function waitForDeploy(
  client: PageprobeClient,
  deployId: string,
  opts: DeployWaitOptions = {},
): Promise<Deploy> {
  const started = Date.now();
  const timeoutMs = opts.timeoutMs ?? 1_800_000;
  const interval = opts.intervalMs ?? 5000;
  for (;;) {
    let waitMs = interval;
    try {
      const deploy = await client.deploys.get(deployId);
      opts.onProgress?.(deploy, Date.now() - started);
      if (deploy.status !== 'checking') return deploy;
    } catch (error) {
      if (!(error instanceof PageprobeError) || error.code !== 'rate_limited') throw error;
      waitMs = (error.retryAfterSeconds ?? interval / 1000) * 1000;
    }
    const left = started + timeoutMs - Date.now();
    if (left <= 0) {
      throw new PageprobeError(
        0,
        { code: 'wait_timeout', detail: `The deploy's checks did not finish in ${timeoutMs} ms.` },
        null,
      );
    }
    await sleep(Math.min(waitMs, left), opts.signal);
  }
}
