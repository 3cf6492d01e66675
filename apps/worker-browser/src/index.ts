export { browserEnv } from './config.ts';
export { start } from './start.ts';
