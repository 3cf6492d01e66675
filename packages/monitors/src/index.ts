export { MAX_INTERVAL_SECONDS, minIntervalFor } from './interval.ts';
export { type RunMonitorDeps, runMonitor } from './run-monitor.ts';
export { reconcileSchedules, runNow, stopSchedule, syncSchedule } from './schedule.ts';
export { loadSeries, MAX_POINTS, metricsOf, type Point } from './series.ts';
export { type Incident, incidents, loadChecks, uptimePercent } from './uptime-stats.ts';
