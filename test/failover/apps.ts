// Every app as its own process, as production runs them, configured for the failover topology: Redis
// through its sentinels, PostgreSQL through the proxy an operator's failover repoints.
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { freePort } from '@pageprobe/local-services';
import { type AppName, type AppProcess, spawnApp } from '@pageprobe/testing';

export interface Connections {
  /** The proxy's address, the one an operator's failover moves to the new primary. */
  databaseUrl: string;
  /** REDIS_SENTINELS (`host:port,...`), REDIS_SENTINEL_NAME and REDIS_SENTINEL_PASSWORD. */
  redis: Record<string, string>;
  s3Url: string;
}

/**
 * What the run shortens, so that what it proves fits in minutes (every other setting is production's
 * default): the sweeper looks every second for tests queued over 5 s (30 s in production), a callback
 * that failed is tried again after a second, and monitors may run every second.
 */
export const SHORTENED = {
  SWEEP_INTERVAL_MS: '1000',
  SWEEP_QUEUED_AFTER_MS: '5000',
  CALLBACK_RETRY_DELAY_MS: '1000',
  MONITOR_MIN_INTERVAL_SECONDS: '1',
} as const;

export interface RunningApps {
  origin: string;
  adminToken: string;
  env: NodeJS.ProcessEnv;
  apps: Map<AppName, AppProcess>;
  /** Every app's output so far, by app. */
  output(): Record<string, string>;
  stop(): Promise<void>;
}

/** The names of the apps the run starts: each kind of work it sends has its process. */
export const APPS: AppName[] = ['api', 'worker-uptime', 'worker-browser', 'callback-dispatcher'];

export async function startApps(connections: Connections, spawned: (pid: number) => void): Promise<RunningApps> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const adminToken = randomBytes(24).toString('base64url');
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    DATABASE_URL: connections.databaseUrl,
    ...connections.redis,
    S3_ENDPOINT: connections.s3Url,
    S3_BUCKET: 'pageprobe-failover',
    S3_FORCE_PATH_STYLE: 'true',
    ADMIN_TOKEN: adminToken,
    SECRETS_KEY: randomBytes(32).toString('base64'),
    PORT: String(port),
    PUBLIC_BASE_URL: origin,
    ALLOW_PRIVATE_TARGETS: 'true',
    RATE_LIMIT_READS_PER_MIN: '1000000',
    RATE_LIMIT_WRITES_PER_MIN: '1000000',
    LOG_LEVEL: 'info',
    LOG_FORMAT: 'json',
    // The browser worker audits SEO only (a one-page site): Lighthouse is not what this run is about.
    BROWSER_TEST_TYPES: 'seo_crawl',
    BROWSER_WARM_UP: 'false',
    SEO_MAX_PAGES: '1',
    CHROME_PATH: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    // The end of the run stops the workers: what they hold goes back to the queue within 5 s.
    SHUTDOWN_GRACE_MS: '5000',
    ...SHORTENED,
  };
  const apps = new Map<AppName, AppProcess>();
  // Every process started, ready or not: a start that fails half-way leaves nothing running either.
  const children: ChildProcess[] = [];
  const stop = async () => {
    await Promise.all(
      children.map(async (child) => {
        if (child.exitCode !== null || child.signalCode !== null) return;
        const exited = once(child, 'exit');
        const kill = setTimeout(() => child.kill('SIGKILL'), 10_000);
        child.kill('SIGTERM');
        await exited;
        clearTimeout(kill);
      }),
    );
  };
  try {
    // One after the other, the API first: the workers' first sweep then finds the schema's tables in use.
    for (const name of APPS) {
      const onSpawn = (child: ChildProcess) => {
        children.push(child);
        spawned(child.pid!);
      };
      apps.set(name, await spawnApp(name, env, { onSpawn, timeoutMs: 90_000 }));
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    origin,
    adminToken,
    env,
    apps,
    output: () => Object.fromEntries([...apps].map(([name, app]) => [name, app.output()])),
    stop,
  };
}
