// What the dashboard (issue 46) calls to change a team's resources: the API's own services, so a change
// made there is checked, limited, audited and announced exactly as the API's. Add a resource's service
// here when its routes call it.
export { type Caller, auditCaller } from './http/caller.ts';
export { checkInput } from './openapi/check-input.ts';
export { ProblemError, type FieldError } from './http/problem.ts';
export type { ServiceDeps } from './deps.ts';
export { serviceEnvShape, type ServiceConfig } from './service-config.ts';
export { openTestQueues } from './test-queues.ts';
// Credits, plan and ledger (issue 46: the overview and the team's credit ledger).
export { type CreditsView, creditsOf, type LedgerEntryView, ledgerPage } from './credits/credit-service.ts';
// A team's default location: the admin API's change (issue 46: the team settings).
export { type TeamChange, type TeamView, updateTeam } from './admin/admin-service.ts';
// Alert channels, maintenance windows, status pages (issue 46, item 4).
export * as alertChannels from './alert-channels/channel-service.ts';
export * as maintenanceWindows from './maintenance-windows/window-service.ts';
export * as statusPages from './status-pages/status-page-service.ts';
export { loadStatusPage } from './pages/status-page-routes.ts';
// The public status page's view and the windows' zone arithmetic, for the dashboard's preview and forms.
export { statusPage } from '@pageprobe/pages';
export { canonicalZone, instantToWall, wallToInstant } from '@pageprobe/test-lifecycle';
// Monitors (issue 46: the monitors pages): made, changed and deleted as the API does; read as its pages do.
export {
  createMonitor,
  deleteMonitor,
  type MonitorWithChannels,
  ownedMonitor,
  updateMonitor,
} from './monitors/monitor-service.ts';
export { type CreateMonitor, type UpdateMonitor, WITH_CHANNELS } from './monitors/monitor-input.ts';
export { loadMonitorPage, monitorState, rangesFor } from './pages/load-monitor-page.ts';
export { monitorPageUrl } from './pages/page-urls.ts';
export { CSS as REPORT_CSS } from './pages/page-security.ts';
export { decodeCursor, encodeCursor } from './http/keyset.ts';
export { monitorSections, type RangeName } from '@pageprobe/pages';
export { listChecks } from '@pageprobe/monitors';
// Tests (issue 46, the dashboard's Tests pages): start, list, read, compare as the API does.
export { acceptDepsOf, compareTests, type Comparison, startTest } from './test-routes/test-service.ts';
export { reportUrl, type TestRequest } from '@pageprobe/test-lifecycle';
export { type ListQuery, listTests, testsWhere } from './test-routes/list-tests.ts';
export { testReader } from './test-routes/read-test.ts';
export { presentTest } from './test-routes/present-test.ts';
export { NEWEST_FIRST, pageOf } from './http/keyset.ts';
