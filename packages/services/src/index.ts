// The services of a team's resources, called by both doors: the API's routes and the dashboard's pages
// (issue 46), so a change is checked, limited, audited and announced alike whichever door it came through.
// A package of its own (issue 57), so no app imports another: apps/api and apps/dashboard both import it.

// Who asks, the checks of a body against the public document, the API's errors, the deps and settings.
export { auditCaller, auditCallerMany, type Caller } from './caller.ts';
export { fieldsOf } from './audit-fields.ts';
export { checkInput } from './check-input.ts';
export { type FieldError, ProblemError, problemType } from './problem.ts';
export type { ServiceDeps } from './deps.ts';
export { serviceEnvShape } from './service-config.ts';
export { openTestQueues } from './test-queues.ts';
export { NEWEST_FIRST, pageOf } from './keyset.ts';

// The team: credits, plan and ledger; its default location (the admin API's change).
export { type CreditsView, creditsOf, ledgerPage } from './credits/credit-service.ts';
export { updateTeam } from './admin/admin-service.ts';

// Tests: started, listed, read and compared as the API does.
export { acceptDepsOf, compareTests, type Comparison, startTest } from './test-routes/test-service.ts';
export { reportUrl, type TestRequest } from '@pageprobe/test-lifecycle';
export { type ListQuery, listTests, testsWhere } from './test-routes/list-tests.ts';
export { testReader } from './test-routes/read-test.ts';

// Monitors: made, changed and deleted as the API does; their page read as the public page reads it.
export {
  createMonitor,
  deleteMonitor,
  type MonitorWithChannels,
  ownedMonitor,
  updateMonitor,
} from './monitors/monitor-service.ts';
export type { CreateMonitor, UpdateMonitor } from './monitors/monitor-input.ts';
export { loadMonitorPage, rangesFor } from './pages/load-monitor-page.ts';
export { cruxOf } from './field/crux-of.ts';
export { monitorPageUrl } from './pages/page-urls.ts';
export { monitorSections, type RangeName } from '@pageprobe/pages';
export {
  DEGRADED,
  type LastExchange,
  lastExchange,
  listChecks,
  listPings,
  monitorReport,
  type StoredPing,
} from '@pageprobe/monitors';
// A heartbeat's ping URL and timing as the monitor's JSON gives them (issue 47).
export { heartbeatFields } from './monitors/heartbeat-input.ts';

// Alert channels, maintenance windows, status pages; the public status page's view and the windows' zones.
export * as alertChannels from './alert-channels/channel-service.ts';
export * as maintenanceWindows from './maintenance-windows/window-service.ts';
export * as statusPages from './status-pages/status-page-service.ts';
export { loadStatusPage } from './pages/load-status-page.ts';
export { statusPage } from '@pageprobe/pages';
export { canonicalZone, instantToWall, wallToInstant, windowSentence } from '@pageprobe/test-lifecycle';

// What the API's own routes take besides.
export { type AdminService, createAdminService } from './admin/admin-service.ts';
export { type ChannelInput, checkChannelInput } from './alert-channels/channel-input.ts';
export {
  ALERT_CHANNELS_PER_TEAM,
  createChannel,
  deleteChannel,
  enqueue,
  getChannel,
  listChannels,
  listDeliveries,
  needsOf,
  sealed,
  sendTestMessage,
  updateChannel,
} from './alert-channels/channel-service.ts';
export { after, decodeCursor, encodeCursor, parseLimit } from './keyset.ts';
export { windowColumns, type WindowInput } from './maintenance-windows/window-input.ts';
export {
  createWindow,
  deleteWindow,
  getWindow,
  listWindows,
  presentWindow,
  updateWindow,
  WINDOWS_PER_TEAM,
} from './maintenance-windows/window-service.ts';
export { heartbeatUpdate } from './monitors/heartbeat-input.ts';
export { checkListed, WITH_CHANNELS } from './monitors/monitor-input.ts';
export { locationFields, locationStates, type MonitorLocation } from './monitors/monitor-locations.ts';
export { type CheckedMonitor, checkNewMonitor, newMonitorRow } from './monitors/monitor-service.ts';
export { cycleProblem, dropDependency } from './monitors/monitor-dependencies.ts';
export { findCycle } from './monitors/dependency-cycle.ts';
export { monitorByToken, monitorState, type PageMonitor, RANGE_MS } from './pages/load-monitor-page.ts';
export { badgeUrls } from './pages/page-urls.ts';
export { loadArtifacts, loadReportTest, type ReportRow } from './reports/load-report.ts';
export { isKeyViolation, NOUNS, type ResourceKind } from './resource-key.ts';
export { checkSlugFree } from './status-pages/reserved-slugs.ts';
export {
  createStatusPage,
  deleteStatusPage,
  getStatusPage,
  listStatusPages,
  liveMonitors,
  type ShownMonitor,
  STATUS_PAGES_PER_TEAM,
  type StatusPageInput,
  updateStatusPage,
} from './status-pages/status-page-service.ts';

// Incidents people write on their status pages (issue 58).
export {
  addIncidentUpdate,
  type ChangeIncident,
  changeIncident,
  type CreateIncident,
  createIncident,
  deleteIncident,
  getIncident,
  type IncidentUpdateInput,
  listIncidents,
  OPEN_INCIDENTS_PER_TEAM,
  UPDATES_PER_INCIDENT,
} from './incidents/incident-service.ts';
export { IMPACTS, type PresentedIncident, presentIncident, worstImpact } from './incidents/present-incident.ts';
export { loadPageIncident, loadPageIncidents, type PageLabels } from './pages/load-page-incidents.ts';
export { loadStatusLook, pageFrame, statusLinks } from './pages/load-status-page.ts';
// A status page's subscribers (issue 58).
export {
  chooseComponents,
  confirmSubscriber,
  exportSubscribers,
  listSubscribers,
  removeSubscriber,
  type SubscribeInput,
  SUBSCRIBERS_PER_PAGE,
  subscribe,
  subscriberByToken,
  subscriberDeliveries,
  unsubscribe,
} from './subscribers/subscriber-service.ts';
// Uptime reports (issue 58 item 6).
export {
  loadStatusPageReport,
  monitorReportCsv,
  type MonitorUptimeReport,
  monitorUptimeReport,
  pageMonth,
  type ReportQuery,
  reportRange,
  type StatusPageReport,
  statusPageReportCsv,
  statusPageUptimeReport,
} from './reports/uptime-reports.ts';
export { monitorReportView, statusReportView } from './reports/report-views.ts';
// What the dashboard's incident pages say, as the public pages say it.
export { IMPACT_WORDS, markdownHtml, STATUS_WORDS, uptimeReportPage } from '@pageprobe/pages';
// A team's variables and secrets (issue 59 item 5), and the acceptance check of checks that name them.
export {
  checkFieldsOf,
  checkPlaceholders,
  deleteVariable,
  getVariable,
  listVariables,
  MAX_VALUE_BYTES,
  type PresentedVariable,
  presentVariable,
  putVariable,
  type VariableInput,
  VARIABLES_PER_TEAM,
} from './variables/variable-service.ts';
export {
  DEFAULT_ENVIRONMENT,
  deployAnnotations,
  deploysCovering,
  type DeployInput,
  getDeploy,
  listDeploys,
  type PresentedDeploy,
  presentDeploy,
  recordDeploy,
  rotateDeploySecret,
} from './deploys/deploy-service.ts';
export { deployFromGithub, githubSignatureValid, receiveGithubDeploy } from './deploys/github-webhook.ts';
// Reading a RUM site's figures (issue 61): its series beside the lab's and CrUX's, and its attribution.
export {
  DEFAULT_RUM_SERIES_MS,
  NO_LAB_INP,
  ownedRumSite,
  type RumQuery,
  rumRange,
  rumSiteAttribution,
  rumSiteSeries,
  siteMonitors,
} from './rum-figures/site-figures.ts';
// The charts a RUM site's figures draw in the dashboard, as monitors' pages draw theirs.
export { type ChartSeries, chartView } from '@pageprobe/pages';
export { listRumAlerts } from './rum-alerts/rum-alert-service.ts';

// Real-user monitoring's sites (issue 61): made, listed, changed and deleted alike from every door.
export * as rumSites from './rum/site-service.ts';
export { type PresentedSite, presentSite } from './rum/present-site.ts';
export { normaliseOrigin, type RumSiteInput, siteColumns } from './rum/site-input.ts';
export { RUM_SITES_PER_TEAM } from './rum/site-service.ts';
