import { COMMON_BADGES, type MonitorFacts, type MonitorPageTraits } from '../monitor/monitor-page-traits.ts';
import { utc } from '../report/format.ts';

const span = (s: number) =>
  s % 86_400 === 0 ? `${s / 86_400} d` : s % 3600 === 0 ? `${s / 3600} h` : s % 60 === 0 ? `${s / 60} min` : `${s} s`;

/** "a ping every 5 min" or "a ping at each slot of 0 3 * * * (Europe/Paris)". */
const expects = (m: MonitorFacts) =>
  m.schedule
    ? `a ping at each slot of ${m.schedule} (${m.timeZone ?? 'UTC'})`
    : `a ping every ${span(m.periodSeconds ?? m.intervalSeconds)}`;

/**
 * A heartbeat's page: its checks (a ping in time, a missed one, a failed or unfinished run), how long its
 * runs took (a run is timed from its /start), what it expects and when it last heard. Never its ping URL:
 * that is a key, and this page is shared.
 */
export const heartbeatMonitorPage: MonitorPageTraits = {
  run: 'check',
  charts: [{ id: 'run-duration', title: 'Run duration (average)', unit: 'ms', series: [['total_ms', 'Run']] }],
  badges: [...COMMON_BADGES],
  calledBy: 'name',
  cadence: (m) => `${expects(m)}, ${span(m.graceSeconds ?? 0)} grace`,
  facts: (m) => [
    ['Expects', expects(m)],
    ['Grace', span(m.graceSeconds ?? 0)],
    ['Last ping', m.lastPingAt ? utc(m.lastPingAt) : 'none yet'],
    ...(m.runStartedAt ? [['Run started', utc(m.runStartedAt)] as const] : []),
    ...(m.deadlineAt ? [['Late after', utc(m.deadlineAt)] as const] : []),
  ],
};
