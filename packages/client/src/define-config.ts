import type { ConfigState } from './types.ts';

/**
 * What pageprobe.yaml holds, as pageprobe.config.ts exports it: the desired state of POST /config/apply
 * less what the command line decides (`prune`, `adopt`, and `managed_by`: the file's name).
 */
export type PageprobeConfig = Omit<ConfigState, 'prune' | 'managed_by' | 'adopt'> & { $schema?: string };

/**
 * Types a pageprobe.config.ts: `export default defineConfig({ monitors: [...] })`. It returns the object
 * as it is; `pageprobe plan` and `apply` read the default export. Secrets come from the environment
 * (`process.env.SLACK_WEBHOOK_URL`), never from the file.
 */
export const defineConfig = (config: PageprobeConfig): PageprobeConfig => config;
