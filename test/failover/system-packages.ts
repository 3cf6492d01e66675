// The Debian packages the failover topology is built from, installed with apt-get when missing, as
// scripts/bootstrap.mjs installs Redis, PostgreSQL and Chromium: a fresh machine runs the suite as it is.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';

/** A package and how to tell it is there: a command on PATH, or a file. */
interface Wanted {
  pkg: string;
  present: () => boolean;
}

const onPath = (bin: string) => spawnSync('sh', ['-c', `command -v ${bin}`], { stdio: 'ignore' }).status === 0;
const postgresBin = (name: string) => {
  const root = '/usr/lib/postgresql';
  return existsSync(root) && readdirSync(root).some((v) => existsSync(`${root}/${v}/bin/${name}`));
};

export const WANTED: Wanted[] = [
  { pkg: 'redis-server', present: () => onPath('redis-server') },
  { pkg: 'redis-sentinel', present: () => onPath('redis-sentinel') },
  // pg_basebackup and pg_ctl come with the server's package.
  {
    pkg: 'postgresql',
    present: () => postgresBin('postgres') && postgresBin('pg_basebackup') && postgresBin('pg_ctl'),
  },
  // The proxy the apps' DATABASE_URL names, moved to the new primary (test/support/postgres-failover.ts).
  { pkg: 'haproxy', present: () => onPath('haproxy') || existsSync('/usr/sbin/haproxy') },
];

/** Installs what is missing of `names` (all by default); returns what it installed. */
export function ensureSystemPackages(names: string[] = WANTED.map((w) => w.pkg)): string[] {
  const missing = WANTED.filter((w) => names.includes(w.pkg) && !w.present()).map((w) => w.pkg);
  if (missing.length === 0) return [];
  const command = `apt-get update && apt-get install -y --no-install-recommends ${missing.join(' ')}`;
  if (process.getuid?.() !== 0)
    throw new Error(`missing system packages: ${missing.join(', ')}; run: sudo sh -c '${command}'`);
  const result = spawnSync('sh', ['-c', command], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (result.status !== 0) throw new Error(`apt-get failed (exit ${result.status}); run: ${command}`);
  // Debian starts a package's service on install (pgbouncer, haproxy, redis): the suite runs its own.
  for (const pkg of missing) spawnSync('sh', ['-c', `service ${pkg} stop`], { stdio: 'ignore' });
  return missing;
}
