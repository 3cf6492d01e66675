import { atLocation, openTestQueues, type TestQueues, type TestType, testJobFor } from '@pageprobe/jobs';
import { keyringOf } from '@pageprobe/secrets';
import { createStorage, type Storage, type StorageConfig } from '@pageprobe/storage';
import { claimTest, ensureCurrentPartitions, startTestWorker, sweepQueuedTests } from '@pageprobe/test-lifecycle';
import type { TestHostConfig } from './host-env.ts';
import { callbackQueue, type RunningWorkerHost, startWorkerHost, type WorkerHost } from './host.ts';
import type { KindRunner } from './runner.ts';
import type { Worker } from 'bullmq';
import type { LogDestination } from '@pageprobe/logger';
import { storeArtifacts } from './store-artifacts.ts';
import { sweepExpiredArtifacts } from './sweep-artifacts.ts';
import { loadSecrets, unreadableSecrets } from './test-secrets.ts';
import { type Filled, fillTeamValues, missingValue, redactOutcome } from './template-values.ts';
import type { Test } from '@pageprobe/db';

export interface TestWorkerHostOptions {
  app: string;
  /** With the S3 settings when the kinds store artifacts. */
  config: TestHostConfig & Partial<StorageConfig>;
  poolSize: number;
  runners: KindRunner[];
  describe?: Record<string, unknown>;
  /** Once the host is up (to add metrics of the app's own). */
  onReady?(host: WorkerHost): void;
  /** After every runner's tests ended: what the app opened for them (a browser). */
  close?(): Promise<void>;
  /** Workers of the app's own beside the kinds' (the uptime worker's monitor checks), and their queues. */
  also?: { consumes: Array<{ queue: string }>; start(host: WorkerHost): Worker[] };
  /** Where its log lines go (stdout unless told). */
  logDestination?: LogDestination;
}

const NIL_UUID = '00000000-0000-0000-0000-000000000000';

const hasStorage = (config: Partial<StorageConfig>): config is StorageConfig => config.S3_ENDPOINT !== undefined;

/**
 * A process that runs tests of the given kinds: the host, one BullMQ worker per kind (claim, run,
 * finish with refund and callback outbox), and the sweeper for those kinds' queued tests (and, with
 * S3 settings, for expired artifacts).
 */
export async function startTestWorkerHost(options: TestWorkerHostOptions): Promise<RunningWorkerHost> {
  const { config, runners } = options;
  let storage: Storage | undefined;
  if (hasStorage(config)) {
    storage = createStorage(config);
    await storage.ensureBucket();
  }
  const keyring = keyringOf(config);
  const typeOf = (runner: KindRunner) => runner.kind.name as TestType;
  const where = { id: config.LOCATION, name: config.LOCATION_NAME ?? config.LOCATION };
  // This location's queue of each kind (issue 32).
  const defs = runners.map((r) => atLocation(testJobFor(typeOf(r)), where.id));
  let testQueues: TestQueues;
  const host = await startWorkerHost({
    app: options.app,
    config,
    poolSize: options.poolSize,
    consumes: [...defs, ...(options.also?.consumes ?? []).map((def) => atLocation(def, where.id))],
    kinds: runners.map(typeOf),
    describe: { kinds: runners.map((r) => r.kind.name), ...options.describe },
    logDestination: options.logDestination,
    prepare: async (host) => {
      testQueues = openTestQueues(host.queue, host.queueFor);
      // Prisma compiles a query on its first use (a fifth of a second for the claim): let that be now,
      // not in the first test. No test has the nil id, so nothing is claimed. (PostgreSQL down: later.)
      await Promise.all(runners.map((r) => claimTest(host.db, NIL_UUID, r.kind.inFlight))).catch(() => {});
      // A monitor's run writes its rollups: their partitions must exist even before a dispatcher made them.
      await ensureCurrentPartitions(host.pool).catch((error: unknown) =>
        host.logger.warn({ err: error }, 'could not make the monitoring partitions'),
      );
      const facts = {};
      for (const runner of runners) {
        try {
          Object.assign(facts, await runner.warmUp?.(host.logger));
        } catch (error) {
          // Not fatal: the tests would meet the same fault and report it; the worker still serves the others.
          host.logger.warn({ err: error, kind: runner.kind.name }, 'warm-up failed');
        }
      }
      return facts;
    },
    start: (host) => {
      const lifecycle = {
        db: host.db,
        callbacks: callbackQueue(host),
        publicBaseUrl: config.PUBLIC_BASE_URL,
        dashboardBaseUrl: config.DASHBOARD_BASE_URL,
        onEnqueueError: (e: unknown) => host.logger.warn({ err: e }, 'callback enqueue failed'),
      };
      const kindWorkers = runners.map((runner) =>
        startTestWorker({
          type: typeOf(runner),
          queue: host.queue,
          logger: host.logger,
          lockMs: config.JOB_LOCK_MS,
          concurrency: runner.concurrency,
          inFlight: runner.kind.inFlight,
          lifecycle,
          location: where,
          onFinished: (type, status, seconds) => host.ops.testFinished(type, status, seconds),
          run: async (test, log) => {
            let secrets: Awaited<ReturnType<typeof loadSecrets>>;
            try {
              secrets = await loadSecrets(host.db, keyring, test);
            } catch (error) {
              const outcome = unreadableSecrets(error);
              if (!outcome) throw error;
              log.error({ err: error }, 'test secrets cannot be opened with any key of the ring');
              return outcome;
            }
            // The team's {{vars.X}} and {{secrets.X}}, read now (a value replaced since the last run is
            // this run's); nothing is read for a test that names none.
            let filled: Filled<{ url: string; options: Test['options']; secrets: typeof secrets }>;
            try {
              filled = await fillTeamValues(host.db, keyring, test.teamId, {
                url: test.url,
                options: test.options,
                secrets,
              });
            } catch (error) {
              const outcome = missingValue(error) ?? unreadableSecrets(error);
              if (!outcome) throw error;
              log.warn(
                { code: outcome.status === 'failed' ? outcome.error.code : null },
                'team values missing or unreadable',
              );
              return outcome;
            }
            const { redact } = filled;
            // A browser journey's steps are filled as each is done (runJourney), so their labels in the
            // result show the placeholder, never a value a label cut short would leave half-redacted.
            const steps = (test.options as { steps?: unknown } | null)?.steps;
            const options = steps !== undefined ? { ...(filled.value.options as object), steps } : filled.value.options;
            const filledTest = { ...test, url: filled.value.url, options: options as Test['options'] };
            const outcome = await runner
              .run(filledTest, {
                log,
                secrets: filled.value.secrets,
                redact,
                fill: filled.fill,
                storeArtifacts: async (artifacts) => {
                  // From several locations, the first asked keeps the test's artifacts (docs/locations.md).
                  if (test.locations?.length && test.locations[0] !== where.id) return;
                  if (!storage)
                    throw new Error(`${runner.kind.name} stores artifacts, but this worker has no S3 settings`);
                  return storeArtifacts(host.db, storage, test.id, artifacts);
                },
              })
              .catch((error: unknown) => {
                // Our fault, retried, then stored as the test's error: without the secrets it was given.
                if (error instanceof Error) error.message = redact(error.message);
                throw error;
              });
            return redactOutcome(outcome, redact);
          },
        }),
      );
      return [...kindWorkers, ...(options.also?.start(host) ?? [])];
    },
    sweep: async (host) => {
      const lost = await sweepQueuedTests(host.db, runners.map(typeOf), testQueues.at, config.SWEEP_QUEUED_AFTER_MS);
      // Redis lost them (a failover, or data gone): worth an operator's notice, and counted by the failover suite.
      if (lost > 0) host.logger.warn({ jobs: lost, kind: 'test' }, 'sweeper re-added jobs Redis had lost');
      // Processes with S3 settings also delete expired artifacts (issue 29), after the tests' own work.
      if (storage) {
        const swept = await sweepExpiredArtifacts(host.db, storage);
        if (swept.tests > 0) host.logger.info(swept, 'expired artifacts deleted');
      }
    },
    close: async () => {
      await Promise.all(runners.map((r) => r.close?.()));
      await options.close?.();
      storage?.close();
    },
  });
  options.onReady?.(host);
  return host;
}
