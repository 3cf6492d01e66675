import type { Test } from '@pageprobe/db';
import type { Logger } from '@pageprobe/logger';
import type { RequestSecrets, TestKind } from '@pageprobe/test-kinds';
import type { Outcome } from '@pageprobe/test-lifecycle';
import type { ArtifactUpload } from './store-artifacts.ts';

/** What a run gets from the host besides the test. */
export interface RunContext {
  log: Logger;
  /** The test's secret request values (headers, cookies, basic auth), opened for this run; null without any. */
  secrets: RequestSecrets | null;
  /** Uploads under the test's prefix and records the rows (a retried run replaces an earlier attempt's). */
  storeArtifacts(artifacts: ArtifactUpload[]): Promise<void>;
}

/**
 * A kind's runner, as a worker process hosts it. `run` returns `failed` when the target is at fault (no
 * refund) and throws when we are (the job is retried; after the last try the test fails with its credit back).
 */
export interface KindRunner {
  kind: TestKind;
  /** Tests of this kind the process runs at once. */
  concurrency: number;
  run(test: Test, ctx: RunContext): Promise<Outcome>;
  /**
   * One throwaway pass before the process takes tests (a browser launched, code loaded and compiled), so
   * the first real test is not the slow, noisy one. Resolves with what it did, for the ready line.
   */
  warmUp?(log: Logger): Promise<Record<string, unknown>>;
  /** Called once the process has stopped taking and finishing tests (closes a browser). */
  close?(): Promise<void>;
}
