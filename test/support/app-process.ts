import { after } from 'node:test';
import { freePort } from '@pageprobe/local-services';
import { type AppName, type AppProcess, spawnApp } from '@pageprobe/testing';
import { type InProcessApp, startInProcess } from './stack.ts';

export type { AppProcess } from '@pageprobe/testing';

/**
 * Runs an app exactly as production and `npm start` do (`node apps/<name>/src/main.ts`, from `root`: this
 * checkout unless told), waits until it says it is ready, and makes sure it is gone when the test file ends.
 */
export function startApp(
  name: AppName,
  env: NodeJS.ProcessEnv,
  options: { ready?: RegExp | null; root?: string } = {},
): Promise<AppProcess> {
  return spawnApp(name, env, {
    ...options,
    onSpawn: (child) =>
      after(() => {
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      }),
  });
}

/**
 * The API on a free port, letting tests reach local targets and poll freely: private targets allowed, the
 * read limit raised. In the file's own process (stack.ts) unless `process` is asked for (a test that kills
 * it, or reads its process's memory). Returns its origin.
 */
export async function startApiApp(
  env: { appEnv(extra?: Record<string, string>): NodeJS.ProcessEnv },
  extra?: Record<string, string>,
): Promise<{ origin: string; app: InProcessApp }>;
export async function startApiApp(
  env: { appEnv(extra?: Record<string, string>): NodeJS.ProcessEnv },
  extra: Record<string, string>,
  options: { process: true },
): Promise<{ origin: string; app: AppProcess }>;
export async function startApiApp(
  env: { appEnv(extra?: Record<string, string>): NodeJS.ProcessEnv },
  extra: Record<string, string> = {},
  { process = false }: { process?: boolean } = {},
): Promise<{ origin: string; app: AppProcess | InProcessApp }> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const vars = env.appEnv({
    PORT: String(port),
    PUBLIC_BASE_URL: origin,
    ALLOW_PRIVATE_TARGETS: 'true',
    RATE_LIMIT_READS_PER_MIN: '100000',
    ...extra,
  });
  const app = process ? await startApp('api', vars) : await startInProcess('api', vars);
  return { origin, app };
}
