import type { CallbackDelivery, Db, Monitor, Prisma } from '@pageprobe/db';
import {
  type AlertToRaise,
  CHECK_LEVELS,
  raiseAlert,
  recordRollups,
  trackIncident,
  transition,
} from '@pageprobe/test-lifecycle';
import { advise, kindNamed } from '@pageprobe/test-kinds';
import { checkColumns, type FinishedCheck, failureOf, INSERT_CHECKS, sampleOf } from './check-row.ts';

const key = (monitorId: string, at: Date) => `${monitorId} ${at.getTime()}`;

/**
 * Records finished checks in one transaction: the raw rows (a check already recorded, run twice after
 * a worker died, is skipped by its key), their hour and day rollups (the raw rows are the minute level), each monitor's state
 * (failures in a row, down, its open incident) and the alerts that changes raise, with their delivery
 * rows (enqueued by the caller after the commit). Every monitor of the batch is marked no longer in
 * flight. Monitors are locked in id order, so two batches never deadlock.
 */
export async function recordChecks(
  db: Db,
  checks: FinishedCheck[],
  publicBaseUrl: string,
): Promise<CallbackDelivery[]> {
  // A slot given twice in one batch counts once, like one given again later.
  const unique = [...new Map(checks.map((c) => [key(c.monitorId, c.slot), c])).values()];
  const sorted = unique.sort((a, b) =>
    a.monitorId === b.monitorId ? a.slot.getTime() - b.slot.getTime() : a.monitorId < b.monitorId ? -1 : 1,
  );
  const ids = [...new Set(sorted.map((c) => c.monitorId))];
  return db.$transaction(async (tx) => {
    const inserted = await tx.$queryRawUnsafe<Array<{ monitor_id: string; at: Date }>>(
      INSERT_CHECKS,
      ...checkColumns(sorted),
    );
    const fresh = new Set(inserted.map((r) => key(r.monitor_id, r.at)));
    const recorded = sorted.filter((c) => fresh.has(key(c.monitorId, c.slot)));
    await recordRollups(
      tx,
      recorded.map((c) => ({ monitorId: c.monitorId, plan: c.plan, at: c.slot, ...sampleOf(c) })),
      CHECK_LEVELS,
    );
    await tx.$executeRawUnsafe(
      'UPDATE monitors SET running_since = NULL FROM (SELECT id FROM monitors WHERE id = ANY($1::uuid[]) ORDER BY id FOR UPDATE) l WHERE monitors.id = l.id',
      ids,
    );
    const monitors = await tx.monitor.findMany({
      where: { id: { in: [...new Set(recorded.map((c) => c.monitorId))] } },
    });
    const deliveries: CallbackDelivery[] = [];
    for (const monitor of monitors) {
      const own = recorded.filter((c) => c.monitorId === monitor.id);
      deliveries.push(...(await applyChecks(tx, monitor, own, publicBaseUrl)));
    }
    return deliveries;
  });
}

/** One monitor's new checks, oldest first: its state, incidents and alerts. */
async function applyChecks(
  tx: Prisma.TransactionClient,
  monitor: Monitor,
  checks: FinishedCheck[],
  publicBaseUrl: string,
): Promise<CallbackDelivery[]> {
  let state = monitor;
  const raised: Array<{ alert: AlertToRaise; check: FinishedCheck }> = [];
  for (const check of checks) {
    const failure = failureOf(check);
    const words = failure ? failureWords(check, failure) : null;
    const { update, alerts } = transition(state, failure, { ...words, pausesOnFailures: false });
    await trackIncident(tx, monitor.id, state.consecutiveFailures, failure, check.startedAt);
    if (check.passed === false && state.lastPassed === true) {
      alerts.push({
        event: 'monitor.regressed',
        reason: 'assertion_failed',
        details: { failing_assertions: check.failing },
      });
    }
    state = { ...state, ...update, lastPassed: check.passed ?? state.lastPassed };
    raised.push(...alerts.map((alert) => ({ alert, check })));
  }
  if (monitor.deletedAt) return [];
  const changed =
    state.consecutiveFailures !== monitor.consecutiveFailures ||
    state.down !== monitor.down ||
    state.lastPassed !== monitor.lastPassed;
  // Most checks change nothing (up, and up before): no write.
  if (changed) {
    await tx.monitor.update({
      where: { id: monitor.id },
      data: { consecutiveFailures: state.consecutiveFailures, down: state.down, lastPassed: state.lastPassed },
    });
  }
  const deliveries: CallbackDelivery[] = [];
  for (const { alert, check } of raised) {
    const withCheck = { ...alert, details: { ...alert.details, check: checkSummary(check) } };
    deliveries.push(...(await raiseAlert(tx, state, withCheck, null, publicBaseUrl)));
  }
  return deliveries;
}

/** The check behind an alert, in its payload: what it found and how long each phase took. */
const checkSummary = (check: FinishedCheck) => ({
  at: check.startedAt.toISOString(),
  up: check.figures.up,
  reason: check.figures.reason,
  status_code: check.figures.status_code,
  total_ms: check.figures.timings_ms.total,
  timings_ms: check.figures.timings_ms,
});

/**
 * A failed check in words (issue 31: a monitor.down for an HTTP 500 said `message: null`): what the
 * status or error means and how long the check took, and what to try.
 */
function failureWords(check: FinishedCheck, failure: string) {
  const { status_code: status, timings_ms: timings } = check.figures;
  const advice = advise(kindNamed('uptime').failures, failure, status === null ? null : `HTTP ${status}`);
  const took = timings.total === null ? '' : ` The check took ${Math.round(timings.total)} ms.`;
  return { message: `${advice.what}${took}`, advice };
}
