export { uptimeEnv } from './config.ts';
export { start } from './start.ts';
