// A PostgreSQL failover on loopback, built from Debian's packages (issue 49): a primary, a streaming
// standby made with `pg_basebackup -R`, and HAProxy in front as the one address the apps know
// (DATABASE_URL), moved to the new primary as an operator's failover (or a managed service's `-rw`
// endpoint) would move it. Used by test/failover/postgres-promotion.test.ts and the failover suite (test/failover).
import { spawnSync } from 'node:child_process';
import {
  appendFileSync,
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  freePort,
  type LocalService,
  postgresBinDir,
  sleep,
  spawnService,
  startPostgres,
  writeLedger,
} from '@pageprobe/local-services';
import pg from 'pg';
import { ROOT_PREFIX } from './services.ts';

/** One PostgreSQL server of the pair: its own port and data directory, whichever role it has now. */
export interface PostgresNode {
  name: 'a' | 'b';
  port: number;
  dataDir: string;
  /** The server's own address (not through the proxy), database `postgres`. */
  url: string;
  /** Running now. */
  readonly running: boolean;
}

export interface PostgresFailover {
  /** The proxy's address for `database` (default `postgres`): what DATABASE_URL names. */
  proxyUrl(database?: string): string;
  /** The node that is (or was last) primary, and the other one. */
  readonly primary: PostgresNode;
  readonly standby: PostgresNode;
  /** The node the proxy sends new connections to. */
  readonly proxied: PostgresNode;
  /** CREATE DATABASE on the primary (it streams to the standby). */
  createDatabase(name: string): Promise<void>;
  /** Waits until the standby has replayed everything the primary has written so far. */
  waitForReplay(timeoutMs?: number): Promise<void>;
  /**
   * Stops the primary. `fast` (the default) sends its last WAL to the standby before it exits, so no
   * commit is lost; `immediate` is a crash: with asynchronous replication the last commits may be gone.
   */
  stopPrimary(mode?: 'fast' | 'immediate'): Promise<void>;
  /** `pg_ctl promote` on the standby, waiting until it takes writes; it is the primary from then on. */
  promoteStandby(): Promise<void>;
  /**
   * Points the proxy at `node` (default: the primary): the configuration rewritten and HAProxy reloaded
   * through its master socket. New connections go there; established ones stay where they were (the old
   * worker keeps them until they close), as in a production reload.
   */
  repointProxy(node?: PostgresNode): Promise<void>;
  /**
   * Starts the stopped old primary again read-only (`default_transaction_read_only = on`), as an old
   * primary that came back as a standby answers: reads work, every write fails with SQLSTATE 25006.
   * Before `promoteStandby` (the proxy still pointing at it) or after.
   */
  restartOldPrimaryReadOnly(): Promise<void>;
  /**
   * Makes the non-primary node a fresh standby of the primary again (its directory replaced by a new
   * base backup): the pair is ready for another failover.
   */
  rebuildStandby(): Promise<void>;
  /** Stops every process and removes every directory; safe to call twice, and after a failure. */
  stop(): Promise<void>;
}

const run = (command: string, args: string[], as: { uid?: number; gid?: number }) => {
  const result = spawnSync(command, args, { ...as, encoding: 'utf8', timeout: 120_000 });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed:\n${result.stderr || result.stdout}`);
  return result.stdout;
};

/** PostgreSQL refuses to run as root: its tools run as the `postgres` system user then (as startPostgres does). */
function serverUser(): { uid?: number; gid?: number } {
  if (process.getuid?.() !== 0) return {};
  const id = (flag: string) => Number(spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' }).stdout);
  return { uid: id('-u'), gid: id('-g') };
}

const HAPROXY = ['/usr/sbin/haproxy', '/usr/bin/haproxy'];

/** Debian's HAProxy, installed with apt-get when missing (as scripts/bootstrap.mjs installs PostgreSQL). */
function haproxyBinary(): string {
  const found = () => HAPROXY.find((candidate) => existsSync(candidate));
  if (found()) return found()!;
  const command = 'apt-get update && apt-get install -y --no-install-recommends haproxy';
  if (process.getuid?.() !== 0) throw new Error(`haproxy is missing; run: sudo sh -c '${command}'`);
  const result = spawnSync('sh', ['-c', command], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (result.status !== 0 || !found()) throw new Error(`could not install haproxy; run: ${command}`);
  // Debian starts the package's own service on install: this topology runs its own.
  spawnSync('sh', ['-c', 'service haproxy stop'], { stdio: 'ignore' });
  return found()!;
}

/** A plain TCP proxy to one server, as an operator's failover configures it. */
function haproxyConfig(listenPort: number, serverPort: number): string {
  return `global
  maxconn 4000
defaults
  mode tcp
  timeout connect 2s
  timeout client 1h
  timeout server 1h
listen postgres
  bind 127.0.0.1:${listenPort}
  server primary 127.0.0.1:${serverPort}
`;
}

/** Sends one command to HAProxy's master CLI and returns its answer. */
function masterCommand(socket: string, command: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const client = connect(socket);
    let answer = '';
    client.on('data', (chunk) => {
      answer += chunk.toString();
    });
    client.on('error', reject);
    client.on('close', () => resolve(answer));
    client.on('connect', () => client.end(`${command}\n`));
  });
}

async function query<T extends pg.QueryResultRow>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end().catch(() => {});
  }
}

async function until(what: string, check: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

/** Starts a primary, its streaming standby and HAProxy pointing at the primary, under a fresh temp root. */
export async function startPostgresFailover(): Promise<PostgresFailover> {
  const haproxyPath = haproxyBinary(); // before anything starts: it may have to be installed
  // Named like the harness's roots, with a ledger of the servers: a run killed outright (SIGKILL) leaves
  // nothing the next run's removeStaleRoots does not end and remove.
  const root = mkdtempSync(join(tmpdir(), `${ROOT_PREFIX}pg-failover-`));
  chmodSync(root, 0o755); // PostgreSQL runs as another user when we are root
  const ledger = join(root, 'processes.json');
  const user = serverUser();
  const bin = postgresBinDir();
  const services = new Map<string, LocalService>();
  let haproxy: Awaited<ReturnType<typeof spawnService>> | null = null;
  const record = () =>
    writeLedger(ledger, process.pid, [
      ...[...services.values()].map((s) => s.pid),
      ...(haproxy?.child.pid ? [haproxy.child.pid] : []),
    ]);
  record();

  const node = async (name: 'a' | 'b'): Promise<PostgresNode> => {
    const port = await freePort();
    return {
      name,
      port,
      dataDir: join(root, `pg-${name}`),
      url: `postgresql://postgres@127.0.0.1:${port}/postgres`,
      get running() {
        return services.has(name);
      },
    };
  };
  const nodes = { a: await node('a'), b: await node('b') };
  let primary = nodes.a;
  let standby = nodes.b;
  let proxied = nodes.a;

  async function startNode(n: PostgresNode) {
    services.set(n.name, await startPostgres({ dataDir: n.dataDir, port: n.port, ephemeral: true }));
    record();
  }
  async function stopNode(n: PostgresNode, mode: 'fast' | 'immediate' = 'fast') {
    const service = services.get(n.name);
    if (!service) return;
    if (mode === 'immediate') {
      // SIGQUIT: PostgreSQL's immediate shutdown, no checkpoint, no last WAL to the standby; as a crash.
      process.kill(service.pid, 'SIGQUIT');
    }
    await service.stop();
    services.delete(n.name);
    record();
  }
  /** `dir` replaced by a base backup of the primary, configured (-R) to stream from it. */
  async function baseBackup(target: PostgresNode) {
    rmSync(target.dataDir, { recursive: true, force: true });
    mkdirSync(target.dataDir, { mode: 0o700 });
    if (user.uid !== undefined) chownSync(target.dataDir, user.uid, user.gid!);
    run(
      `${bin}/pg_basebackup`,
      [
        '-h',
        '127.0.0.1',
        '-p',
        String(primary.port),
        '-U',
        'postgres',
        '-D',
        target.dataDir,
        '-R',
        '-X',
        'stream',
        '-c',
        'fast',
      ],
      user,
    );
    await startNode(target);
    await until(`${target.name} streaming from ${primary.name}`, async () => {
      const rows = await query<{ n: number }>(primary.url, 'SELECT count(*)::int AS n FROM pg_stat_replication');
      return (rows[0]?.n ?? 0) > 0;
    });
  }

  const proxyPort = await freePort();
  const haproxyDir = join(root, 'haproxy');
  mkdirSync(haproxyDir);
  const haproxyCfg = join(haproxyDir, 'haproxy.cfg');
  const masterSocket = join(haproxyDir, 'master.sock');

  const stop = async () => {
    await haproxy?.stop().catch(() => {});
    haproxy = null;
    await Promise.allSettled([...services.values()].map((s) => s.stop()));
    services.clear();
    rmSync(root, { recursive: true, force: true });
  };

  try {
    await startNode(nodes.a);
    await baseBackup(nodes.b);
    writeFileSync(haproxyCfg, haproxyConfig(proxyPort, nodes.a.port));
    haproxy = await spawnService('HAProxy', haproxyPath, ['-W', '-db', '-S', masterSocket, '-f', haproxyCfg], {
      ready: async () =>
        (await query(`postgresql://postgres@127.0.0.1:${proxyPort}/postgres`, 'SELECT 1')).length === 1,
    });
    record();
  } catch (error) {
    await stop();
    throw error;
  }

  const proxyUrl = (database = 'postgres') => `postgresql://postgres@127.0.0.1:${proxyPort}/${database}`;

  return {
    proxyUrl,
    get primary() {
      return primary;
    },
    get standby() {
      return standby;
    },
    get proxied() {
      return proxied;
    },
    async createDatabase(name) {
      await query(primary.url, `CREATE DATABASE ${pg.escapeIdentifier(name)}`);
    },
    async waitForReplay(timeoutMs = 30_000) {
      const [{ lsn } = { lsn: '' }] = await query<{ lsn: string }>(
        primary.url,
        'SELECT pg_current_wal_lsn()::text AS lsn',
      );
      await until(
        `${standby.name} to replay up to ${lsn}`,
        async () => {
          const rows = await query<{ caught_up: boolean }>(
            standby.url,
            `SELECT pg_last_wal_replay_lsn() >= '${lsn}'::pg_lsn AS caught_up`,
          );
          return rows[0]?.caught_up === true;
        },
        timeoutMs,
      );
    },
    async stopPrimary(mode = 'fast') {
      await stopNode(primary, mode);
    },
    async promoteStandby() {
      run(`${bin}/pg_ctl`, ['promote', '-D', standby.dataDir, '-w', '-t', '60'], user);
      await until(`${standby.name} taking writes`, async () => {
        const rows = await query<{ writable: boolean }>(standby.url, 'SELECT NOT pg_is_in_recovery() AS writable');
        return rows[0]?.writable === true;
      });
      [primary, standby] = [standby, primary];
    },
    async repointProxy(target = primary) {
      writeFileSync(haproxyCfg, haproxyConfig(proxyPort, target.port));
      await masterCommand(masterSocket, 'reload');
      proxied = target;
      // The new worker takes new connections once it has loaded the configuration.
      await until(
        `the proxy to reach ${target.name}`,
        async () =>
          (await query<{ port: number }>(proxyUrl(), 'SELECT inet_server_port() AS port'))[0]?.port === target.port,
        15_000,
      );
    },
    async restartOldPrimaryReadOnly() {
      // Before the promotion the stopped primary; after it, the node that was primary.
      const old = !primary.running ? primary : standby;
      if (old.running) throw new Error('no stopped node: stop the primary first');
      appendFileSync(join(old.dataDir, 'postgresql.auto.conf'), 'default_transaction_read_only = on\n');
      await startNode(old);
    },
    async rebuildStandby() {
      await stopNode(standby);
      await baseBackup(standby);
    },
    stop,
  };
}
