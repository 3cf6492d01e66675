import type { Db, Monitor, Prisma } from '@pageprobe/db';
import type { Logger } from '@pageprobe/logger';
import {
  type AcceptDeps,
  acceptTest,
  enqueueDeliveries,
  KEY_REVOKED,
  majority,
  raiseAlert,
  TestRejected,
} from '@pageprobe/test-lifecycle';
import type { Queue } from 'bullmq';

export interface RunMonitorDeps {
  db: Db;
  accept: AcceptDeps;
  callbacks: Queue;
  publicBaseUrl: string;
  /** The dashboard's address with its path: alerts link to a monitor's page there. */
  dashboardBaseUrl: string;
  logger: Logger;
}

export type RunResult = 'started' | 'skipped' | 'paused';

/** What makes a monitor stop rather than try again at the next slot. */
const PAUSING: Record<string, string> = {
  insufficient_credits: 'out_of_credits',
  url_not_allowed: 'url_not_allowed',
};

/**
 * One claimed run of a lighthouse or seo_crawl monitor (the tick claimed its slot): an ordinary test with
 * `monitor_id`, spent and queued like any other; the test's end marks the run over. A run the team
 * cannot pay for pauses the monitor (monitor.paused, reason out_of_credits); one the free plan's hourly
 * allowance refuses is skipped, and the next slot tries again.
 */
export async function runMonitor(deps: RunMonitorDeps, monitorId: string): Promise<RunResult> {
  const result = await startRun(deps, monitorId);
  if (result !== 'started') await runEnded(deps.db, monitorId);
  return result;
}

async function startRun(deps: RunMonitorDeps, monitorId: string): Promise<RunResult> {
  const monitor = await deps.db.monitor.findFirst({
    where: { id: monitorId, status: 'active', deletedAt: null },
    include: { apiKey: { select: { revokedAt: true } } },
  });
  // Paused or deleted since its slot was claimed; a heartbeat is told, never run (issue 47).
  if (!monitor || monitor.type === 'heartbeat') return 'skipped';
  const { plan } = await deps.db.team.findUniqueOrThrow({ where: { id: monitor.teamId }, select: { plan: true } });
  // Revocation pauses a key's monitors in its own transaction; this catches one created meanwhile by an
  // API replica that still had the key cached, so a revoked key never spends the team's credits.
  if (monitor.apiKey?.revokedAt) {
    await pauseMonitor(deps, monitor, KEY_REVOKED.reason, KEY_REVOKED.message);
    return 'paused';
  }
  // From several locations (issue 32): those with a live worker of its kind now. One whose workers are
  // gone is not waited for (it does not count as a failure); with none live, the slot is skipped.
  let locations: string[] | undefined;
  if (monitor.locations?.length) {
    const live = (await deps.accept.liveLocations?.()) ?? [];
    locations = monitor.locations.filter((l) => live.some((x) => x.id === l && x.workers[monitor.type]));
    if (locations.length === 0) {
      deps.logger.info(
        { monitorId, locations: monitor.locations },
        'monitor run skipped: none of its locations is live',
      );
      return 'skipped';
    }
  }
  try {
    await acceptTest(
      deps.accept,
      { teamId: monitor.teamId, keyId: monitor.apiKeyId, plan },
      {
        url: monitor.url,
        type: monitor.type,
        device: monitor.device,
        runs: monitor.runCount,
        ...(monitor.assertions ? { assertions: monitor.assertions as Prisma.InputJsonObject } : {}),
        monitorId: monitor.id,
        ...(locations ? { locations, quorum: monitor.quorum ?? majority(monitor.locations.length) } : {}),
        // Its secrets stay sealed for the monitor; the worker opens them (the dispatcher has no key).
        fromMonitor: {
          options: (monitor.options as Prisma.InputJsonObject | null) ?? null,
          secrets: monitor.secrets ? { sealed: monitor.secrets, context: `monitor:${monitor.id}` } : null,
        },
      },
      undefined,
    );
    return 'started';
  } catch (error) {
    if (!(error instanceof TestRejected)) throw error;
    const reason = PAUSING[error.code];
    if (!reason) {
      if (error.code === 'service_unavailable') throw error;
      deps.logger.info({ monitorId, code: error.code }, 'monitor run skipped');
      return 'skipped';
    }
    await pauseMonitor(deps, monitor, reason, error.message);
    return 'paused';
  }
}

/** Clears a monitor's in-flight mark: its run ended without a test or check to record. */
export const runEnded = (db: Db, monitorId: string) =>
  db.monitor.updateMany({ where: { id: monitorId }, data: { runningSince: null } }).then(() => {});

export type PauseDeps = Pick<RunMonitorDeps, 'db' | 'callbacks' | 'publicBaseUrl' | 'dashboardBaseUrl' | 'logger'>;

/** Pauses a monitor that cannot go on (monitor.paused with the reason), unless it is paused already. */
export async function pauseMonitor(deps: PauseDeps, monitor: Monitor, reason: string, message: string): Promise<void> {
  const deliveries = await deps.db.$transaction(async (tx) => {
    const [paused] = await tx.monitor.updateManyAndReturn({
      where: { id: monitor.id, status: 'active' },
      data: { status: 'paused', pausedReason: reason, nextRunAt: null, runningSince: null },
    });
    if (!paused) return [];
    return raiseAlert(tx, paused, { event: 'monitor.paused', reason, details: { message } }, null, deps);
  });
  await enqueueDeliveries(deps.callbacks, deliveries, (error) =>
    deps.logger.warn({ err: error, monitorId: monitor.id }, 'alert enqueue failed; the sweeper will retry'),
  );
}
