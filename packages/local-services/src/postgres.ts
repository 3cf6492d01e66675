import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, readdirSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { freePort, type LocalService, sleep, spawnService } from './child-service.ts';

export interface PostgresOptions {
  /** Data directory; created with initdb when empty. */
  dataDir: string;
  port?: number;
  /** Trade durability for speed (tests): no fsync, no full-page writes. */
  ephemeral?: boolean;
  /**
   * In a process group of its own (`npm start`): a terminal's Ctrl-C then reaches only the process that
   * started it, which stops it after the apps that use it.
   */
  ownProcessGroup?: boolean;
}

/** The newest PostgreSQL server binaries on the machine (Debian puts them outside PATH). */
export function postgresBinDir(): string {
  try {
    return execFileSync('pg_config', ['--bindir'], { encoding: 'utf8' }).trim();
  } catch {
    const root = '/usr/lib/postgresql';
    const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
    if (!versions[0]) throw new Error('PostgreSQL server binaries not found: apt-get install -y postgresql');
    return `${root}/${versions[0]}/bin`;
  }
}

/** PostgreSQL refuses to run as root: then it runs as the `postgres` system user. */
function serverUser(): { uid?: number; gid?: number } {
  if (process.getuid?.() !== 0) return {};
  const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }));
  const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }));
  return { uid, gid };
}

/** The processes whose working directory is `dir`: every process of a PostgreSQL server runs in its data directory. */
function processesIn(dir: string): number[] {
  const target = realpathSync(dir);
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((pid) => {
      try {
        return realpathSync(`/proc/${pid}/cwd`) === target;
      } catch {
        return false; // gone meanwhile, or not ours to look at
      }
    })
    .map(Number);
}

/**
 * A server killed outright leaves `postmaster.pid` behind, and PostgreSQL refuses to start while the pid
 * in it is alive, even when the kernel has given that pid to another process since; its socket lock
 * files stay too. Unless the server recorded there really runs in this directory (then PostgreSQL's own
 * refusal stands), this ends the dead server's orphaned backends, which would still hold its shared
 * memory, and removes those files.
 */
async function clearStaleLock(dataDir: string): Promise<void> {
  const lock = join(dataDir, 'postmaster.pid');
  if (!existsSync(lock)) return;
  const owner = Number(readFileSync(lock, 'utf8').split('\n')[0]);
  let left = processesIn(dataDir);
  if (left.includes(owner)) return;
  for (const pid of left) process.kill(pid, 'SIGKILL');
  for (let waited = 0; left.length > 0 && waited < 5_000; waited += 50) {
    await sleep(50);
    left = processesIn(dataDir);
  }
  for (const name of readdirSync(dataDir)) {
    if (name === 'postmaster.pid' || name.startsWith('.s.PGSQL.')) rmSync(join(dataDir, name), { force: true });
  }
}

export async function startPostgres({
  dataDir,
  port,
  ephemeral = false,
  ownProcessGroup = false,
}: PostgresOptions): Promise<LocalService> {
  const bin = postgresBinDir();
  const user = serverUser();
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  if (user.uid !== undefined) chownSync(dataDir, user.uid, user.gid!);
  if (!existsSync(`${dataDir}/PG_VERSION`)) {
    const init = spawnSync(
      `${bin}/initdb`,
      ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync'],
      {
        ...user,
        encoding: 'utf8',
      },
    );
    if (init.status !== 0) throw new Error(`initdb failed:\n${init.stderr || init.stdout}`);
  }
  await clearStaleLock(dataDir);
  const listenPort = port ?? (await freePort());
  const settings = [
    `port=${listenPort}`,
    'listen_addresses=127.0.0.1',
    `unix_socket_directories=${dataDir}`,
    'max_connections=300',
    ...(ephemeral ? ['fsync=off', 'synchronous_commit=off', 'full_page_writes=off'] : []),
  ];
  const url = `postgresql://postgres@127.0.0.1:${listenPort}/postgres`;
  const { child, stop } = await spawnService(
    'PostgreSQL',
    `${bin}/postgres`,
    ['-D', dataDir, ...settings.flatMap((s) => ['-c', s])],
    {
      ...user,
      detached: ownProcessGroup,
      // SIGINT is PostgreSQL's "fast" shutdown: roll back sessions, checkpoint, exit.
      stopSignal: 'SIGINT',
      ready: async () => {
        const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
        try {
          await client.connect();
          return true;
        } finally {
          await client.end().catch(() => {});
        }
      },
    },
  );
  return { name: 'postgres', url, port: listenPort, pid: child.pid!, stop };
}
