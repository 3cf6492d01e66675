import { commonEnv, databaseEnv, loadConfigOrExit, redisEnv, s3Env, targetEnv } from '@pageprobe/config';
import { z } from 'zod';

export const browserEnv = z.object({
  ...commonEnv,
  ...databaseEnv,
  ...redisEnv,
  ...s3Env,
  ...targetEnv,
  CHROME_PATH: z.string().min(1).default('/usr/bin/chromium'),
});

export type BrowserConfig = z.output<typeof browserEnv>;
export const loadBrowserConfig = (env: NodeJS.ProcessEnv = process.env) => loadConfigOrExit(browserEnv, env);
