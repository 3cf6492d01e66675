import { after } from 'node:test';
import { type AppName, type AppProcess, spawnApp } from '@pageprobe/testing';

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
