import type { Advice } from '../report/advice.ts';

/** A heartbeat's down reasons in words (issue 31's rule: an alert says what failed, not only its code). */
export const heartbeatFailures = {
  missed: {
    what: 'No ping came in time: the job did not run, did not finish, or could not reach the ping URL.',
    tryThis:
      'Check that the job is scheduled and ran (its logs, the cron daemon), and that the machine it runs on can reach the ping URL.',
  },
  run_failed: {
    what: 'The job reported that it failed.',
    tryThis:
      'Read the log it sent with the ping (GET /monitors/{id}/pings) and the job’s own logs, fix it, then run it again.',
  },
  run_timeout: {
    what: 'The job started (/start) but did not report its end within the grace period.',
    tryThis:
      'Check whether it is stuck or died before its last ping, and that it pings on every way out (success and failure alike).',
  },
} satisfies Record<string, Advice>;
