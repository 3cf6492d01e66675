import { defineMonitorKind } from '../monitor/monitor-kind.ts';
import { heartbeatFailures } from './failures.ts';
import { CHECK_FIELDS, HEARTBEAT_FIELDS } from './fields.ts';
import { heartbeatMonitorPage } from './monitor-page.ts';

/**
 * A heartbeat (issue 47): a monitor told by pings from a job (`/ping/{token}`, `/start`, `/fail`, an exit
 * status) instead of checking a target, down when a ping is late, a run fails or a run never ends. A kind
 * of monitor, not of test: no queue, no cost, no result. Its checks are rows of monitoring.checks like an
 * uptime check's, with the run's duration as their total; pings are applied by the dispatchers' tick.
 */
export const heartbeat = defineMonitorKind({
  name: 'heartbeat',
  title: 'Heartbeat',
  word: 'Heartbeat',
  offer: 'a job pings its URL: down when a ping is late or a run fails',
  monitor: {
    // No interval is scheduled, but its period, its grace and the gap between its schedule's slots are
    // held to the plan's shortest interval, as a check's interval is (issue 56 item 11).
    minIntervalSeconds: { free: 300 },
    // Figures of its checks (series.ts reads them from monitoring.checks and the rollups): no test is read.
    metrics: { up: () => null, total_ms: () => null },
    page: heartbeatMonitorPage,
  },
  pings: { fields: HEARTBEAT_FIELDS, refuses: CHECK_FIELDS },
  failures: heartbeatFailures,
});
