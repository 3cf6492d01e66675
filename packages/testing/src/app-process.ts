import { PROCESS_ENV } from '@pageprobe/config';
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { lineWatcher } from './line-watcher.ts';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

const REPO = fileURLToPath(new URL('../../../', import.meta.url));

export type AppName = 'api' | 'worker-uptime' | 'worker-browser' | 'callback-dispatcher' | 'dashboard';

export interface AppProcess {
  child: ChildProcess;
  /** Everything the process printed so far. */
  output(): string;
  /** Resolves with the first printed line that matches; rejects when the process exits first. */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<string>;
  /** Sends `signal` (SIGTERM) and resolves with the exit code once it has exited. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

export interface SpawnOptions {
  /** A line that says the app is ready (default: its "ready" or "listening" log line); null: do not wait. */
  ready?: RegExp | null;
  /** Instead of a line: ready once this URL answers (for apps that log only warnings). */
  readyUrl?: string;
  /** The checkout to run from: this one unless told (the image test runs installed copies). */
  root?: string;
  timeoutMs?: number;
  /** Called as soon as the process exists, before it is ready: for cleanup hooks (a test's `after`). */
  onSpawn?: (child: ChildProcess) => void;
  /** Once ready, read the process's output no more (a benchmark's app logging each job would cost the bench). */
  discardOutput?: boolean;
}

/**
 * Runs an app exactly as production and `npm start` do (`node apps/<name>/src/main.ts`), or any script
 * given as arguments, and waits until it says it is ready.
 */
export async function spawnApp(
  app: AppName | string[],
  env: NodeJS.ProcessEnv,
  {
    ready = /"msg":"[^"]*(ready|listening)/,
    readyUrl,
    root = REPO,
    timeoutMs = 60_000,
    onSpawn,
    discardOutput = false,
  }: SpawnOptions = {},
): Promise<AppProcess> {
  const args = typeof app === 'string' ? [`apps/${app}/src/main.ts`] : app;
  const name = typeof app === 'string' ? app : args.join(' ');
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...PROCESS_ENV, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  onSpawn?.(child);
  const watcher = lineWatcher(name, 'printed');
  const readers = [child.stdout!, child.stderr!].map((stream) =>
    createInterface({ input: stream }).on('line', (line) => watcher.add(line)),
  );
  const exited = once(child, 'exit');
  const closed = once(child, 'close').catch(() => undefined);

  const process_: AppProcess = {
    child,
    output: watcher.output,
    waitFor: (pattern, waitMs = timeoutMs) =>
      watcher.waitFor(pattern, waitMs, {
        promise: exited,
        why: () => `exited (${child.exitCode ?? child.signalCode})`,
      }),
    async stop(signal = 'SIGTERM') {
      if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
      child.kill(signal);
      const [code] = await exited;
      // Its last lines may still be in the pipe when it has exited: they are read by the time the pipes
      // close (unless something it started holds them open: then not waited for long).
      await Promise.race([closed, sleep(1_000)]);
      return code as number | null;
    },
  };
  if (readyUrl) await untilAnswers(readyUrl, child, timeoutMs, process_);
  else if (ready) await process_.waitFor(ready);
  if (discardOutput) {
    for (const reader of readers) reader.close();
    // Still drained, or the child would block on a full pipe.
    for (const stream of [child.stdout!, child.stderr!]) stream.resume();
  }
  return process_;
}

async function untilAnswers(url: string, child: ChildProcess, timeoutMs: number, app: AppProcess): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const answered = await fetch(url).then(
      async (r) => {
        await r.body?.cancel();
        return true;
      },
      () => false,
    );
    if (answered) return;
    if (child.exitCode !== null) throw new Error(`${url}: the process exited (${child.exitCode}):\n${app.output()}`);
    if (Date.now() > deadline) throw new Error(`${url} did not answer in ${timeoutMs} ms:\n${app.output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
