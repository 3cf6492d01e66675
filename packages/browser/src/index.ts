export { BrowserPool, chromiumSandboxed } from './browser-pool.ts';
export { type BlockedRequest, type EgressPolicy, type EgressProxy, startEgressProxy } from './egress-proxy.ts';
export { applyCredentials, type PageCredentials } from './page-credentials.ts';
export { buildHar } from './build-har.ts';
export type { Har } from 'chrome-har';
