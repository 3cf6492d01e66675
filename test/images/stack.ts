// The stack on one podman network: PostgreSQL, Redis and the S3 server in containers of their own, the
// migration as the Job runs it, then each Deployment's container with what its manifest says.
//
// The network's addresses are public ones (11.77.0.0/24, routed nowhere from here): the apps run with
// NODE_ENV=production, which refuses ALLOW_PRIVATE_TARGETS, so the sites the tests reach must look like
// the internet to the egress guard.
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import type { ServiceImages } from './base-images.ts';
import { say } from './log.ts';
import type { HttpProbe, Workload } from './manifests.ts';
import { LOGS, podman } from './podman.ts';
import { makeCertificates } from '../support/certs.ts';

export const NETWORK = 'pageprobe-images';
const SUBNET = '11.77.0';
export const LABEL = 'pageprobe-images=1';
export const ip = {
  gateway: `${SUBNET}.1`,
  postgres: `${SUBNET}.2`,
  redis: `${SUBNET}.3`,
  s3: `${SUBNET}.4`,
  /** Three sentinels watching the Redis at .3 (IMAGES_OVERLAY=redis-sentinel, issue 49). */
  'sentinel-1': `${SUBNET}.5`,
  'sentinel-2': `${SUBNET}.6`,
  'sentinel-3': `${SUBNET}.7`,
  site: `${SUBNET}.10`,
  /** The first Deployment's pod: the api, which PUBLIC_BASE_URL must name before it starts. */
  firstPod: `${SUBNET}.20`,
} as const;
/** Each workload's address, in the order they are started: Deployments' pods from .20, Jobs' from .40. */
const next = { Deployment: 20, Job: 40 };

const hosts = ['postgres', 'redis', 's3'].flatMap((name) => ['--add-host', `${name}:${ip[name as keyof typeof ip]}`]);

/** The stack's secrets: fresh each run, in the Secret's keys (the production overlay leaves the Secret out). */
export function makeSecrets(): Record<string, string> {
  const postgres = randomBytes(12).toString('hex');
  const redis = randomBytes(12).toString('hex');
  return {
    DATABASE_URL: `postgresql://pageprobe:${postgres}@postgres:5432/pageprobe`,
    POSTGRES_PASSWORD: postgres,
    REDIS_URL: `redis://:${redis}@redis:6379`,
    REDIS_PASSWORD: redis,
    // The Sentinel overlay's key instead of REDIS_URL's: one password for Redis and its sentinels.
    REDIS_SENTINEL_PASSWORD: redis,
    S3_ENDPOINT: 'http://s3:9000',
    S3_ACCESS_KEY_ID: `AKIA${randomBytes(8).toString('hex').toUpperCase()}`,
    S3_SECRET_ACCESS_KEY: randomBytes(24).toString('base64url'),
    ADMIN_TOKEN: randomBytes(24).toString('base64url'),
    SECRETS_KEY: randomBytes(32).toString('base64'),
  };
}

/**
 * The site's certificate, from a CA of the run's own: callbacks must use https, and the dispatcher trusts
 * the CA as an operator would a private one (NODE_EXTRA_CA_CERTS). Writes site.key and site.pem to `dir`,
 * for the site, and returns the CA's file.
 */
export function siteCertificate(dir: string): string {
  const certs = makeCertificates(dir, { subjectAltName: `IP:${ip.site}` });
  writeFileSync(join(dir, 'site.key'), certs.valid.key);
  writeFileSync(join(dir, 'site.pem'), certs.valid.cert);
  return certs.caFile;
}

/** Removes what an earlier run left: its containers and network. */
export async function clean(): Promise<void> {
  const { stdout } = await podman(['ps', '-aq', '--filter', `label=${LABEL}`]);
  const ids = stdout.split('\n').filter(Boolean);
  if (ids.length > 0) await podman(['rm', '-f', '-t', '0', ...ids]);
  await podman(['network', 'rm', '-f', NETWORK], { allowFail: true });
}

export async function createNetwork(): Promise<void> {
  await podman(['network', 'create', '--subnet', `${SUBNET}.0/24`, '--gateway', ip.gateway, NETWORK]);
}

const SENTINEL_NAMES = ['sentinel-1', 'sentinel-2', 'sentinel-3'] as const;
/** The sentinels' addresses, as REDIS_SENTINELS takes them. */
export const SENTINELS = SENTINEL_NAMES.map((name) => `${ip[name]}:26379`).join(',');

/**
 * PostgreSQL, Redis and the S3 server, each answering before this returns; with `sentinelGroup`, also
 * three sentinels (the Redis image's redis-server in sentinel mode) that watch Redis as that group and
 * know it as the master, as the Sentinel overlay's apps expect.
 */
export async function startServices(
  images: ServiceImages,
  secrets: Record<string, string>,
  bucket: string,
  { sentinelGroup }: { sentinelGroup?: string } = {},
): Promise<void> {
  await runService('postgres', images.postgres, ['-e', `POSTGRES_PASSWORD=${secrets.POSTGRES_PASSWORD}`]);
  await runService('redis', images.redis, ['-e', `REDIS_PASSWORD=${secrets.REDIS_PASSWORD}`]);
  await runService('s3', images.s3, [
    ...[
      '-e',
      `S3_ACCESS_KEY_ID=${secrets.S3_ACCESS_KEY_ID}`,
      '-e',
      `S3_SECRET_ACCESS_KEY=${secrets.S3_SECRET_ACCESS_KEY}`,
    ],
    ...['-e', `S3_BUCKET=${bucket}`],
  ]);
  const url = new URL(secrets.DATABASE_URL!);
  url.hostname = ip.postgres;
  await until('PostgreSQL answers', 60_000, async () => {
    const client = new pg.Client({ connectionString: url.href, connectionTimeoutMillis: 2000 });
    try {
      await client.connect();
      await client.query('select 1');
    } finally {
      await client.end().catch(() => {});
    }
  });
  await until('Redis and the S3 server answer', 60_000, async () => {
    const { stdout } = await podman(['logs', 'pp-s3']);
    if (!stdout.includes('s3rver on')) throw new Error('s3rver not listening yet');
    const redis = await podman([
      'exec',
      'pp-redis',
      'redis-cli',
      '--no-auth-warning',
      '-a',
      secrets.REDIS_PASSWORD!,
      'ping',
    ]);
    if (redis.stdout.trim() !== 'PONG') throw new Error(redis.stdout);
  });
  if (sentinelGroup) await startSentinels(images.redis, secrets.REDIS_PASSWORD!, sentinelGroup);
}

async function startSentinels(image: string, password: string, group: string): Promise<void> {
  if (!/^[\w.-]+$/.test(group)) throw new Error(`REDIS_SENTINEL_NAME ${group}: not a plain name`);
  // The password from the environment, off the command line; sentinel rewrites its file, so it is
  // written to /tmp. A quorum of 2: two sentinels must agree that the master is down.
  const config = [
    'port 26379',
    `sentinel monitor ${group} ${ip.redis} 6379 2`,
    `sentinel auth-pass ${group} %s`,
    'requirepass %s',
    'protected-mode no',
    'dir /tmp',
  ];
  const write = `printf '${config.join('\\n')}\\n' "$REDIS_PASSWORD" "$REDIS_PASSWORD" > /tmp/sentinel.conf`;
  for (const name of SENTINEL_NAMES)
    await runService(
      name,
      image,
      ['-e', `REDIS_PASSWORD=${password}`],
      ['sh', '-c', `${write} && exec redis-server /tmp/sentinel.conf --sentinel`],
    );
  await until('the sentinels know the master', 60_000, async () => {
    for (const name of SENTINEL_NAMES) {
      const { stdout } = await podman([
        'exec',
        `pp-${name}`,
        'redis-cli',
        '-p',
        '26379',
        '--no-auth-warning',
        '-a',
        password,
        'sentinel',
        'get-master-addr-by-name',
        group,
      ]);
      if (!stdout.includes(ip.redis)) throw new Error(`${name}: ${stdout.trim() || 'no master yet'}`);
    }
  });
}

/** One of the stack's own servers, detached, at its address on the network. */
export async function runService(
  name: 'postgres' | 'redis' | 's3' | 'site' | 'sentinel-1' | 'sentinel-2' | 'sentinel-3',
  image: string,
  args: string[],
  command: string[] = [],
): Promise<void> {
  await podman([
    'run',
    '-d',
    '--label',
    LABEL,
    '--network',
    NETWORK,
    '--name',
    `pp-${name}`,
    '--ip',
    ip[name],
    ...args,
    image,
    ...command,
  ]);
}

/** Runs `check` until it resolves; past `ms`, throws its last error. */
export async function until(what: string, ms: number, check: () => Promise<void>): Promise<void> {
  const deadline = Date.now() + ms;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw new Error(`${what}: not within ${ms / 1000} s (${(error as Error).message})`);
      await sleep(500);
    }
  }
}

export interface Started {
  workload: Workload;
  container: string;
  address: string;
}

/** A container's environment: the manifest's values, with the Secret's keys resolved. */
function environment(w: Workload, secrets: Record<string, string>): string[] {
  return w.env.flatMap((e) => {
    if ('value' in e) return [`${e.name}=${e.value}`];
    const value = secrets[e.secretKey];
    // As Kubernetes does: an optional key the Secret lacks leaves the variable unset (CRUX_API_KEY).
    if (value === undefined && e.optional) return [];
    if (value === undefined) throw new Error(`${w.name}: the Secret has no ${e.secretKey}`);
    return [`${e.name}=${value}`];
  });
}

/**
 * `podman run` with what the manifest says: image, command and args, environment, user, read-only root,
 * capabilities dropped and added, no privilege escalation, a tmpfs per emptyDir and the memory limit. Detached for
 * a Deployment; a Job's container is run to its end and must exit 0.
 */
export async function startWorkload(
  w: Workload,
  secrets: Record<string, string>,
  { name = w.name, extraArgs = [] }: { name?: string; extraArgs?: string[] } = {},
): Promise<Started> {
  const container = `pp-${name}`;
  const address = `${SUBNET}.${next[w.kind]++}`;
  // The environment through a file only we can read: secrets stay off the command line.
  const dir = mkdtempSync(join(tmpdir(), 'pageprobe-env-'));
  const envFile = join(dir, 'env');
  writeFileSync(envFile, `${environment(w, secrets).join('\n')}\n`);
  chmodSync(envFile, 0o600);
  const args = [
    'run',
    ...(w.kind === 'Job' ? [] : ['-d']),
    '--name',
    container,
    '--label',
    LABEL,
    '--network',
    NETWORK,
    '--ip',
    address,
    ...hosts,
    '--env-file',
    envFile,
    '--pull=never',
    ...(w.user ? ['--user', w.user] : []),
    ...(w.readOnlyRoot ? ['--read-only', '--read-only-tmpfs=false'] : []),
    ...w.dropCapabilities.flatMap((c) => ['--cap-drop', c]),
    ...w.addCapabilities.flatMap((c) => ['--cap-add', c]),
    ...(w.noNewPrivileges ? ['--security-opt', 'no-new-privileges'] : []),
    ...w.emptyDirs.flatMap((d) => [
      '--mount',
      `type=tmpfs,destination=${d.path},tmpfs-size=${d.bytes},tmpfs-mode=1777`,
    ]),
    ...(w.memoryBytes ? ['--memory', String(w.memoryBytes)] : []),
    ...extraArgs,
    ...(w.command ? ['--entrypoint', JSON.stringify(w.command)] : []),
    w.image,
    ...(w.args ?? []),
  ];
  try {
    await podman(args, { log: `${container}.log` });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return { workload: w, container, address };
}

/** One probe as the kubelet makes it: GET on the pod's address, within timeoutSeconds, 200–399 passes. */
export async function probe(address: string, p: HttpProbe): Promise<number> {
  const res = await fetch(`http://${address}:${p.port}${p.path}`, {
    signal: AbortSignal.timeout(p.timeoutSeconds * 1000),
  });
  await res.body?.cancel();
  if (res.status < 200 || res.status >= 400) throw new Error(`GET ${p.path} on ${p.port} answered ${res.status}`);
  return res.status;
}

/**
 * Waits until a Deployment's container is ready, probing every periodSeconds; a container that exits
 * first fails the wait with its last output (an app refusing its configuration names the variable).
 */
export async function waitReady(s: Started, withinMs = 120_000): Promise<void> {
  const p = s.workload.readiness;
  if (!p) throw new Error(`${s.workload.name} has no readiness probe`);
  await sleep(p.initialDelaySeconds * 1000);
  const deadline = Date.now() + withinMs;
  for (;;) {
    const state = await containerState(s.container);
    if (!state.running) {
      const { stdout, stderr } = await podman(['logs', s.container]);
      throw new Error(
        `${s.workload.name} exited with ${state.exitCode} before it was ready:\n${`${stdout}${stderr}`.trim().split('\n').slice(-15).join('\n')}`,
      );
    }
    try {
      await probe(s.address, p);
      return;
    } catch (error) {
      if (Date.now() > deadline)
        throw new Error(`${s.workload.name}: not ready within ${withinMs / 1000} s: ${(error as Error).message}`);
    }
    await sleep(Math.min(p.periodSeconds * 1000, 2000));
  }
}

export async function containerState(container: string): Promise<{ running: boolean; exitCode: number }> {
  const { stdout } = await podman(['inspect', '--format', '{{.State.Running}} {{.State.ExitCode}}', container]);
  const [running, code] = stdout.trim().split(' ');
  return { running: running === 'true', exitCode: Number(code) };
}

/** Keeps every container's output beside the build logs, for when a step fails. */
export async function saveLogs(): Promise<void> {
  const { stdout } = await podman(['ps', '-a', '--filter', `label=${LABEL}`, '--format', '{{.Names}}'], {
    allowFail: true,
  });
  for (const name of stdout.split('\n').filter(Boolean)) {
    const { stdout: out, stderr } = await podman(['logs', name], { allowFail: true });
    writeFileSync(join(LOGS, `${name}.output.log`), `${out}${stderr}`);
  }
  say(`  containers' output: ${LOGS}`);
}
