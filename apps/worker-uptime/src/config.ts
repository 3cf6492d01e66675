import { loadConfigOrExit } from '@pageprobe/config';
import { uptime } from '@pageprobe/test-kinds';
import { kindEnv, testHostEnv } from '@pageprobe/worker-host';
import { z } from 'zod';

export const uptimeEnv = z.object({ ...testHostEnv, ...kindEnv(uptime) });

export const loadUptimeConfig = (env: NodeJS.ProcessEnv = process.env) => loadConfigOrExit(uptimeEnv, env);
