// podman as `npm run test:images` runs it: our own containers.conf, output kept for when a step fails.
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { say } from './log.ts';

export const CONTAINERS_CONF = new URL('./containers.conf', import.meta.url).pathname;
/** Build logs and each container's output: test/.artifacts/images/. */
export const LOGS = new URL('../.artifacts/images/', import.meta.url).pathname;
mkdirSync(LOGS, { recursive: true });

export interface Ran {
  code: number;
  stdout: string;
  stderr: string;
}

export class CommandFailed extends Error {
  override readonly name = 'CommandFailed';
}

/**
 * Runs a command to its end. Its output is returned, and also written to `log` (a file under LOGS) when
 * given; a non-zero exit throws with the output's last lines unless `allowFail`.
 */
export function run(
  command: string,
  args: string[],
  {
    log,
    input,
    allowFail = false,
    env,
  }: { log?: string; input?: string | Buffer; allowFail?: boolean; env?: NodeJS.ProcessEnv } = {},
): Promise<Ran> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      env: { ...process.env, CONTAINERS_CONF, ...env },
      stdio: [input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
    });
    const file = log ? createWriteStream(join(LOGS, log)) : undefined;
    let stdout = '';
    let stderr = '';
    child.stdout!.on('data', (d: Buffer) => {
      stdout += d;
      file?.write(d);
    });
    child.stderr!.on('data', (d: Buffer) => {
      stderr += d;
      file?.write(d);
    });
    child.on('error', reject);
    if (input !== undefined) {
      // A command that exits without reading all of it closes the pipe: its exit code says what happened.
      child.stdin!.on('error', () => {});
      child.stdin!.end(input);
    }
    child.on('close', (code) => {
      file?.end();
      const ran = { code: code ?? 1, stdout, stderr };
      if (ran.code === 0 || allowFail) return resolve(ran);
      const tail = `${stdout}${stderr}`.trim().split('\n').slice(-25).join('\n');
      reject(
        new CommandFailed(
          `${command} ${args.slice(0, 3).join(' ')}… exited ${ran.code}${log ? ` (log: ${join(LOGS, log)})` : ''}:\n${tail}`,
        ),
      );
    });
  });
}

export const podman = (args: string[], options?: Parameters<typeof run>[2]) => run('podman', args, options);

export async function imageExists(ref: string): Promise<boolean> {
  return (await podman(['image', 'exists', ref], { allowFail: true })).code === 0;
}

/** An image's size in bytes, as `podman images` counts it (its layers, shared ones included). */
export async function imageSize(ref: string): Promise<number> {
  const { stdout } = await podman(['image', 'inspect', '--format', '{{.Size}}', ref]);
  return Number(stdout.trim());
}

/**
 * Runs `work` again after a failure, up to `times` in all: the Debian mirror and the npm registry drop
 * a download now and then, and what succeeded is kept (podman's layer cache), so a retry is cheap.
 */
export async function retried<T>(what: string, times: number, work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= times) throw error;
      say(
        `  ${what} failed (attempt ${attempt} of ${times}), trying again: ${(error as Error).message.split('\n').at(-1)}`,
      );
    }
  }
}
