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
export { resultTone, stateShape, type Tone } from './state-shape.ts';
export { MAINTENANCE_AHEAD_MS, type MaintenanceRow, maintenanceView } from './maintenance-view.ts';
export { type OverallState, overallState, type StatusMonitor, type StatusPageData, statusPage } from './status-page.ts';
export { BADGE_COLOURS, RESPONSE_THRESHOLDS, SCORE_THRESHOLDS, UPTIME_THRESHOLDS } from './thresholds.ts';
// Issue 58: incidents people write, on status pages, their own pages, the history and the feeds.
export { accentCss, componentState, type StatusPageLook } from './status-page.ts';
export type { PageIncident } from './incident-view.ts';
export { statusHistoryPage, statusIncidentPage } from './status-incident-pages.ts';
export { statusFeed } from './status-feed.ts';
export { markdownHtml, markdownText } from './markdown.ts';
export { IMPACT_WORDS, type ImpactName, type IncidentStatusName, reasonWords, STATUS_WORDS } from './public-words.ts';
export {
  type NoticePayload,
  type SubscriberLinks,
  statusNoticeMail,
  subscriberLinks,
  subscriptionConfirmMail,
} from './status-notice-mail.ts';
export {
  type SubscriberView,
  statusMessagePage,
  subscribeView,
  subscriptionPage,
  unsubscribePage,
} from './subscription-pages.ts';
export { neighbourMonths, type UptimeReportView, uptimeReportPage } from './uptime-report-page.ts';
export { type TeamReportLine, teamReportMail } from './team-report-mail.ts';
