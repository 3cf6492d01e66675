import type { BrowserPool } from '@pageprobe/browser';
import type { Test } from '@pageprobe/db';
import type { Outcome, RunContext } from '@pageprobe/test-kinds';

export interface BrowserTestDeps {
  browsers: BrowserPool;
  allowPrivate: boolean;
  allowTargets: string[];
  localAddress: string | undefined;
  timeoutMs: number;
}

/** One browser check (being written). */
export async function runBrowserTest(_test: Test, _deps: BrowserTestDeps, _ctx: RunContext): Promise<Outcome> {
  throw new Error('browser checks are not ready yet');
}
