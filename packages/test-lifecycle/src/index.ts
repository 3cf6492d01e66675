export { type CallbackEvent, serialiseCallback } from './callback-payload.ts';
export { waitOutDatabaseOutage } from './database-outage.ts';
export {
  type AlertLinkBases,
  compareReportUrl,
  dashboardDeployUrl,
  dashboardMonitorUrl,
  monitorPageUrl,
  reportUrl,
} from './report-url.ts';
export {
  SWEEP_BATCH,
  startSweeper,
  sweepExpiredIdempotencyKeys,
  sweepPendingDeliveries,
  sweepQueuedTests,
} from './sweeper.ts';
export {
  claimTest,
  deliveryJob,
  enqueueDeliveries,
  finishTest,
  type LifecycleDeps,
} from './transitions.ts';
export { type AlertEvent, serialiseAlert } from './monitor-alerts/alert-payload.ts';
export { type AlertDeploy, alertDeploys, NAMES_DEPLOY } from './monitor-alerts/alert-deploy.ts';
export {
  type AlertToRaise,
  KEY_REVOKED,
  raiseAlert,
  raiseAlerts,
  SECRETS_UNREADABLE,
} from './monitor-alerts/raise-alert.ts';
export {
  ALERT_QUOTAS,
  alertQuotaUse,
  dropOldQuotaUsage,
  type QuotaUse,
  quotaRefusal,
  takeAlertQuota,
} from './monitor-alerts/alert-quota.ts';
export {
  CONFIRM_EVENT,
  CONFIRMATION_DAYS,
  type ConfirmationBody,
  confirmAddress,
  confirmedAddresses,
  findConfirmation,
  mintConfirmation,
  type PendingConfirmation,
  setRecipients,
} from './monitor-alerts/address-confirmation.ts';
export { startTestWorker, type TestWorkerOptions } from './test-worker.ts';
export {
  type AcceptDeps,
  type Accepted,
  acceptTest,
  type Caller,
  assertAllowed,
  checkLocations,
  checkTestRequest,
  type KindOptions,
  locationsOf,
  type TestRequest,
} from './accept/accept-test.ts';
export { majority } from './accept/insert-test.ts';
export {
  finishAtLocation,
  type LocationEntry,
  locationEntries,
  type Where,
} from './locations/finish-at-location.ts';
export { costsFor } from './accept/costs.ts';
export { type Allowance, remainingAllowance } from './accept/free-allowance.ts';
export { type RejectionCode, TestRejected } from './accept/rejections.ts';
export { type DeliveryWithAttempts, TEST_COLUMNS, withCallback } from './test-columns.ts';
export { type Transition, transition } from './monitor-alerts/transition.ts';
export { runFailureOf, runSampleOf } from './monitor-alerts/evaluate-run.ts';
export { bucketStart, CHECK_LEVELS, type Level, LEVELS } from './monitor-history/levels.ts';
export { type RolledRun, recordRollups } from './monitor-history/record-rollups.ts';
export { trackIncident } from './monitor-history/track-incident.ts';
export {
  addRun,
  bucketOf,
  emptyRollup,
  HISTOGRAM_GROWTH,
  mergeRollups,
  quantile,
  type Rollup,
  type RunSample,
  type Stat,
  rollupOf,
  type Summary,
  summarise,
} from './monitor-history/rollup.ts';
export {
  dropExpiredPartitions,
  ensureCurrentPartitions,
  ensurePartitions,
  expireRumDrops,
  partitionUpkeep,
} from './monitor-history/partitions.ts';
export { type HeldFor, type ParentDown, type PlannedAlert, planAlerts } from './monitor-alerts/alert-policy.ts';
export { followParent, parentsDown } from './monitor-alerts/parents-down.ts';
export { degradedTransition, type Verdict } from './monitor-alerts/degraded-transition.ts';
export { type ActiveWindow, activeWindow, covers, windowsOf } from './maintenance/active-window.ts';
export {
  nextOccurrences,
  type Occurrence,
  occurrenceAt,
  type PlannedWindow,
  type WindowSpec,
} from './maintenance/window-times.ts';
export { ruleProblem } from './maintenance/rule-grammar.ts';
export { type OccurrenceColumns, planWindow } from './maintenance/window-plan.ts';
export { ExpansionBudget } from './maintenance/rule-expander.ts';
export { refreshMaintenanceOccurrences } from './maintenance/refresh-occurrences.ts';
export { canonicalZone, instantToWall, wallToInstant } from './maintenance/zone-time.ts';
export { durationWords, type WindowWording, windowSentence } from './maintenance/window-words.ts';
// Status pages' subscribers (issue 58): the notices of incidents' moves, through the outbox.
export {
  incidentEvent,
  incidentNotices,
  type NoticeDelivery,
  type NoticeEvent,
  SUBSCRIBE_CONFIRM_EVENT,
} from './status-notices/fan-out.ts';
export { NOTICE_QUOTAS, takeNoticeQuota } from './status-notices/notice-quota.ts';
export { IMPACTS, worstImpact } from './status-notices/impacts.ts';
export {
  type MaintenanceEvent,
  maintenanceScheduled,
  sweepMaintenanceNotices,
} from './status-notices/maintenance-notices.ts';
