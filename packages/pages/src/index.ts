export { BADGES, BADGES_OF, type BadgeFigure, type BadgeName, badgeNamed, badgeSvg } from './badge.ts';
export { type ChartSeries, type ChartSpec, chartView, type Unit } from './chart.ts';
export { type Day, dayPercent } from './day-bars-view.ts';
export {
  type AlertRow,
  type IncidentRow,
  type LocationRow,
  type MonitorPageData,
  type MonitorState,
  monitorPage,
  monitorSections,
  RANGES,
  type RangeName,
  type RunRow,
} from './monitor-page.ts';
export { MAINTENANCE_AHEAD_MS, type MaintenanceRow, maintenanceView } from './maintenance-view.ts';
export { type OverallState, overallState, type StatusMonitor, type StatusPageData, statusPage } from './status-page.ts';
export { BADGE_COLOURS, RESPONSE_THRESHOLDS, SCORE_THRESHOLDS, UPTIME_THRESHOLDS } from './thresholds.ts';
