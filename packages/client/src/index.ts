export { type Answer, type ClientOptions, createClient, type PageprobeClient } from './client.ts';
export { type Change, significantChanges } from './changes.ts';
export { defineConfig, type PageprobeConfig } from './define-config.ts';
export { deployLines } from './deploy-lines.ts';
export { PageprobeError } from './errors.ts';
export {
  cadence,
  type Figures,
  extrasOf,
  figuresOf,
  type KindFacts,
  KINDS,
  kindsTaking,
  kindUsage,
  listed,
  MONITOR_KINDS,
  type MonitorKindFacts,
  monitorSubject,
  monitorTypesWhere,
  ms,
  type Paint,
  pinged,
  plain,
  printable,
  seriesOf,
  testTypesWhere,
  verdict,
} from './kinds.ts';
export { EXPECT_OPERATORS, EXPECT_SOURCES, MONITOR_TYPES, TEST_TYPES } from './names.ts';
export type * from './types.ts';
export type { DeployWaitOptions, WaitOptions } from './wait.ts';

export { verifyWebhook, type WebhookFailure, WEBHOOK_TOLERANCE_SECONDS, WebhookVerificationError } from './webhook.ts';
export type { components, paths } from './schema.ts';
