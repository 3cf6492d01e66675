import type { Db, Monitor, Prisma } from '@pageprobe/db';
import type { Logger } from '@pageprobe/logger';
import {
  type AcceptDeps,
  acceptTest,
  enqueueDeliveries,
  KEY_REVOKED,
  raiseAlert,
  TestRejected,
} from '@pageprobe/test-lifecycle';
import type { Queue } from 'bullmq';
import { stopSchedule } from './schedule.ts';

export interface RunMonitorDeps {
  db: Db;
  accept: AcceptDeps;
  /** The monitor-runs queue, to stop a paused monitor's scheduler. */
  monitorRuns: Queue;
  callbacks: Queue;
  publicBaseUrl: string;
  logger: Logger;
}

export type RunResult = 'started' | 'skipped' | 'paused';

/**
 * Claims the monitor's run: active, not deleted, and its last run at least half an interval ago. The
 * update is the claim, so a run that two jobs reach at once (a schedule's slot and a run-now job, or
 * after a Redis restart) starts once; and after an outage the late job runs once, not once per missed slot.
 */
async function claimRun(db: Db, monitorId: string) {
  const rows = await db.$queryRaw<Array<{ id: string }>>`
    UPDATE monitors
    SET last_run_at = now(), next_run_at = now() + make_interval(secs => interval_seconds), updated_at = now()
    WHERE id = ${monitorId}::uuid AND status = 'active' AND deleted_at IS NULL
      AND (last_run_at IS NULL OR last_run_at <= now() - make_interval(secs => interval_seconds / 2.0))
    RETURNING id`;
  return rows.length
    ? db.monitor.findUnique({ where: { id: monitorId }, include: { apiKey: { select: { revokedAt: true } } } })
    : null;
}

/** What makes a monitor stop rather than try again at the next slot. */
const PAUSING: Record<string, string> = {
  insufficient_credits: 'out_of_credits',
  url_not_allowed: 'url_not_allowed',
};

/**
 * One due run of a monitor: an ordinary test with `monitor_id`, spent and queued like any other. A run
 * the team cannot pay for pauses the monitor (monitor.paused, reason out_of_credits); one the free
 * plan's hourly allowance refuses is skipped, and the next slot tries again.
 */
export async function runMonitor(deps: RunMonitorDeps, monitorId: string): Promise<RunResult> {
  const monitor = await claimRun(deps.db, monitorId);
  if (!monitor) {
    const row = await deps.db.monitor.findUnique({ where: { id: monitorId } });
    // Deleted or paused while its scheduler lived on (the API's removal failed): stop it now.
    if (!row || row.deletedAt || row.status !== 'active') await stopSchedule(deps.monitorRuns, monitorId);
    return 'skipped';
  }
  const { plan } = await deps.db.team.findUniqueOrThrow({ where: { id: monitor.teamId }, select: { plan: true } });
  // Revocation pauses a key's monitors in its own transaction; this catches one created meanwhile by an
  // API replica that still had the key cached, so a revoked key never spends the team's credits.
  if (monitor.apiKey?.revokedAt) {
    await pause(deps, monitor, KEY_REVOKED.reason, KEY_REVOKED.message);
    return 'paused';
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
    await pause(deps, monitor, reason, error.message);
    return 'paused';
  }
}

async function pause(deps: RunMonitorDeps, monitor: Monitor, reason: string, message: string): Promise<void> {
  const deliveries = await deps.db.$transaction(async (tx) => {
    const [paused] = await tx.monitor.updateManyAndReturn({
      where: { id: monitor.id, status: 'active' },
      data: { status: 'paused', pausedReason: reason, nextRunAt: null },
    });
    if (!paused) return [];
    const delivery = await raiseAlert(
      tx,
      paused,
      { event: 'monitor.paused', reason, details: { message } },
      null,
      deps.publicBaseUrl,
    );
    return delivery ? [delivery] : [];
  });
  await stopSchedule(deps.monitorRuns, monitor.id);
  await enqueueDeliveries(deps.callbacks, deliveries, (error) =>
    deps.logger.warn({ err: error, monitorId: monitor.id }, 'alert enqueue failed; the sweeper will retry'),
  );
}
