import { intVar, loadConfigOrExit, redisTargetCheck, withRedisTarget } from '@pageprobe/config';
import { dns, multistep, smtp, tcp, uptime } from '@pageprobe/test-kinds';
import { kindEnv, testHostEnv } from '@pageprobe/worker-host';
import { z } from 'zod';

export const uptimeEnv = z
  .object({
    ...testHostEnv,
    ...kindEnv(uptime),
    // The worker runs tcp and dns checks too (issue 47): they wait on the network like uptime's.
    ...kindEnv(tcp),
    ...kindEnv(dns),
    // And multistep API checks (issue 59): a few requests each, on the network too.
    ...kindEnv(multistep),
    // And SMTP checks: a mail server's greeting, EHLO and STARTTLS.
    ...kindEnv(smtp),
    // Monitors' checks in flight at once in this process (issue 29), beside UPTIME_CONCURRENCY's tests.
    MONITOR_CHECKS_CONCURRENCY: intVar(500, { min: 1, max: 10_000 }),
  })
  .check(redisTargetCheck)
  .transform(withRedisTarget);

export type UptimeConfig = z.output<typeof uptimeEnv>;

export const loadUptimeConfig = (env: NodeJS.ProcessEnv = process.env) => loadConfigOrExit(uptimeEnv, env);
