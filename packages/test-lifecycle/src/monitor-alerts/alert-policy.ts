import type { Monitor, Prisma } from '@pageprobe/db';
import type { ActiveWindow } from '../maintenance/active-window.ts';
import type { AlertToRaise } from './raise-alert.ts';

/** Why an alert was recorded but not sent. */
export type HeldFor =
  | { reason: 'maintenance'; window: { id: string; name: string; ends_at: string } }
  | { reason: 'down_not_sent' }
  /** A monitor it depends on was down when its check failed (`depends_on`). */
  | { reason: 'parent_down'; parent: ParentDown }
  /** Its parent is up again, but not yet for its own down_after checks. */
  | { reason: 'parent_recovering' }
  /** A recovery from degraded whose monitor.degraded was not sent. */
  | { reason: 'degraded_not_sent' };

/** The monitor a dependent's failed check was held for. */
export interface ParentDown {
  id: string;
  name: string;
}

export interface PlannedAlert extends AlertToRaise {
  /** Null: sent to the callback and channels. Otherwise recorded only, and why. */
  held: HeldFor | null;
}

type State = Pick<Monitor, 'down' | 'downAlertedAt' | 'remindEveryMinutes' | 'consecutiveFailures'> &
  Partial<Pick<Monitor, 'downAfter' | 'failuresSinceParentUp' | 'degradedAlertedAt'>>;

const held = (maintenance: ActiveWindow): HeldFor => ({
  reason: 'maintenance',
  window: { id: maintenance.id, name: maintenance.name, ends_at: maintenance.occurrence.end.toISOString() },
});

/**
 * What becomes of the alerts one run raised, and of the monitor's down state (issue 31), given the
 * monitor as the run left it:
 * - during a maintenance window every alert is held (recorded, not sent);
 * - a monitor.recovered is sent only if its incident's monitor.down was;
 * - outside maintenance, a monitor that is down with no monitor.down sent (it was held) gets one, and one
 *   that came back up during maintenance after its down was sent gets its monitor.recovered;
 * - while down, a reminder (monitor.down, reason still_down) every `remind_every_minutes`;
 * - a check that failed while a monitor it depends on was down (`parent`) holds its alerts as maintenance
 *   does, naming the parent (`suppressed_by`); once the parent has been up for the monitor's own
 *   `down_after` failed checks, a monitor still down gets its monitor.down, and never before.
 * - monitor.degraded and its recovery (`details.from: "degraded"`) pair as down and recovered do.
 * Returns the alerts with their fate, when the current incident's monitor.down was last sent and when
 * the monitor.degraded was.
 */
export function planAlerts(
  monitor: State,
  raised: AlertToRaise[],
  { maintenance, at, parent = null }: { maintenance: ActiveWindow | null; at: Date; parent?: ParentDown | null },
): { alerts: PlannedAlert[]; downAlertedAt: Date | null; degradedAlertedAt: Date | null } {
  let downAlertedAt = monitor.downAlertedAt;
  let degradedAlertedAt = monitor.degradedAlertedAt ?? null;
  const alerts: PlannedAlert[] = [];
  const since = monitor.failuresSinceParentUp ?? null;
  const recovering = !parent && since !== null && since < (monitor.downAfter ?? 1);
  for (const alert of raised) {
    if (maintenance) {
      alerts.push({ ...alert, held: held(maintenance) });
    } else if (parent) {
      alerts.push({
        ...alert,
        details: { ...alert.details, suppressed_by: parent.id },
        held: { reason: 'parent_down', parent },
      });
    } else if (recovering && alert.event === 'monitor.down') {
      alerts.push({ ...alert, held: { reason: 'parent_recovering' } });
    } else if (alert.event === 'monitor.degraded') {
      degradedAlertedAt = at;
      alerts.push({ ...alert, held: null });
    } else if (alert.event === 'monitor.recovered' && alert.details.from === 'degraded') {
      alerts.push({ ...alert, held: degradedAlertedAt ? null : { reason: 'degraded_not_sent' } });
      degradedAlertedAt = null;
    } else if (alert.event === 'monitor.recovered') {
      alerts.push({ ...alert, held: downAlertedAt ? null : { reason: 'down_not_sent' } });
      downAlertedAt = null;
    } else {
      if (alert.event === 'monitor.down') downAlertedAt = at;
      alerts.push({ ...alert, held: null });
    }
  }
  const toldOfState = raised.some((a) => a.event === 'monitor.down' || a.event === 'monitor.recovered');
  if (maintenance || parent || recovering || toldOfState) return { alerts, downAlertedAt, degradedAlertedAt };

  const remindMs = (monitor.remindEveryMinutes ?? 0) * 60_000;
  if (monitor.down && (!downAlertedAt || (remindMs > 0 && at.getTime() - downAlertedAt.getTime() >= remindMs))) {
    const details: Prisma.InputJsonObject = downAlertedAt
      ? {
          reminder: true,
          consecutive_failures: monitor.consecutiveFailures,
          message: `Still down after ${monitor.consecutiveFailures} failed runs in a row.`,
        }
      : since !== null
        ? {
            after_parent: true,
            consecutive_failures: monitor.consecutiveFailures,
            message: `Still down now that the monitor it depends on has been up for ${since} checks.`,
          }
        : {
            after_maintenance: true,
            consecutive_failures: monitor.consecutiveFailures,
            message: 'Still down now that its maintenance window is over.',
          };
    alerts.push({ event: 'monitor.down', reason: 'still_down', details, held: null });
    downAlertedAt = at;
  } else if (!monitor.down && downAlertedAt) {
    alerts.push({
      event: 'monitor.recovered',
      reason: 'recovered_during_maintenance',
      details: { message: 'It came back up during its maintenance window.' },
      held: null,
    });
    downAlertedAt = null;
  }
  return { alerts, downAlertedAt, degradedAlertedAt };
}
