import { type ChildProcess, spawn } from 'node:child_process';
import { sleep } from '@pageprobe/local-services';

const REPO = new URL('../../', import.meta.url).pathname;

/** Starts `node <args>` from the repository root and waits until `readyUrl` answers. */
export async function startProcess(
  args: string[],
  env: NodeJS.ProcessEnv,
  readyUrl?: string,
  readyLine?: RegExp,
  settleMs = 0,
): Promise<ChildProcess> {
  const child = spawn(process.execPath, args, { cwd: REPO, env, stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout?.on('data', (d) => {
    out += d;
  });
  if (!readyUrl && !readyLine) {
    await sleep(settleMs);
    return child;
  }
  for (let i = 0; i < 300; i++) {
    if (
      readyUrl &&
      (await fetch(readyUrl).then(
        () => true,
        () => false,
      ))
    )
      return child;
    if (readyLine?.test(out)) return child;
    if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited:\n${out}`);
    await sleep(100);
  }
  throw new Error(`${args.join(' ')} did not start`);
}

/** SIGTERM, then wait for the exit, so nothing is still shutting down when the services stop. */
export async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}
