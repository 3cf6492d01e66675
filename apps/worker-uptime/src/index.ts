export { uptimeEnv } from './config.ts';
