import type { Monitor } from '@pageprobe/db';
import type { AlertToRaise } from './raise-alert.ts';

type State = Pick<Monitor, 'down' | 'degraded' | 'consecutiveDegraded' | 'downAfter'>;

/** A check's verdict: down, up, or up but degraded (only expectations of severity degraded failed). */
export type Verdict = 'up' | 'degraded' | 'down';

/**
 * What a check does to a monitor's degraded state, beside transition()'s down and up: after `down_after`
 * degraded checks in a row, monitor.degraded (as down waits for as many failures, so one slow answer
 * pages nobody); at the first check that passes every expectation, monitor.recovered (`details.from:
 * "degraded"`). A down check leaves it as it is: down says more, and its own recovery says when that
 * ends; a monitor that recovers from down to a good check is no longer degraded either, silently.
 */
export function degradedTransition(
  monitor: State,
  verdict: Verdict,
  message: string | null = null,
): { update: Partial<Pick<Monitor, 'degraded' | 'consecutiveDegraded'>>; alerts: AlertToRaise[] } {
  if (verdict === 'down') return { update: {}, alerts: [] };
  if (verdict === 'up') {
    if (!monitor.degraded) return { update: { consecutiveDegraded: 0 }, alerts: [] };
    const alerts: AlertToRaise[] = monitor.down
      ? []
      : [
          {
            event: 'monitor.recovered',
            reason: 'check_passed',
            details: { from: 'degraded', after_degraded: monitor.consecutiveDegraded },
          },
        ];
    return { update: { degraded: false, consecutiveDegraded: 0 }, alerts };
  }
  const count = monitor.consecutiveDegraded + 1;
  if (monitor.degraded || count < monitor.downAfter) return { update: { consecutiveDegraded: count }, alerts: [] };
  return {
    update: { degraded: true, consecutiveDegraded: count },
    alerts: [
      {
        event: 'monitor.degraded',
        reason: 'expectation_degraded',
        details: { consecutive_degraded: count, message },
      },
    ],
  };
}
