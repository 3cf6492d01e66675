import { spawn } from 'node:child_process';

// The CLI as a person runs it (packages/cli/src/main.ts), against an API with a key: its exit code and
// output, whatever the code; `input` on its standard input, in `cwd`, with `env` over the process's own.

const CLI = new URL('../../packages/cli/src/main.ts', import.meta.url).pathname;

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface CliOptions {
  input?: string;
  cwd?: string;
  env?: Record<string, string>;
}

export function runCli(
  origin: string,
  key: string,
  args: string[],
  { input = '', cwd, env = {} }: CliOptions = {},
): Promise<CliRun> {
  const child = spawn(process.execPath, [CLI, ...args], {
    cwd,
    env: { ...process.env, PAGEPROBE_API_URL: origin, PAGEPROBE_API_KEY: key, NO_COLOR: '1', ...env },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c));
  child.stderr.on('data', (c: Buffer) => (stderr += c));
  child.stdin.end(input);
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
}
