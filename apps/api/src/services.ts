// What the dashboard (issue 46) calls to read and change a team's resources: the API's own services, so a
// change made there is checked, limited, audited and announced exactly as the API's. Add a resource's
// service here when its routes call it.

// Who asks, the checks of a body against the public document, the API's errors, the deps and settings.
export { type Caller, auditCaller } from './http/caller.ts';
export { checkInput } from './openapi/check-input.ts';
export { ProblemError } from './http/problem.ts';
export type { ServiceDeps } from './deps.ts';
export { serviceEnvShape } from './service-config.ts';
export { openTestQueues } from './test-queues.ts';
export { NEWEST_FIRST, pageOf } from './http/keyset.ts';

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
export { CSS as REPORT_CSS } from './pages/page-security.ts';
export { monitorSections, type RangeName } from '@pageprobe/pages';
export { listChecks, listPings, type StoredPing } from '@pageprobe/monitors';
// A heartbeat's ping URL and timing as the monitor's JSON gives them (issue 47).
export { heartbeatFields } from './monitors/heartbeat-input.ts';

// Alert channels, maintenance windows, status pages; the public status page's view and the windows' zones.
export * as alertChannels from './alert-channels/channel-service.ts';
export * as maintenanceWindows from './maintenance-windows/window-service.ts';
export * as statusPages from './status-pages/status-page-service.ts';
export { loadStatusPage } from './pages/status-page-routes.ts';
export { statusPage } from '@pageprobe/pages';
export { canonicalZone, instantToWall, wallToInstant } from '@pageprobe/test-lifecycle';
