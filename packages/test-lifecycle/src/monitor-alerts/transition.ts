import type { Monitor } from '@pageprobe/db';
import type { Advice } from '@pageprobe/test-kinds';
import type { AlertToRaise } from './raise-alert.ts';

/**
 * Kinds whose failed runs are the target's errors and spend credits (not uptime, whose failed checks
 * are what it watches for): after this many in a row the monitor pauses rather than spend on.
 */
export const PAUSE_AFTER_FAILURES = 10;

type State = Pick<Monitor, 'status' | 'down' | 'consecutiveFailures' | 'downAfter'>;

export interface Transition {
  update: Partial<Pick<Monitor, 'consecutiveFailures' | 'down' | 'status' | 'pausedReason'>>;
  alerts: AlertToRaise[];
}

/**
 * What one finished run does to its monitor (a test's or an uptime check's alike): counts failed runs,
 * monitor.down after `down_after` of them in a row and monitor.recovered on the first good one after,
 * and, where failures spend credits, monitor.paused after PAUSE_AFTER_FAILURES in a row.
 * `failure` is the run's reason for failing, null for a good run; `message` says it in words, and
 * `advice` what it means and what to try (issue 31: an alert says what failed, not only its code).
 */
export function transition(
  monitor: State,
  failure: string | null,
  {
    message = null,
    advice = null,
    pausesOnFailures,
  }: { message?: string | null; advice?: Advice | null; pausesOnFailures: boolean },
): Transition {
  const alerts: AlertToRaise[] = [];
  if (failure === null) {
    if (!monitor.down) return { update: { consecutiveFailures: 0 }, alerts };
    alerts.push({
      event: 'monitor.recovered',
      reason: 'check_passed',
      details: { after_failures: monitor.consecutiveFailures },
    });
    return { update: { consecutiveFailures: 0, down: false }, alerts };
  }
  const failures = monitor.consecutiveFailures + 1;
  const update: Transition['update'] = { consecutiveFailures: failures };
  if (!monitor.down && failures >= monitor.downAfter) {
    update.down = true;
    alerts.push({
      event: 'monitor.down',
      reason: failure,
      details: {
        consecutive_failures: failures,
        message,
        ...(advice ? { advice: { what: advice.what, try: advice.tryThis } } : {}),
      },
    });
  }
  if (pausesOnFailures && failures >= PAUSE_AFTER_FAILURES && monitor.status === 'active') {
    update.status = 'paused';
    update.pausedReason = 'target_errors';
    alerts.push({
      event: 'monitor.paused',
      reason: 'target_errors',
      details: { consecutive_failures: failures, message: `The last ${failures} runs failed; the monitor pauses.` },
    });
  }
  return { update, alerts };
}
