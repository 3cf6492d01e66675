import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, readdirSync } from 'node:fs';
import pg from 'pg';
import { freePort, type LocalService, spawnService } from './child-service.ts';

export interface PostgresOptions {
  /** Data directory; created with initdb when empty. */
  dataDir: string;
  port?: number;
  /** Trade durability for speed (tests): no fsync, no full-page writes. */
  ephemeral?: boolean;
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

export async function startPostgres({ dataDir, port, ephemeral = false }: PostgresOptions): Promise<LocalService> {
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
