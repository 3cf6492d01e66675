import type { CallbackDelivery, Monitor, Prisma, Test } from '@pageprobe/db';
import { advise, kindNamed } from '@pageprobe/test-kinds';
import type { AlertLinkBases } from '../report-url.ts';
import { type AlertToRaise, raiseAlert, SECRETS_UNREADABLE } from './raise-alert.ts';
import { REGRESSION_WINDOW, scoreDrop } from './regression.ts';
import { type FieldState, fieldRegressions, fieldStateOf } from './field-regression.ts';
import { transition } from './transition.ts';
import { degradedTransition } from './degraded-transition.ts';
import { planAlerts } from './alert-policy.ts';
import { followParent, parentsDown } from './parents-down.ts';
import { activeWindow, windowsOf } from '../maintenance/active-window.ts';
import { recordRollups } from '../monitor-history/record-rollups.ts';
import { trackIncident } from '../monitor-history/track-incident.ts';
import type { RunSample } from '../monitor-history/rollup.ts';

/**
 * Why a finished run is a failed check: the test failed because of its target, or completed with a
 * failure its kind sees (uptime: the site was down). Null for a good run; undefined for a run that
 * says nothing about the target (it failed through our fault and was refunded).
 */
export function runFailureOf(test: Test): string | null | undefined {
  if (test.status === 'failed') return test.errorCode === 'internal_error' ? undefined : (test.errorCode ?? 'failed');
  return kindNamed(test.type).monitor.failure?.(test) ?? null;
}

/** A finished test as its monitor's rollups count it: at its start, good or not, its kind's series metrics. */
export function runSampleOf(test: Test, failure: string | null): RunSample & { at: Date } {
  const { metrics, namedMetrics } = kindNamed(test.type).monitor;
  return {
    at: test.startedAt ?? test.createdAt,
    ok: failure === null,
    values: {
      ...namedMetrics?.read(test),
      ...Object.fromEntries(Object.entries(metrics).map(([name, read]) => [name, read(test)])),
    },
  };
}

/**
 * A monitor's run has finished (called in the transaction that finishes the test, so alerts are raised
 * exactly once with it): counts failed checks, raises monitor.down after `down_after` of them in a row and
 * monitor.recovered on the first good one after, monitor.regressed when the score falls more than
 * `regression_points` below the median of the last 5 runs or an assertion starts failing,
 * monitor.field_regressed when real users' figures (the test's `field`) got worse in a later collection
 * period than the one its runs saw before (issue 48), and pauses the
 * monitor (monitor.paused) after PAUSE_AFTER_FAILURES target errors in a row on kinds that spend credits.
 * Returns the deliveries to enqueue once the transaction commits.
 */
export async function evaluateRun(
  tx: Prisma.TransactionClient,
  test: Test,
  links: AlertLinkBases,
): Promise<CallbackDelivery[]> {
  if (!test.monitorId) return [];
  // The row lock orders runs of one monitor finishing at once.
  await tx.$queryRaw`SELECT 1 FROM monitors WHERE id = ${test.monitorId}::uuid FOR UPDATE`;
  const found = await tx.monitor.findUnique({
    where: { id: test.monitorId },
    include: { team: { select: { plan: true } } },
  });
  if (!found || found.deletedAt) return [];
  const { team, ...monitor } = found;
  // The run is over: the monitor's next slot may run (issue 29).
  await tx.monitor.update({ where: { id: monitor.id }, data: { runningSince: null } });
  if (test.status === 'failed' && test.errorCode === SECRETS_UNREADABLE.reason)
    return pauseUnreadable(tx, monitor, test, links);
  const failure = runFailureOf(test);
  if (failure === undefined) return [];
  const sample = runSampleOf(test, failure);
  const maintenance = activeWindow(await windowsOf(tx, [monitor.teamId]), monitor, sample.at);
  // A run during maintenance counts neither up nor down: it is left out of the rollups (issue 31).
  if (!maintenance) await recordRollups(tx, [{ monitorId: monitor.id, plan: team.plan, ...sample }]);
  await trackIncident(tx, monitor.id, monitor.consecutiveFailures, failure, sample.at, maintenance !== null);
  const kind = kindNamed(test.type);
  const { update, alerts } = transition(monitor, failure, {
    message:
      test.errorMessage ??
      (failure ? (kind.monitor.failureMessage?.(test) ?? advise(kind.failures, failure, null).what) : null),
    advice: failure ? advise(kind.failures, failure, test.errorMessage) : null,
    pausesOnFailures: !kind.monitor.failure,
  });
  if (failure === null) {
    const regressed = await regression(tx, test, monitor.regressionPoints);
    if (regressed) alerts.push(regressed);
  }
  // Up but degraded (a browser check's budget of severity degraded missed), as a check's expectations.
  const verdict =
    failure !== null ? 'down' : (test.result as { degraded?: unknown } | null)?.degraded === true ? 'degraded' : 'up';
  const degraded = degradedTransition({ ...monitor, ...update }, verdict, kind.monitor.failureMessage?.(test) ?? null);
  Object.assign(update, degraded.update);
  alerts.push(...degraded.alerts);
  if (test.status === 'completed') alerts.push(...(await fieldRegressed(tx, monitor, test)));

  // A failed run while a monitor it depends on is down alerts no one (as an uptime check's).
  const parent = failure === null ? null : ((await parentsDown(tx, [monitor.id])).get(monitor.id) ?? null);
  const failuresSinceParentUp = followParent(monitor, failure !== null, parent);
  const after = { ...monitor, ...(update as object), failuresSinceParentUp } as typeof monitor;
  const planned = planAlerts(after, alerts, { maintenance, at: sample.at, parent });
  const current = await tx.monitor.update({
    where: { id: monitor.id },
    data: {
      ...update,
      downAlertedAt: planned.downAlertedAt,
      degradedAlertedAt: planned.degradedAlertedAt,
      failuresSinceParentUp,
    },
  });
  const deliveries: CallbackDelivery[] = [];
  for (const alert of planned.alerts) {
    deliveries.push(...(await raiseAlert(tx, current, alert, test, links)));
  }
  return deliveries;
}

/**
 * The run's secrets open with no key of the workers' ring (issue 28): every later run would fail the same
 * way, so the monitor pauses (monitor.paused, secrets_unreadable) until its owner gives the values again.
 */
async function pauseUnreadable(
  tx: Prisma.TransactionClient,
  monitor: Monitor,
  test: Test,
  links: AlertLinkBases,
): Promise<CallbackDelivery[]> {
  if (monitor.status !== 'active') return [];
  const paused = await tx.monitor.update({
    where: { id: monitor.id },
    data: { status: 'paused', pausedReason: SECRETS_UNREADABLE.reason, nextRunAt: null },
  });
  const alert: AlertToRaise = {
    event: 'monitor.paused',
    reason: SECRETS_UNREADABLE.reason,
    details: {
      message: SECRETS_UNREADABLE.message,
    },
  };
  return raiseAlert(tx, paused, alert, test, links);
}

/**
 * monitor.field_regressed (issue 48): the run's field data against what the monitor's runs saw before.
 * The monitor's field_state moves on with a compare-and-set on the value read, so of runs finishing at
 * once (the row lock orders them anyway) only one compares a period with the one before: each period's
 * alerts are raised once.
 */
async function fieldRegressed(tx: Prisma.TransactionClient, monitor: Monitor, test: Test): Promise<AlertToRaise[]> {
  const current = fieldStateOf((test.result as { field?: unknown } | null)?.field);
  if (!current) return [];
  const previous = monitor.fieldState as FieldState | null;
  const outcome = fieldRegressions(previous, current);
  if (!outcome) return [];
  const moved = await tx.$executeRaw`
    UPDATE monitors SET field_state = ${JSON.stringify(outcome.store)}::jsonb
    WHERE id = ${monitor.id}::uuid AND field_state IS NOT DISTINCT FROM ${previous === null ? null : JSON.stringify(previous)}::jsonb`;
  return moved === 1 ? outcome.alerts : [];
}

/** monitor.regressed: the score fell below the recent median, or an assertion started failing. */
async function regression(tx: Prisma.TransactionClient, test: Test, points: number): Promise<AlertToRaise | null> {
  const score = kindNamed(test.type).monitor.score;
  const earlier = await tx.test.findMany({
    where: { monitorId: test.monitorId, status: 'completed', id: { not: test.id }, createdAt: { lte: test.createdAt } },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: REGRESSION_WINDOW,
  });
  if (score) {
    const drop = scoreDrop(
      score(test),
      earlier.map(score).filter((s): s is number => s !== null),
      points,
    );
    if (drop) {
      return {
        event: 'monitor.regressed',
        reason: 'score_dropped',
        details: { score: score(test), median_of_last_runs: drop.median, drop: drop.drop, threshold: points },
      };
    }
  }
  const previous = earlier[0];
  const own = kindNamed(test.type).monitor.regression?.(test, previous);
  if (own) return { event: 'monitor.regressed', reason: own.reason, details: own.details as Prisma.InputJsonObject };
  if (test.passed === false && previous?.passed === true) {
    const failing = ((test.assertionResults ?? []) as Array<{ key: string; level: string; passed: boolean }>)
      .filter((r) => !r.passed && r.level === 'error')
      .map((r) => r.key);
    return {
      event: 'monitor.regressed',
      reason: 'assertion_failed',
      details: { failing_assertions: failing, previous_test_id: previous.id },
    };
  }
  return null;
}
