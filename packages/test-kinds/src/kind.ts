import type { KeyRules } from './assertions/assertions.ts';
import type { Comparison } from './compare/delta.ts';
import type { MonitorKind } from './monitor/monitor-kind.ts';
import type { z } from 'zod';
import type { ReportView } from './report/report-test.ts';
import type { KindTarget } from './target/kind-target.ts';

export type Plan = 'free' | 'pro';

/** A worker setting a kind reads from the environment, with its default (the worker's config schema is built from these). */
export interface KindSetting<Variable extends string = string> {
  variable: Variable;
  default: number;
  min: number;
  max?: number;
}

/**
 * Everything the service knows about one kind of test, in one place. The API, the job catalog, the
 * reports, the OpenAPI document and the infra checks iterate the registered kinds instead of branching
 * on a type string. This part is cheap to import (zod and the report view); the runner, which needs the
 * browser or the network, is a package of its own in the kind's `runner/` folder, loaded only by a worker.
 * Every kind of test is also a kind of monitor (MonitorKind): its name (the API's `type`), title, what its
 * monitors schedule, plot and alert on (issue 16), and the codes its tests fail with, in plain words.
 */
export interface TestKind<
  Name extends string = string,
  Concurrency extends string = string,
  Budget extends string = string,
> extends MonitorKind<Name> {
  /** Whether `device` changes how it runs (shown in the report). */
  usesDevice: boolean;
  /** Its BullMQ queue: a wire contract between deployed versions, never renamed. Tries include the first. */
  job: { queue: string; attempts: number };
  /** Credits one run costs on each plan; a test of `runs` runs costs `runs` times this. */
  cost: Record<Plan, number>;
  /**
   * How many runs one test may ask for (`runs`, issue 15): they go in sequence and the test reports its
   * representative run. 1 where repeating adds nothing (a crawl, an uptime check).
   */
  maxRuns: number;
  /**
   * Tests of this kind one team may have running at once, by plan; the team's others wait their turn in
   * the queue while other teams' tests start (issue 22: one team cannot fill the workers).
   */
  inFlight: Record<Plan, number>;
  /** A plan on which the kind is rate-limited per rolling window instead of metered (CONTRACT.md). */
  allowance?: { plan: Plan; windowSeconds: number };
  /** Tests a worker runs at once, and the whole test's time budget (what a pod's grace period must cover). */
  concurrency: KindSetting<Concurrency>;
  budget: KindSetting<Budget> & {
    /** Time past the budget a run may still take to wind down (uploads, the crawl's last requests). */ slackMs: number;
  };
  /** The `result` (and `audits`) a completed test stores; the OpenAPI document is generated from these. */
  result: z.ZodType;
  audits: z.ZodType;
  /** The assertion keys the kind knows (issue 15), in Lighthouse CI's syntax. */
  assertionRules: KeyRules;
  /** How long one run usually takes, in seconds: the Retry-After hint an unfinished test's GET gives. */
  typicalSeconds: number;
  /** Request fields only this kind takes (issue 18: lighthouse's settings); others answer 400 for them. */
  options: readonly string[];
  /** Checks a request's `steps` for a kind that takes them (a problem naming the step, or null). */
  checkSteps?: (steps: Array<{ type: string; expect?: unknown }>) => { path: string; message: string } | null;
  /** Checks the kind's own request fields beyond what the document says (a problem naming the field, or null). */
  checkOptions?: (input: Record<string, unknown>, url: string) => { path: string; message: string } | null;
  /** What its `url` takes (issue 47: a page, `tcp://host:port`, a DNS URI): read, stored and checked through it. */
  target: KindTarget;
  /** How two finished tests of this kind compare (issue 15: GET /tests/{id}/compare/{base_id}). */
  comparison: Comparison;
  /** The report body of a completed test. */
  report: ReportView;
}

export const defineKind = <const Name extends string, const C extends string, const B extends string>(
  kind: TestKind<Name, C, B>,
): TestKind<Name, C, B> => Object.freeze(kind);
