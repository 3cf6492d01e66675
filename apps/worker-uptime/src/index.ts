export { checkUptime, type UptimeResult } from './check-uptime.ts';
export { runUptimeTest } from './run-uptime-test.ts';
export { uptimeEnv } from './config.ts';
