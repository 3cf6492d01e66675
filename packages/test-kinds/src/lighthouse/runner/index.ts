import type { BrowserPool } from '@pageprobe/browser';
import { kindNamed, type KindRunner } from '@pageprobe/test-kinds';
import type { FieldLookup } from './field-lookup.ts';
import { runLighthouseTest } from './run-lighthouse-test.ts';
import { warmUp } from './warm-up.ts';

export interface LighthouseRunnerConfig {
  ALLOW_PRIVATE_TARGETS: boolean;
  ALLOW_TARGETS: string[];
  /** The local address the egress proxy's connections bind to (unset: the system chooses). */
  SOURCE_ADDRESS?: string | undefined;
  LIGHTHOUSE_CONCURRENCY: number;
  LIGHTHOUSE_TIMEOUT_MS: number;
  LIGHTHOUSE_MAX_WAIT_MS: number;
  BROWSER_WARM_UP: boolean;
}

/**
 * Lighthouse runs in the process's warm Chromium (`browsers`), which the seo_crawl runner may share;
 * `field` asks CrUX for each test's field data (the warm-up's local page asks nothing).
 */
export function lighthouseRunner(
  config: LighthouseRunnerConfig,
  browsers: BrowserPool,
  { field }: { field?: FieldLookup } = {},
): KindRunner {
  const deps = {
    browsers,
    allowPrivate: config.ALLOW_PRIVATE_TARGETS,
    allowTargets: config.ALLOW_TARGETS,
    localAddress: config.SOURCE_ADDRESS,
    timeoutMs: config.LIGHTHOUSE_TIMEOUT_MS,
    maxWaitForLoadMs: config.LIGHTHOUSE_MAX_WAIT_MS,
  };
  return {
    kind: kindNamed('lighthouse'),
    concurrency: config.LIGHTHOUSE_CONCURRENCY,
    run: (test, ctx) => runLighthouseTest(test, { ...deps, field }, ctx),
    ...(config.BROWSER_WARM_UP ? { warmUp: (log) => warmUp(deps, log) } : {}),
  };
}

export type { FieldLookup } from './field-lookup.ts';
export { improvableAudits } from './summarise.ts';
export { structureScore } from './structure-score.ts';
