// A Redis Sentinel topology on loopback from Debian's packages (issue 49): a master, its replica(s) and
// three sentinels, each a process of its own under a temporary directory, for the failover tests. It
// can kill the master (SIGKILL, as a crashed machine), start a killed server again (the sentinels make it
// a replica of the new master), and switch the master over while it is alive (SENTINEL FAILOVER).
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { createServer, type Server, type Socket, connect as connectTcp } from 'node:net';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RedisTarget } from '@pageprobe/config';
import { freePort, writeLedger } from '@pageprobe/local-services';
import { Redis } from 'ioredis';
import { ROOT_PREFIX } from './services.ts';

export interface SentinelTopologyOptions {
  /** The master group's name. */
  name?: string;
  /** Replicas of the master (one by default). */
  replicas?: number;
  /** Sentinels (three by default, quorum two). */
  sentinels?: number;
  /** How long a master is silent before a sentinel holds it down. */
  downAfterMs?: number;
  /** Sentinel's failover-timeout: also twice this before a failed election is tried again. */
  failoverTimeoutMs?: number;
}

export interface RedisAddress {
  host: string;
  port: number;
}

export interface SentinelTopology {
  name: string;
  /** What the servers and the sentinels require (AUTH), as production would. */
  password: string;
  sentinels: RedisAddress[];
  /** Every data server's port (master and replicas), whichever role each has now. */
  ports: number[];
  /** An app's variables for it: REDIS_SENTINELS, REDIS_SENTINEL_NAME, REDIS_SENTINEL_PASSWORD, REDIS_URL unset. */
  env: Record<string, string>;
  /** What the configuration makes of `env` (for createRedis in the test's own process). */
  target: RedisTarget;
  /** The master a majority of the sentinels name now. */
  master(): Promise<RedisAddress>;
  /** SIGKILLs the current master (no shutdown, no last write); its port, and when (Date.now()). */
  killMaster(): Promise<{ port: number; at: number }>;
  /**
   * Waits until a majority of the sentinels name a master other than `oldPort` and that server answers
   * as a master; returns it and when that was first seen.
   */
  waitForPromotion(oldPort: number, timeoutMs?: number): Promise<RedisAddress & { at: number }>;
  /** Starts a killed server again on its port: empty, as a master, until the sentinels make it a replica. */
  restart(port: number): Promise<void>;
  /** Waits until the server on `port` has `role` (a replica: with its link to the master up). */
  waitForRole(port: number, role: 'master' | 'slave', timeoutMs?: number): Promise<void>;
  /** A planned switch (SENTINEL FAILOVER): the master steps down alive, a replica is promoted. */
  failover(): Promise<void>;
  /** A direct connection to one server (not through the sentinels): the caller disconnects it. */
  connect(port: number): Redis;
  /** Ends every process and removes the directory; safe to call twice. */
  stop(): Promise<void>;
}

interface Member {
  kind: 'redis' | 'sentinel';
  running: boolean;
  port: number;
  conf: string;
  child?: ChildProcess;
  exited?: Promise<void>;
  output: string;
}

/** Installs Debian's redis-sentinel (and redis-server) when missing, as scripts/bootstrap.mjs does. */
export function ensureRedisSentinel(): void {
  const has = (command: string) => spawnSync('sh', ['-c', `command -v ${command}`]).status === 0;
  if (has('redis-server') && has('redis-sentinel')) return;
  const command =
    'apt-get update && apt-get install -y --no-install-recommends redis-server redis-sentinel redis-tools';
  if (process.getuid?.() !== 0) throw new Error(`redis-sentinel is missing; install it: sudo sh -c '${command}'`);
  const run = spawnSync('sh', ['-c', command], {
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`could not install redis-sentinel (${command}):\n${run.stderr}`);
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function until<T>(what: string, timeoutMs: number, check: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value !== undefined) return value;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline)
      throw new Error(`${what}: not within ${timeoutMs} ms${last ? ` (last error: ${(last as Error).message})` : ''}`);
    await sleep(100);
  }
}

export async function startSentinelTopology(options: SentinelTopologyOptions = {}): Promise<SentinelTopology> {
  ensureRedisSentinel();
  const {
    name = 'pageprobe',
    replicas = 1,
    sentinels: sentinelCount = 3,
    downAfterMs = 1_000,
    failoverTimeoutMs = 3_000,
  } = options;
  // Under the test roots' prefix with a ledger: a run killed outright has its processes reaped by the next.
  const dir = mkdtempSync(join(tmpdir(), `${ROOT_PREFIX}sentinel-`));
  chmodSync(dir, 0o755);
  const password = `sentinel-test-${process.pid}-${Date.now().toString(36)}`;
  const members: Member[] = [];
  const ledger = () =>
    writeLedger(
      join(dir, 'processes.json'),
      process.pid,
      members.flatMap((m) => (m.child?.pid && m.running ? [m.child.pid] : [])),
    );
  const killAll = () => {
    for (const m of members) if (m.running) m.child?.kill('SIGKILL');
  };
  process.on('exit', killAll);

  const launch = async (member: Member) => {
    const command = member.kind === 'redis' ? 'redis-server' : 'redis-sentinel';
    const child = spawn(command, [member.conf], { stdio: ['ignore', 'pipe', 'pipe'] });
    member.child = child;
    member.running = true;
    member.exited = once(child, 'exit').then(() => {
      member.running = false;
    });
    member.output = '';
    const keep = (chunk: Buffer) => {
      member.output = (member.output + chunk.toString()).slice(-4000);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    ledger();
    await until(`${command} on ${member.port} answering`, 15_000, async () => {
      if (!member.running) throw new Error(`${command} exited: ${member.output}`);
      const redis = direct(member.port);
      try {
        return (await redis.ping()) === 'PONG' ? true : undefined;
      } finally {
        redis.disconnect();
      }
    });
  };

  const direct = (port: number) =>
    new Redis({
      host: '127.0.0.1',
      port,
      password,
      lazyConnect: false,
      retryStrategy: () => null,
      maxRetriesPerRequest: 0,
      connectTimeout: 1_000,
      commandTimeout: 2_000,
    }).on('error', () => {});

  const stop = async () => {
    process.off('exit', killAll);
    await Promise.all(
      members.map(async (m) => {
        if (!m.running) return;
        m.child?.kill('SIGKILL');
        await m.exited;
      }),
    );
    rmSync(dir, { recursive: true, force: true });
  };

  const roleOf = async (port: number) => {
    const redis = direct(port);
    try {
      return pairs(
        (await redis.info('replication'))
          .split('\r\n')
          .filter((line) => line.includes(':'))
          .flatMap((line) => line.split(':', 2)),
      );
    } finally {
      redis.disconnect();
    }
  };
  async function waitForRole(port: number, role: 'master' | 'slave', timeoutMs = 30_000) {
    await until(`redis ${port} as ${role}`, timeoutMs, async () => {
      const info = await roleOf(port);
      if (info.role !== role) return undefined;
      return role === 'master' || info.master_link_status === 'up' ? true : undefined;
    });
  }
  try {
    const serverPorts: number[] = [];
    for (let i = 0; i <= replicas; i++) serverPorts.push(await freePort());
    const [masterPort] = serverPorts as [number];
    for (const port of serverPorts) {
      const data = join(dir, `redis-${port}`);
      mkdirSync(data);
      const conf = join(data, 'redis.conf');
      writeFileSync(
        conf,
        [
          `port ${port}`,
          'bind 127.0.0.1',
          `dir ${data}`,
          'save ""',
          'appendonly no',
          `requirepass ${password}`,
          `masterauth ${password}`,
          // BullMQ needs keys never evicted.
          'maxmemory-policy noeviction',
          ...(port === masterPort ? [] : [`replicaof 127.0.0.1 ${masterPort}`]),
          '',
        ].join('\n'),
      );
      members.push({ kind: 'redis', running: false, port, conf, output: '' });
    }
    for (const member of members) await launch(member);
    for (const port of serverPorts.slice(1)) await waitForRole(port, 'slave', 15_000);

    const sentinelPorts: number[] = [];
    for (let i = 0; i < sentinelCount; i++) sentinelPorts.push(await freePort());
    const quorum = Math.floor(sentinelCount / 2) + 1;
    for (const port of sentinelPorts) {
      const data = join(dir, `sentinel-${port}`);
      mkdirSync(data);
      const conf = join(data, 'sentinel.conf');
      // Sentinel rewrites its file (what it learnt, its id): each has its own.
      writeFileSync(
        conf,
        [
          `port ${port}`,
          'bind 127.0.0.1',
          `dir ${data}`,
          `requirepass ${password}`,
          `sentinel sentinel-pass ${password}`,
          `sentinel monitor ${name} 127.0.0.1 ${masterPort} ${quorum}`,
          `sentinel auth-pass ${name} ${password}`,
          `sentinel down-after-milliseconds ${name} ${downAfterMs}`,
          `sentinel failover-timeout ${name} ${failoverTimeoutMs}`,
          `sentinel parallel-syncs ${name} 1`,
          '',
        ].join('\n'),
      );
      const member: Member = { kind: 'sentinel', running: false, port, conf, output: '' };
      members.push(member);
      await launch(member);
    }
    // Ready when every sentinel knows the others (their hellos, every 2 s) and the replicas, and the
    // quorum and a failover's authorization can be reached.
    for (const port of sentinelPorts) {
      await until(`sentinel ${port} knowing the others`, 30_000, async () => {
        const redis = direct(port);
        try {
          const master = pairs((await redis.call('SENTINEL', 'MASTER', name)) as string[]);
          if (Number(master['num-other-sentinels']) !== sentinelCount - 1) return undefined;
          if (Number(master['num-slaves']) !== replicas) return undefined;
          return String(await redis.call('SENTINEL', 'CKQUORUM', name)).startsWith('OK') ? true : undefined;
        } finally {
          redis.disconnect();
        }
      });
    }

    const sentinels = sentinelPorts.map((port) => ({ host: '127.0.0.1', port }));
    const askAll = async () =>
      Promise.all(
        sentinelPorts.map(async (port) => {
          const redis = direct(port);
          try {
            const [host, p] = (await redis.call('SENTINEL', 'GET-MASTER-ADDR-BY-NAME', name)) as [string, string];
            return { host, port: Number(p) };
          } catch {
            return null;
          } finally {
            redis.disconnect();
          }
        }),
      );
    const majorityMaster = async (): Promise<RedisAddress | undefined> => {
      const answers = (await askAll()).filter((a) => a !== null);
      for (const answer of answers) {
        if (answers.filter((a) => a.port === answer.port).length >= quorum) return answer;
      }
      return undefined;
    };
    const memberOn = (port: number) => {
      const member = members.find((m) => m.kind === 'redis' && m.port === port);
      if (!member) throw new Error(`no Redis server of this topology on ${port}`);
      return member;
    };

    return {
      name,
      password,
      sentinels,
      ports: serverPorts,
      env: {
        REDIS_URL: '',
        REDIS_SENTINELS: sentinels.map((s) => `${s.host}:${s.port}`).join(','),
        REDIS_SENTINEL_NAME: name,
        REDIS_SENTINEL_PASSWORD: password,
      },
      target: { sentinels, name, password, sentinelPassword: password },
      master: () => until('a master named by a majority of the sentinels', 10_000, majorityMaster),
      async killMaster() {
        const master = await until('a master named by a majority of the sentinels', 10_000, majorityMaster);
        const member = memberOn(master.port);
        const at = Date.now();
        member.child?.kill('SIGKILL');
        await member.exited;
        ledger();
        return { port: master.port, at };
      },
      waitForPromotion: (oldPort, timeoutMs = 60_000) =>
        until(`a new master in place of ${oldPort}`, timeoutMs, async () => {
          const master = await majorityMaster();
          if (!master || master.port === oldPort) return undefined;
          const at = Date.now();
          return (await roleOf(master.port)).role === 'master' ? { ...master, at } : undefined;
        }),
      async restart(port) {
        const member = memberOn(port);
        if (member.running) throw new Error(`redis ${port} is running`);
        await launch(member);
      },
      waitForRole,
      async failover() {
        const redis = direct(sentinelPorts[0]!);
        try {
          await redis.call('SENTINEL', 'FAILOVER', name);
        } finally {
          redis.disconnect();
        }
      },
      connect: (port) =>
        new Redis({ host: '127.0.0.1', port, password, maxRetriesPerRequest: null }).on('error', () => {}),
      stop,
    };
  } catch (error) {
    const outputs = members.map((m) => `--- ${m.kind} ${m.port}\n${m.output.trim()}`).join('\n');
    await stop();
    throw new Error(`${(error as Error).message}\n${outputs}`);
  }
}

/** A flat [key, value, key, value] reply as an object. */
function pairs(flat: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (let i = 0; i + 1 < flat.length; i += 2) out[flat[i]!] = flat[i + 1]!;
  return out;
}

/**
 * An address that forwards to one server and can be moved to another, as a managed service's endpoint
 * (its DNS name) moves on a failover: a connection made before the move stays with the old server.
 */
export interface MovableEndpoint {
  port: number;
  url(password: string): string;
  moveTo(port: number): void;
  close(): Promise<void>;
}

export async function startMovableEndpoint(to: number): Promise<MovableEndpoint> {
  let target = to;
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const upstream = connectTcp(target, '127.0.0.1');
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => {});
      socket.on('close', () => {
        sockets.delete(socket);
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  return {
    port,
    url: (password) => `redis://:${encodeURIComponent(password)}@127.0.0.1:${port}`,
    moveTo(next) {
      target = next;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      server.close();
      await once(server, 'close');
    },
  };
}
