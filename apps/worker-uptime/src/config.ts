import { intVar, loadConfigOrExit } from '@pageprobe/config';
import { uptime } from '@pageprobe/test-kinds';
import { kindEnv, testHostEnv } from '@pageprobe/worker-host';
import { z } from 'zod';

export const uptimeEnv = z.object({
  ...testHostEnv,
  ...kindEnv(uptime),
  // Monitors' checks in flight at once in this process (issue 29), beside UPTIME_CONCURRENCY's tests.
  MONITOR_CHECKS_CONCURRENCY: intVar(500, { min: 1, max: 10_000 }),
});

export type UptimeConfig = z.output<typeof uptimeEnv>;

export const loadUptimeConfig = (env: NodeJS.ProcessEnv = process.env) => loadConfigOrExit(uptimeEnv, env);
