import { heartbeatFailures } from '@pageprobe/test-kinds';
import type { HeartbeatTiming } from './heartbeat-schedule.ts';

// A heartbeat's failures in words (issue 31's rule: an alert says what failed, not only its code); what
// each reason means is the heartbeat kind's (`failures`), as its page and the dashboard read it.

const seconds = (ms: number) => `${Math.round(ms / 1000)} s`;

/** What it expected: "a ping every 60 s (+30 s grace)" or "a ping at each slot of 0 3 * * * (Europe/Paris) + 30 s grace". */
export function expectation(timing: HeartbeatTiming): string {
  const grace = `${timing.graceSeconds ?? 0} s grace`;
  return timing.schedule
    ? `a ping at each slot of ${timing.schedule} (${timing.timeZone ?? 'UTC'}) + ${grace}`
    : `a ping every ${timing.periodSeconds ?? 0} s + ${grace}`;
}

export function missedWords(timing: HeartbeatTiming, deadline: Date, lastPing: Date | null) {
  const since = lastPing ? `the last came at ${lastPing.toISOString()}` : 'none has come yet';
  return {
    message: `No ping by ${deadline.toISOString()}: expected ${expectation(timing)}; ${since}.`,
    advice: heartbeatFailures.missed,
  };
}

export function timeoutWords(timing: HeartbeatTiming, started: Date, durationMs: number) {
  return {
    message: `A run started at ${started.toISOString()} has not ended after ${seconds(durationMs)} (grace ${timing.graceSeconds ?? 0} s).`,
    advice: heartbeatFailures.run_timeout,
  };
}

export function failedWords(exitCode: number | null, durationMs: number | null) {
  const took = durationMs === null ? '' : ` after ${seconds(durationMs)}`;
  return {
    message:
      exitCode === null ? `The job reported failure (/fail)${took}.` : `The job exited with status ${exitCode}${took}.`,
    advice: heartbeatFailures.run_failed,
  };
}
