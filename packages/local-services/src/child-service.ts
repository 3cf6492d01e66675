import { type ChildProcess, spawn, type SpawnOptions } from 'node:child_process';
import { once } from 'node:events';
import { randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/** A server we started and must stop: PostgreSQL, Redis or the S3 server. */
export interface LocalService {
  name: string;
  url: string;
  port: number;
  pid: number;
  stop(): Promise<void>;
}

/** The kernel's range for ephemeral ports: outgoing connections and `listen(0)` take ports from it. */
function ephemeralRange(): [number, number] {
  try {
    const [low, high] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/).map(Number);
    if (low && high) return [low, high];
  } catch {}
  return [32768, 60999];
}

async function canListen(port: number): Promise<boolean> {
  const server = createServer();
  server.listen(port, '127.0.0.1');
  const listening = await Promise.race([
    once(server, 'listening').then(() => true),
    once(server, 'error').then(() => false),
  ]);
  if (listening) {
    server.close();
    await once(server, 'close');
  }
  return listening;
}

/**
 * A port nothing listens on, for a server started next. It is taken below the ephemeral range: a port
 * from `listen(0)` is free only until some process's outgoing connection takes it as its local port
 * (CI saw an API fail with EADDRINUSE that way), and nothing takes ports below the range on its own.
 */
export async function freePort(): Promise<number> {
  const [low] = ephemeralRange();
  const floor = 10_000;
  for (let attempt = 0; low - floor > 1_000 && attempt < 50; attempt++) {
    const port = floor + randomInt(low - floor);
    if (await canListen(port)) return port;
  }
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  await once(server, 'close');
  return port;
}

/**
 * Starts a long-running server as a direct child (never daemonised, so stopping it is a signal and a
 * wait), keeps the tail of its output for error messages, and waits until `ready()` succeeds.
 */
export async function spawnService(
  name: string,
  command: string,
  args: string[],
  options: SpawnOptions & { ready: () => Promise<boolean>; stopSignal?: NodeJS.Signals; timeoutMs?: number },
): Promise<{ child: ChildProcess; stop: () => Promise<void> }> {
  const { ready, stopSignal = 'SIGTERM', timeoutMs = 30_000, ...spawnOptions } = options;
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], ...spawnOptions });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  let exited = false;
  // Last resort: if this process ends (even through an uncaught error) with the server still up,
  // take it down too rather than leave it running on its own.
  const killOnExit = () => {
    if (!exited) child.kill('SIGKILL');
  };
  process.on('exit', killOnExit);
  const exit = once(child, 'exit').then(() => {
    exited = true;
    process.off('exit', killOnExit);
  });
  const spawnError = once(child, 'error').then(([error]) => error as Error);

  const stop = async () => {
    if (exited) return;
    child.kill(stopSignal);
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exit;
    clearTimeout(timer);
  };

  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const failed = await Promise.race([spawnError, exit.then(() => null), sleep(100).then(() => undefined)]);
    if (failed instanceof Error) throw new Error(`could not start ${name} (${command}): ${failed.message}`);
    if (exited) throw new Error(`${name} exited during start-up:\n${output.trim()}`);
    if (await ready().catch(() => false)) return { child, stop };
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`${name} did not become ready within ${timeoutMs / 1000} s:\n${output.trim()}`);
    }
  }
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
