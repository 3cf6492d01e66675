export { checkRecorder } from './checks/check-recorder.ts';
export { type CheckFigures, type FinishedCheck, REASONS, sampleOf } from './checks/check-row.ts';
export { checksBetween, listChecks } from './checks/list-checks.ts';
export { recordChecks, recordChecksIn } from './checks/record-checks.ts';
export {
  BODY_KEPT,
  credentialValues,
  type Exchange,
  exchangeOf,
  redactValues,
  type LastExchange,
  lastExchange,
} from './checks/last-exchange.ts';
export {
  checkSchedule,
  shortestGapSeconds,
  deadlineAfter,
  HEARTBEAT_MAX_SECONDS,
  type HeartbeatTiming,
  ScheduleProblem,
} from './heartbeats/heartbeat-schedule.ts';
export { type HeartbeatTickDeps, runHeartbeatTick } from './heartbeats/heartbeat-tick.ts';
export {
  type IncomingPing,
  listPings,
  MAX_PING_BODY_BYTES,
  PING_KINDS,
  type PingKind,
  type StoredPing,
  storePings,
} from './heartbeats/ping-store.ts';
export { MAX_INTERVAL_SECONDS, minIntervalFor } from './interval.ts';
export { spreadPhase } from './phase.ts';
export { sweepLostRuns } from './lost-runs.ts';
export { pauseMonitor, type RunMonitorDeps, runEnded, runMonitor } from './run-monitor.ts';
export {
  CHECKS_PER_JOB,
  checkBatch,
  ensureTickScheduler,
  removeLegacySchedulers,
  runTick,
  TICK_MS,
  TICK_SCHEDULER,
} from './schedule.ts';
export { type DayBar, dayBars } from './day-bars.ts';
export {
  type FieldPoint,
  type FieldSource,
  fieldPoints,
  fieldSeriesOf,
  loadFieldSeries,
  MAX_FIELD_POINTS,
} from './field-series.ts';
export { loadSeries, loadSeriesOf, MAX_POINTS, metricsOf, plotsMetric, type Point } from './series.ts';
export {
  DEGRADED,
  degradedPercent,
  type Incident,
  incidents,
  uptimePercent,
  WINDOWS,
  type Window,
} from './uptime-stats.ts';
export { backfillHistory, historyBackfill } from './backfill-history.ts';
export {
  judgeSlots,
  type LocationChecks,
  quorumOf,
  reporting,
  STALE_ROUNDS,
  type SlotVerdict,
  withCheck,
} from './checks/location-quorum.ts';
export { checkLocations } from './schedule.ts';
export {
  combinedReport,
  MAX_REPORT_MS,
  type MonitorReport,
  monitorReport,
  monthRange,
  type ReportIncident,
  type ReportRange,
  toHours,
} from './reports/uptime-report.ts';
export { checkDeploys, DEPLOY_CHECK_TIMEOUT_MS, DEPLOY_CHECKED } from './deploys/check-deploys.ts';
export {
  type CheckVerdict,
  type DeployCheck,
  type DeployStatus,
  deployStatus,
  pendingCheck,
  type Worse,
  worseFigures,
} from './deploys/deploy-verdict.ts';
export { runMonitorsNow } from './deploys/run-now.ts';
