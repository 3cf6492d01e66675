import type { BrowserPool } from '@pageprobe/browser';
import { kindNamed, type KindRunner } from '@pageprobe/test-kinds';
import { runBrowserTest } from './run-browser-test.ts';

export interface BrowserRunnerConfig {
  ALLOW_PRIVATE_TARGETS: boolean;
  ALLOW_TARGETS: string[];
  /** The local address the egress proxy's connections bind to (unset: the system chooses). */
  SOURCE_ADDRESS?: string | undefined;
  BROWSER_CHECK_CONCURRENCY: number;
  BROWSER_CHECK_TIMEOUT_MS: number;
}

/** Browser checks (issue 59) in the process's warm Chromium, a fresh context each. */
export function browserRunner(config: BrowserRunnerConfig, browsers: BrowserPool): KindRunner {
  const deps = {
    browsers,
    allowPrivate: config.ALLOW_PRIVATE_TARGETS,
    allowTargets: config.ALLOW_TARGETS,
    localAddress: config.SOURCE_ADDRESS,
    timeoutMs: config.BROWSER_CHECK_TIMEOUT_MS,
  };
  return {
    kind: kindNamed('browser'),
    concurrency: config.BROWSER_CHECK_CONCURRENCY,
    run: (test, ctx) => runBrowserTest(test, deps, ctx),
  };
}
