import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { after } from 'node:test';
import { fileURLToPath } from 'node:url';

const REPO = fileURLToPath(new URL('../../', import.meta.url));

export interface AppProcess {
  child: ChildProcess;
  /** Everything the process printed so far. */
  output(): string;
  /** Resolves when a printed line matches. */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<string>;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/**
 * Runs an app exactly as production and `npm start` do (`node apps/<name>/src/main.ts`, from `root`: this
 * checkout unless told), waits until it says it is ready, and makes sure it is gone when the test file ends.
 */
export async function startApp(
  name: 'api' | 'worker-uptime' | 'worker-browser' | 'callback-dispatcher',
  env: NodeJS.ProcessEnv,
  { ready = /"msg":"[^"]*(ready|listening)/, root = REPO }: { ready?: RegExp | null; root?: string } = {},
): Promise<AppProcess> {
  const child = spawn(process.execPath, [`apps/${name}/src/main.ts`], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const waiters = new Set<{ pattern: RegExp; resolve: (line: string) => void }>();
  for (const stream of [child.stdout!, child.stderr!]) {
    createInterface({ input: stream }).on('line', (line) => {
      lines.push(line);
      for (const w of waiters) if (w.pattern.test(line)) w.resolve(line);
    });
  }
  const exited = once(child, 'exit');
  after(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });

  const app: AppProcess = {
    child,
    output: () => lines.join('\n'),
    waitFor(pattern, timeoutMs = 20_000) {
      const seen = lines.find((l) => pattern.test(l));
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        const waiter = {
          pattern,
          resolve: (line: string) => {
            clearTimeout(timer);
            waiters.delete(waiter);
            resolve(line);
          },
        };
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          reject(new Error(`${name} printed nothing matching ${pattern} in ${timeoutMs} ms:\n${app.output()}`));
        }, timeoutMs);
        waiters.add(waiter);
        void exited.then(() => {
          if (waiters.has(waiter)) {
            clearTimeout(timer);
            waiters.delete(waiter);
            reject(new Error(`${name} exited (${child.exitCode ?? child.signalCode}):\n${app.output()}`));
          }
        });
      });
    },
    async stop(signal = 'SIGTERM') {
      if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
      child.kill(signal);
      const [code] = await exited;
      return code as number | null;
    },
  };
  if (ready) await app.waitFor(ready);
  return app;
}
