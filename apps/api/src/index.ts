export { createAdminService } from '@pageprobe/services';
export { apiListener, createApp } from './app.ts';
export { apiEnv, type ApiConfig } from './config.ts';
export type { ApiDeps } from './deps.ts';
export { generateApiKey, hashApiKey } from '@pageprobe/accounts';
export { publicSpec } from './openapi/load-spec.ts';
export { openTestQueues } from '@pageprobe/services';
// The write limits' limiter lives in @pageprobe/ops (the dashboard's forms use it too); tests reach it here.
export { SlidingWindowLimiter } from '@pageprobe/ops';
export { start } from './start.ts';
