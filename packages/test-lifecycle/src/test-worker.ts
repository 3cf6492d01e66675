import type { Plan, Test, TestType } from '@pageprobe/db';
import { atLocation, type JobInfo, type QueueContext, startWorker, testJobFor } from '@pageprobe/jobs';
import type { Logger } from '@pageprobe/logger';
import type { Outcome } from '@pageprobe/test-kinds';
import type { Worker } from 'bullmq';
import { waitOutDatabaseOutage } from './database-outage.ts';
import { finishAtLocation, type Where } from './locations/finish-at-location.ts';
import { claimTest, finishTest, type LifecycleDeps, type Verdict, verdictFor } from './transitions.ts';

export interface TestWorkerOptions {
  type: TestType;
  queue: QueueContext;
  lifecycle: LifecycleDeps;
  logger: Logger;
  /** Where this worker is (issue 32): it takes the tests queued for this location. */
  location: Where;
  concurrency: number;
  /** BullMQ lock duration; a killed worker's job is taken up again once its lock runs out. */
  lockMs?: number;
  /**
   * Runs one test. Returns the outcome, including `failed` for faults of the target (a DNS failure,
   * a broken page): no refund then. Throws for faults of ours: the job is retried, and after the last
   * attempt the test fails with `internal_error` and its credit back.
   */
  run: (test: Test, log: Logger) => Promise<Outcome>;
  /** Tests of this type one team may run at once, by plan (the kind's `inFlight`); unset, no limit. */
  inFlight?: Record<Plan, number>;
  /** Told of every test this worker finished (for metrics). */
  onFinished?: (type: TestType, status: Outcome['status'], seconds: number) => void;
}

/** How long a test of a team at its in-flight limit waits before it is looked at again. */
const TURN_DELAY_MS = 1_000;
const serviceFailure = (message: string): Outcome => ({
  status: 'failed',
  error: { code: 'internal_error', message },
  refund: true,
});

export function startTestWorker(options: TestWorkerOptions): Worker {
  const { type, queue, lifecycle, logger } = options;
  const def = atLocation(testJobFor(type), options.location.id);
  // A test that lists locations records this location's entry; one that does not simply ends.
  const finish = (test: Pick<Test, 'id' | 'locations'>, outcome: Outcome, verdict: Verdict | null, at: Date) =>
    test.locations?.length
      ? finishAtLocation(lifecycle, test.id, options.location, outcome, at)
      : finishTest(lifecycle, test.id, outcome, verdict);

  async function runOnce(testId: string, job: JobInfo, log: Logger): Promise<void> {
    const test = await claimTest(lifecycle.db, testId, options.inFlight);
    if (test === 'busy') {
      log.debug('the team has its share of tests running; this one waits its turn');
      return job.waitTurn(TURN_DELAY_MS);
    }
    if (!test) return log.debug('test already finished; nothing to do');
    const started = performance.now();
    const startedAt = new Date();
    let outcome: Outcome;
    try {
      outcome = await options.run(test, log);
    } catch (error) {
      if (job.handedBack) return;
      log.error({ err: error }, 'test run failed');
      if (!job.isFinalAttempt) throw error;
      outcome = serviceFailure('The test could not be run because of an error on our side; its credit was refunded.');
    }
    // Handed back at shutdown: the test runs again in full elsewhere; this run's end is not its end.
    if (job.handedBack) return;
    if (await finish(test, outcome, verdictFor(test, outcome), startedAt))
      options.onFinished?.(type, outcome.status, (performance.now() - started) / 1000);
    log.info({ status: outcome.status }, 'test finished');
  }

  const worker = startWorker(
    def,
    queue,
    async ({ testId }, job) => {
      const log = logger.child({ testId, attempt: job.attemptsMade + 1 });
      try {
        await runOnce(testId, job, log);
      } catch (error) {
        return waitOutDatabaseOutage(lifecycle.db, job, error, log);
      }
    },
    {
      concurrency: options.concurrency,
      ...(options.lockMs ? { lockDuration: options.lockMs, stalledInterval: options.lockMs } : {}),
    },
  );
  // Jobs that never reach the handler's last attempt (stalled past the limit after worker crashes,
  // or an unparsable payload) still end their test, so nothing stays `running`.
  worker.on('failed', (job, error) => {
    if (!job) return;
    const exhausted = job.attemptsMade >= (job.opts.attempts ?? def.attempts) || error.name === 'UnrecoverableError';
    if (!exhausted || typeof job.data?.testId !== 'string') return;
    const failure = serviceFailure(`The test was stopped: ${error.message}`);
    finishAtLocation(lifecycle, job.data.testId, options.location, failure, new Date()).catch((e: unknown) =>
      logger.error({ err: e, testId: job.data.testId }, 'could not fail exhausted test'),
    );
  });
  worker.on('error', (error) => logger.warn({ err: error.message }, 'worker error'));
  return worker;
}
