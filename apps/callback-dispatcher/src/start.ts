import { isDatabaseUnavailable } from '@pageprobe/db';
import { atLocation, jobs, liveLocations, openTestQueues, startWorker, testTypes } from '@pageprobe/jobs';
import {
  checkDeploys,
  ensureTickScheduler,
  historyBackfill,
  removeLegacySchedulers,
  runHeartbeatTick,
  runMonitor,
  runTick,
  sweepLostRuns,
} from '@pageprobe/monitors';
import type { LogDestination } from '@pageprobe/logger';
import { sweepRumAlerts } from '@pageprobe/rum';
import { callbackOutcomes } from '@pageprobe/ops';
import {
  dropOldQuotaUsage,
  enqueueDeliveries,
  partitionUpkeep,
  refreshMaintenanceOccurrences,
  sweepExpiredIdempotencyKeys,
  sweepPendingDeliveries,
  sweepMaintenanceNotices,
  sweepQueuedTests,
  waitOutDatabaseOutage,
} from '@pageprobe/test-lifecycle';
import { type RunningWorkerHost, startWorkerHost } from '@pageprobe/worker-host';
import { keyringOf } from '@pageprobe/secrets';
import { alertRetryDelay, smtpMailer } from '@pageprobe/alert-channels';
import type { DispatcherConfig } from './config.ts';
import { deliverAlert } from './deliver-alert.ts';
import { deliverCallback, RetryableDeliveryError } from './deliver-callback.ts';
import { deliveryStore } from './delivery-store.ts';
import { sendMonthlyReports } from './monthly-reports.ts';

/**
 * The callback dispatcher: callbacks and alerts delivered, monitors' ticks and runs, and the sweeps and
 * housekeeping for every kind; `close` stops it gracefully.
 */
export function start(
  config: DispatcherConfig,
  { logDestination }: { logDestination?: LogDestination } = {},
): Promise<RunningWorkerHost> {
  // The monitoring partitions' upkeep, at most every 10 minutes in this process.
  const upkeepPartitions = partitionUpkeep();
  const backfillHistory = historyBackfill();
  // The monthly uptime reports' sender (issue 58): the alerts' SMTP server, outside any delivery's job.
  const reportMailer = config.SMTP_URL
    ? smtpMailer(config.SMTP_URL, config.SMTP_FROM, config.CALLBACK_TIMEOUT_MS)
    : null;
  return startWorkerHost({
    app: 'callback-dispatcher',
    config,
    logDestination,
    poolSize: 20,
    consumes: [jobs.callback, jobs.monitorRun, jobs.monitorTick],
    describe: { concurrency: config.CALLBACK_CONCURRENCY },
    start: ({ pool, db, logger, queue, ops, queueFor, connection }) => {
      const outcomes = callbackOutcomes(ops.registry);
      const deps = {
        store: deliveryStore(pool),
        logger,
        onAttempt: (outcome: string) => outcomes.inc({ outcome }),
        timeoutMs: config.CALLBACK_TIMEOUT_MS,
        retryDelayMs: config.CALLBACK_RETRY_DELAY_MS,
        allowPrivate: config.ALLOW_PRIVATE_TARGETS,
        // Callbacks and alerts leave from SOURCE_ADDRESS when it is set.
        localAddress: config.SOURCE_ADDRESS,
      };
      const callbacks = queueFor(jobs.callback);
      const alertDeps = {
        ...deps,
        db,
        keyring: keyringOf(config),
        publicBaseUrl: config.PUBLIC_BASE_URL,
        // How often a message behind one still being retried looks again: soon after that one ends.
        orderWaitMs: Math.min(config.ALERT_RETRY_BASE_MS, 5_000),
        send: {
          timeoutMs: deps.timeoutMs,
          allowPrivate: deps.allowPrivate,
          localAddress: deps.localAddress,
          pagerDutyUrl: config.PAGERDUTY_EVENTS_URL,
          mailer: config.SMTP_URL ? smtpMailer(config.SMTP_URL, config.SMTP_FROM, config.CALLBACK_TIMEOUT_MS) : null,
        },
        enqueue: (deliveries: Array<{ id: string; channelId: string | null }>) =>
          enqueueDeliveries(callbacks, deliveries, (error) =>
            logger.warn({ err: error }, 'notice enqueue failed; the sweeper will retry'),
          ),
      };
      // Test callbacks and alerts to channels share the queue; the job's name tells them apart.
      const worker = startWorker(
        jobs.callback,
        queue,
        // A delivery whose outcome cannot be recorded because PostgreSQL is away keeps its tries for later:
        // a job that spent them ends its delivery failed (the sweeper's rule), which an outage must not do.
        ({ deliveryId }, job) =>
          (job.name === jobs.alert.name
            ? deliverAlert(alertDeps, deliveryId, job)
            : deliverCallback(deps, deliveryId, job)
          ).catch((error: unknown) => waitOutDatabaseOutage(db, job, error, logger)),
        {
          concurrency: config.CALLBACK_CONCURRENCY,
          // A dispatcher killed mid-attempt loses the job to another once this lock runs out.
          lockDuration: config.JOB_LOCK_MS,
          stalledInterval: config.JOB_LOCK_MS,
          settings: {
            // A callback's one retry comes CALLBACK_RETRY_DELAY_MS after its first attempt ended (the
            // attempt says when: retryAt); an alert's tries back off from ALERT_RETRY_BASE_MS, or wait out
            // a 429's Retry-After.
            backoffStrategy: (attemptsMade, _type, error, job) =>
              job?.name === jobs.alert.name
                ? alertRetryDelay(
                    attemptsMade,
                    config.ALERT_RETRY_BASE_MS,
                    error instanceof RetryableDeliveryError ? error.retryAfterMs : null,
                  )
                : error instanceof RetryableDeliveryError && error.retryAt !== null
                  ? Math.max(0, error.retryAt - Date.now())
                  : config.CALLBACK_RETRY_DELAY_MS,
          },
        },
      );
      // A delivery whose job died with its dispatchers more often than BullMQ allows is over: say so.
      worker.on('failed', (job, error) => {
        if (!job || !/stalled/.test(error.message)) return;
        db.callbackDelivery
          .updateMany({
            where: { id: job.data.deliveryId, state: 'pending' },
            data: { state: 'failed', finishedAt: new Date() },
          })
          .catch((e: unknown) => logger.error({ err: e }, 'could not fail a stalled delivery'));
      });
      // Monitors' due runs (issue 29): the tick claims them; uptime checks go to the uptime workers, other
      // kinds' runs come back here to become ordinary tests, queued for their kind's workers. Heartbeats
      // (issue 47) ride the same tick: their stored pings are applied, and the late ones claimed.
      const heartbeatDeps = {
        db,
        callbacks,
        publicBaseUrl: config.PUBLIC_BASE_URL,
        dashboardBaseUrl: config.DASHBOARD_BASE_URL,
        logger,
      };
      let tickOutageLoggedAt = 0;
      const ticks = startWorker(
        jobs.monitorTick,
        queue,
        async () => {
          const [{ skipped }] = await Promise.all([
            runTick({
              pool,
              monitorChecks: (location) => queueFor(atLocation(jobs.monitorChecks, location)),
              monitorRuns: queueFor(jobs.monitorRun),
            }),
            runHeartbeatTick(heartbeatDeps),
          ]).catch((error: unknown) => {
            // PostgreSQL failing over: this tick claims nothing (its transaction rolled back, or never
            // began) and the next one, a quarter second on, tries again; no failed job, one line a while.
            if (!isDatabaseUnavailable(error)) throw error;
            if (Date.now() - tickOutageLoggedAt > 10_000) {
              tickOutageLoggedAt = Date.now();
              logger.warn({ err: error }, 'monitor tick: database unavailable; ticking on');
            }
            return [{ skipped: 0 }];
          });
          if (skipped) logger.info({ skipped }, 'monitor slots skipped: their runs before were still in flight');
        },
        { concurrency: 1 },
      );
      const testQueues = openTestQueues(queue, queueFor);
      const monitorDeps = {
        db,
        logger,
        callbacks,
        publicBaseUrl: config.PUBLIC_BASE_URL,
        dashboardBaseUrl: config.DASHBOARD_BASE_URL,
        accept: {
          db,
          pool,
          testQueue: testQueues.at,
          // A monitor's run goes to those of its locations that are live now (runMonitor).
          liveLocations: () => liveLocations(connection, config.QUEUE_PREFIX),
          queuesReady: () => true,
          logger,
          allowPrivateTargets: config.ALLOW_PRIVATE_TARGETS,
          enabledTypes: testTypes,
          allowanceLimit: config.FREE_LIGHTHOUSE_PER_HOUR,
          // A monitor's run copies the monitor's sealed secrets as they are: no key needed here.
          secretsKey: null,
        },
      };
      const monitors = startWorker(jobs.monitorRun, queue, async ({ monitorId }, job) => {
        const result = await runMonitor(monitorDeps, monitorId).catch((error: unknown) =>
          waitOutDatabaseOutage(db, job, error, logger),
        );
        logger.debug({ monitorId, result }, 'monitor run');
      });
      return [worker, ticks, monitors];
    },
    // The dispatcher always runs, so it sweeps for every kind and keeps monitors' schedules in Redis: browser workers scale to zero when their
    // queue is idle, and a test whose job was lost must still reach its queue to wake one. Housekeeping
    // rides along: one place for it, whichever replica gets there first.
    sweep: (host) => {
      // Jobs Redis no longer had (a failover, or data gone): worth an operator's notice, and counted by the
      // failover suite (test/failover).
      const lost = (kind: string) => (count: number) =>
        count > 0 && host.logger.warn({ jobs: count, kind }, 'sweeper re-added jobs Redis had lost');
      const testQueues = openTestQueues(host.queue, host.queueFor);
      return Promise.all([
        sweepPendingDeliveries(host.db, host.queueFor(jobs.callback), config.SWEEP_QUEUED_AFTER_MS).then(
          lost('delivery'),
        ),
        sweepQueuedTests(host.db, testTypes, testQueues.at, config.SWEEP_QUEUED_AFTER_MS).then(lost('test')),
        // Monitors' check batches Redis lost: their slots counted skipped, the monitors running again.
        sweepLostRuns(
          host.pool,
          (location) => host.queueFor(atLocation(jobs.monitorChecks, location)),
          config.SWEEP_QUEUED_AFTER_MS,
        ).then(
          (count) => count > 0 && host.logger.warn({ monitors: count }, 'monitor runs Redis had lost: counted skipped'),
        ),
        sweepExpiredIdempotencyKeys(host.db),
        dropOldQuotaUsage(host.db),
        // The tick's scheduler (back after Redis lost it), the monitoring tables' partitions ahead of time,
        // the end of those past retention, and monitors' history from before issue 29 carried over.
        ensureTickScheduler(host.pool, host.queueFor(jobs.monitorTick)),
        removeLegacySchedulers(host.queueFor(jobs.monitorRun)),
        upkeepPartitions(host.pool),
        backfillHistory(host.db, host.pool),
        // Maintenance windows' occurrences ahead of time: no read expands a rule (issue 44).
        refreshMaintenanceOccurrences(host.db, host.logger),
        // Members who asked for it mailed last month's uptime report of their team (issue 58), once.
        sendMonthlyReports({
          db: host.db,
          mailer: reportMailer,
          logger: host.logger,
          dashboardBaseUrl: config.DASHBOARD_BASE_URL,
        }),
        // Status pages' subscribers told of maintenance starting and ending (issue 58), once each.
        sweepMaintenanceNotices(host.db, config.PUBLIC_BASE_URL).then((deliveries) =>
          enqueueDeliveries(host.queueFor(jobs.callback), deliveries, (error) =>
            host.logger.warn({ err: error }, 'maintenance notice enqueue failed; the sweeper will retry'),
          ),
        ),
        // Deploys whose monitors have run (issue 62): their verdicts, and deploy.checked to their channels.
        checkDeploys(host.db, {
          publicBaseUrl: config.PUBLIC_BASE_URL,
          dashboardBaseUrl: config.DASHBOARD_BASE_URL,
        }).then((deliveries) =>
          enqueueDeliveries(host.queueFor(jobs.callback), deliveries, (error) =>
            host.logger.warn({ err: error }, 'deploy.checked enqueue failed; the sweeper will retry'),
          ),
        ),
        // Real users' figures (issue 61): each site's p75s over its window, rum.regressed and rum.recovered.
        sweepRumAlerts(host.db, {
          dashboardBaseUrl: config.DASHBOARD_BASE_URL,
          intervalMs: config.RUM_ALERT_INTERVAL_MS,
        }).then((deliveries) =>
          enqueueDeliveries(host.queueFor(jobs.callback), deliveries, (error) =>
            host.logger.warn({ err: error }, 'rum alert enqueue failed; the sweeper will retry'),
          ),
        ),
      ]);
    },
  });
}
