export { createAdminService } from './admin/admin-service.ts';
export { apiListener, createApp } from './app.ts';
export { apiEnv, type ApiConfig } from './config.ts';
export type { ApiDeps } from './deps.ts';
export { generateApiKey, hashApiKey } from '@pageprobe/accounts';
export { publicSpec } from './openapi/load-spec.ts';
export { openTestQueues } from './test-queues.ts';
export { SlidingWindowLimiter } from './limits/sliding-window.ts';
