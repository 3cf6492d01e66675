// What a kind's runner gives and gets: the host (packages/worker-host) runs a runner; the runner knows only
// this contract, so a kind's folder depends on nothing above it.
import type { ArtifactKind, Prisma, Test } from '@pageprobe/db';
import type { Logger } from '@pageprobe/logger';
import type { Measure } from './assertions/assertions.ts';
import type { TestKind } from './kind.ts';
import type { RequestSecrets } from './request-options/request-options.ts';

/** How a run ended: its stored fields, or a failure (the target's fault, or ours with the credit back). */
export type Outcome =
  | {
      status: 'completed';
      fields: Pick<
        Prisma.TestUpdateInput,
        | 'performanceScore'
        | 'structureScore'
        | 'grade'
        | 'scores'
        | 'vitals'
        | 'audits'
        | 'seoIssues'
        | 'result'
        | 'runResults'
        | 'spread'
      >;
      /** Reads what the test's assertions are about from its runs (issue 15: the median of several). */
      measure?: Measure;
    }
  | {
      status: 'failed';
      error: { code: string; message: string };
      /** True when the service is at fault (crash, internal error): the credit goes back. */
      refund: boolean;
    };

/**
 * PostgreSQL refuses U+0000 in text and jsonb ("unsupported Unicode escape sequence"), and any string
 * may come from a target (a <title>, a sitemap's <loc>): every NUL becomes U+FFFD, through objects and
 * arrays, so a hostile page cannot turn a finished test into an internal error.
 */
export function withoutNul<T>(value: T): T {
  if (typeof value === 'string') return (value.includes('\0') ? value.replaceAll('\0', '\uFFFD') : value) as T;
  if (Array.isArray(value)) return value.map(withoutNul) as T;
  if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [withoutNul(k), withoutNul(v)])) as T;
  }
  return value;
}

/** An artifact a run stores (a screenshot, a trace), under the test's prefix in the bucket. */
export interface ArtifactUpload {
  kind: ArtifactKind;
  /** Its name under the test's prefix, e.g. `filmstrip/00-120ms.jpg`. */
  name: string;
  body: Buffer;
  contentType: string;
  timingMs: number | null;
}

/** What a run gets from the host besides the test. */
export interface RunContext {
  log: Logger;
  /** The test's secret request values (headers, cookies, basic auth), opened for this run; null without any. */
  secrets: RequestSecrets | null;
  /**
   * Replaces the values of the team secrets this run was given ({{secrets.X}}, issue 59) with
   * `[redacted]`: for what the runner keeps besides its outcome (a trace, a HAR). The host redacts the
   * outcome itself. The identity when the test names no secret.
   */
  redact?: (text: string) => string;
  /**
   * Fills the team's placeholders in a value with this run's values (a browser step, as it is done; the
   * host has filled the test's url, credentials and other options already). Absent: nothing to fill.
   */
  fill?: <V>(value: V) => V;
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
