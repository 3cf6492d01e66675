import type { Monitor, Prisma } from '@pageprobe/db';
import type { ActiveWindow } from '../maintenance/active-window.ts';
import type { AlertToRaise } from './raise-alert.ts';

/** Why an alert was recorded but not sent. */
export type HeldFor =
  | { reason: 'maintenance'; window: { id: string; name: string; ends_at: string } }
  | { reason: 'down_not_sent' };

export interface PlannedAlert extends AlertToRaise {
  /** Null: sent to the callback and channels. Otherwise recorded only, and why. */
  held: HeldFor | null;
}

type State = Pick<Monitor, 'down' | 'downAlertedAt' | 'remindEveryMinutes' | 'consecutiveFailures'>;

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
 * - while down, a reminder (monitor.down, reason still_down) every `remind_every_minutes`.
 * Returns the alerts with their fate and when the current incident's monitor.down was last sent.
 */
export function planAlerts(
  monitor: State,
  raised: AlertToRaise[],
  { maintenance, at }: { maintenance: ActiveWindow | null; at: Date },
): { alerts: PlannedAlert[]; downAlertedAt: Date | null } {
  let downAlertedAt = monitor.downAlertedAt;
  const alerts: PlannedAlert[] = [];
  for (const alert of raised) {
    if (maintenance) {
      alerts.push({ ...alert, held: held(maintenance) });
    } else if (alert.event === 'monitor.recovered') {
      alerts.push({ ...alert, held: downAlertedAt ? null : { reason: 'down_not_sent' } });
      downAlertedAt = null;
    } else {
      if (alert.event === 'monitor.down') downAlertedAt = at;
      alerts.push({ ...alert, held: null });
    }
  }
  const toldOfState = raised.some((a) => a.event === 'monitor.down' || a.event === 'monitor.recovered');
  if (maintenance || toldOfState) return { alerts, downAlertedAt };

  const remindMs = (monitor.remindEveryMinutes ?? 0) * 60_000;
  if (monitor.down && (!downAlertedAt || (remindMs > 0 && at.getTime() - downAlertedAt.getTime() >= remindMs))) {
    const details: Prisma.InputJsonObject = downAlertedAt
      ? {
          reminder: true,
          consecutive_failures: monitor.consecutiveFailures,
          message: `Still down after ${monitor.consecutiveFailures} failed runs in a row.`,
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
  return { alerts, downAlertedAt };
}
