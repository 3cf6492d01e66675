// The whole stack on one machine, as `npm start` runs it: local PostgreSQL, Redis and S3 server under
// .data/ (for each of DATABASE_URL, REDIS_URL, S3_ENDPOINT left unset), migrations, a dev team on the
// first run, then every app as its own process; ready once each app says so (the browser worker after
// warming Chromium up). Ctrl-C, or SIGINT or SIGTERM to this process or to `npm start`, stops everything
// it started within 15 s (a second Ctrl-C forces); what a killed run left behind is ended by the next.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { createInterface } from 'node:readline';
import { createAdminService } from '@pageprobe/api';
import { PROCESS_ENV } from '@pageprobe/config';
import { prettyLine } from '@pageprobe/logger';
import { createDb, migrate } from '@pageprobe/db';
import {
  type LocalService,
  reapLeftovers,
  startPostgres,
  startRedis,
  startS3,
  writeLedger,
} from '@pageprobe/local-services';
import pg from 'pg';
import { ownerSetupLink } from './owner-setup-link.ts';

const ROOT = new URL('../', import.meta.url).pathname;
// PAGEPROBE_DATA_DIR lets the stack's own test run it on a scratch directory.
const DATA = process.env.PAGEPROBE_DATA_DIR ?? `${ROOT}.data`;
/** The processes this run started, for the next run to end if this one is killed outright. */
const LEDGER = `${DATA}/stack.pids`;
/** The workers' time to finish the tests they hold before handing them back to the queue. */
const WORKER_GRACE_MS = 8_000;
/** An app still running this long after SIGTERM is killed: the whole stop fits in 15 s. */
const APP_KILL_AFTER_MS = 11_000;
const t0 = performance.now();
const stamped = (message: string) =>
  `\x1b[36m[${((performance.now() - t0) / 1000).toFixed(1).padStart(5)}s]\x1b[0m ${message}\n`;
const step = (message: string) => process.stdout.write(stamped(message));

const services: LocalService[] = [];
const apps = new Map<string, ChildProcess>();
let stopping = false;

const recordProcesses = () =>
  writeLedger(LEDGER, process.pid, [...services.map((s) => s.pid), ...[...apps.values()].map((c) => c.pid!)]);
/** Whether this run started anything (a start refused before that has nothing to stop, and no ledger of its own). */
const startedAny = () => services.length > 0 || apps.size > 0;

function stopApp(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const kill = setTimeout(() => child.kill('SIGKILL'), APP_KILL_AFTER_MS);
    child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

async function stopAll(code: number): Promise<never> {
  if (!stopping) {
    stopping = true;
    if (startedAny()) {
      step(
        `stopping (the workers hand back the tests they hold)${process.stdout.isTTY ? '; press Ctrl-C again to force' : ''}`,
      );
      await Promise.all([...apps.values()].map(stopApp));
      await Promise.all(services.map((s) => s.stop()));
      rmSync(LEDGER, { force: true });
      step('stopped');
    }
  }
  process.exit(code);
}

/** Ctrl-C again while stopping: everything this run started is killed at once, with what it started. */
function forceStop(): never {
  step('forcing: killing what is still running');
  // Each app and server leads a process group of its own: PostgreSQL's backends go with it.
  for (const pid of [...[...apps.values()].map((c) => c.pid!), ...services.map((s) => s.pid)]) {
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {}
  }
  // The next start ends anything the kill missed (from the ledger) and clears PostgreSQL's lock file.
  process.exit(1);
}

/**
 * A terminal's Ctrl-C reaches every process of its foreground group: this one, and `npm start` and
 * start.mjs, which pass it on too. Those copies arrive within milliseconds of each other and are one
 * press: a SIGINT within DUPLICATE_MS of the one before counts for nothing. Another, later, while
 * stopping forces. The apps and servers run in process groups of their own (startApp, localServices),
 * out of the terminal's reach, so only this process stops them, in order: the apps first (the workers
 * hand their tests back to Redis), then the servers. SIGTERM (a service manager, a closed parent) and
 * SIGHUP (the terminal closed) stop the same way and never force.
 */
const DUPLICATE_MS = 1_000;
let lastInterruptAt = Number.NEGATIVE_INFINITY;
process.on('SIGINT', () => {
  const now = performance.now();
  const duplicate = now - lastInterruptAt < DUPLICATE_MS;
  lastInterruptAt = now;
  if (duplicate) return;
  if (stopping) forceStop();
  else void stopAll(0);
});
process.on('SIGTERM', () => void stopAll(0));
process.on('SIGHUP', () => void stopAll(0));
// Killed outright, `npm start` (or whatever started this) cannot pass a signal on: its end is the signal.
const parent = process.ppid;
setInterval(() => process.ppid !== parent && void stopAll(0), 500).unref();

function readOrCreate(path: string, create: () => string): string {
  if (existsSync(path)) return readFileSync(path, 'utf8').trim();
  const value = create();
  writeFileSync(path, `${value}\n`, { mode: 0o600 });
  return value;
}

async function ensureDatabase(serverUrl: string, name: string): Promise<string> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
  if (!rowCount) await client.query(`CREATE DATABASE "${name}"`);
  await client.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function localServices(env: NodeJS.ProcessEnv): Promise<void> {
  if (!env.DATABASE_URL) {
    step('starting PostgreSQL (.data/postgres)');
    const server = await startPostgres({ dataDir: `${DATA}/postgres`, ownProcessGroup: true });
    services.push(server);
    recordProcesses();
    env.DATABASE_URL = await ensureDatabase(server.url, 'pageprobe');
  }
  // A Sentinel group given instead (issue 49) is used as it is: no local Redis beside it.
  if (!env.REDIS_URL && !env.REDIS_SENTINELS) {
    step('starting Redis (.data/redis)');
    const server = await startRedis({ dataDir: `${DATA}/redis`, persist: true, ownProcessGroup: true });
    services.push(server);
    recordProcesses();
    env.REDIS_URL = server.url;
  }
  if (!env.S3_ENDPOINT) {
    step('starting the S3-compatible server (.data/s3)');
    const server = await startS3({ dataDir: `${DATA}/s3`, ownProcessGroup: true });
    services.push(server);
    recordProcesses();
    env.S3_ENDPOINT = server.url;
  }
}

interface DevCredentials {
  team_id: string;
  key: string;
  /** Signs the dev team's callbacks and alerts (X-Service-Signature). */
  webhook_secret?: string;
  /** Where the dashboard is (issue 45). */
  dashboard_url?: string;
  /** The one-time link that makes the dev team's first owner; gone once someone has used it. */
  owner_setup_url?: string;
}

/**
 * The first run creates a dev team with credits, a write key and a webhook secret (so local callbacks
 * and alerts are signed as in production), kept in .data for later runs. A team made before the secret
 * was (issue 31) gets one now.
 */
async function devCredentials(databaseUrl: string): Promise<{ creds: DevCredentials; created: boolean }> {
  const path = `${DATA}/dev-credentials.json`;
  const kept = existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as DevCredentials) : null;
  if (kept?.webhook_secret) return { creds: kept, created: false };
  const db = createDb(databaseUrl, { poolSize: 1 });
  try {
    const admin = createAdminService(db);
    let creds = kept;
    if (!creds) {
      const team = await admin.createTeam({ name: 'Dev team', plan: 'pro' });
      await admin.adjustCredits(team.id, { amount: 1000, reason: 'local development' });
      const key = await admin.createApiKey(team.id, { scope: 'write', name: 'npm start' });
      creds = { team_id: team.id, key: key.key };
    }
    creds = { ...creds, webhook_secret: (await admin.setWebhookSecret(creds.team_id)).secret };
    writeFileSync(path, `${JSON.stringify(creds, null, 2)}\n`, { mode: 0o600 });
    return { creds, created: !kept };
  } finally {
    await db.$disconnect();
  }
}

/**
 * The dashboard's address, and until the dev team has an owner, the link that makes one (the same link
 * at each start while it is unused), both kept in dev-credentials.json beside the key.
 */
async function devDashboard(databaseUrl: string, creds: DevCredentials, dashboardBaseUrl: string) {
  const db = createDb(databaseUrl, { poolSize: 1 });
  try {
    const link = await ownerSetupLink(db, {
      teamId: creds.team_id,
      dashboardBaseUrl,
      stored: creds.owner_setup_url,
    });
    const { owner_setup_url: _used, ...rest } = creds;
    const updated: DevCredentials = {
      ...rest,
      dashboard_url: `${dashboardBaseUrl}/`,
      ...(link && { owner_setup_url: link }),
    };
    writeFileSync(`${DATA}/dev-credentials.json`, `${JSON.stringify(updated, null, 2)}\n`, { mode: 0o600 });
    return updated;
  } finally {
    await db.$disconnect();
  }
}

const APPS = ['api', 'worker-uptime', 'worker-browser', 'callback-dispatcher', 'dashboard'] as const;
const COLORS = ['\x1b[32m', '\x1b[33m', '\x1b[35m', '\x1b[34m', '\x1b[96m'];

/** Whether a person reads this output (the apps' JSON lines are shown to them in the pretty format). */
const PRETTY = (process.env.LOG_FORMAT || (process.stdout.isTTY ? 'pretty' : 'json')) === 'pretty';
const show = PRETTY ? prettyLine() : (line: string) => line;

/** The message of a JSON log line, if it is one. */
function logMessage(line: string): string | undefined {
  if (!line.startsWith('{')) return undefined;
  try {
    const msg = (JSON.parse(line) as { msg?: unknown }).msg;
    return typeof msg === 'string' ? msg : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Starts an app with its output labelled; resolves once it logs that it is ready (or listening). The
 * apps always log JSON lines here, and their readiness is read from the entry's message, never from
 * a line as coloured for a terminal (issue 56: the colour codes hid `worker-uptime ready`). Each runs in
 * a process group of its own, out of reach of a terminal's Ctrl-C: this process stops it.
 */
function startApp(name: string, color: string, env: NodeJS.ProcessEnv): Promise<void> {
  const child = spawn(process.execPath, [`apps/${name}/src/main.ts`], {
    cwd: ROOT,
    env: { ...PROCESS_ENV, ...env, LOG_FORMAT: 'json' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  apps.set(name, child);
  recordProcesses();
  const label = `${color}${name.padEnd(20)}\x1b[0m│ `;
  const ready = new Set([`${name} ready`, `${name} listening`]);
  return new Promise((resolve) => {
    for (const stream of [child.stdout, child.stderr]) {
      createInterface({ input: stream }).on('line', (line) => {
        for (const part of show(line).split('\n')) process.stdout.write(`${label}${part}\n`);
        if (ready.has(logMessage(line) ?? '')) resolve();
      });
    }
    child.on('exit', (code, signal) => {
      if (stopping) return;
      process.stderr.write(`\x1b[31m✖ ${name} exited (${signal ?? `code ${code}`}); stopping the stack\x1b[0m\n`);
      void stopAll(1);
    });
  });
}

/** The name a browser reaches the dashboard by: localhost for a loopback address, else the host as given. */
function dashboardHost(host: string): string {
  return host === '127.0.0.1' || host === '::1' || host === '0.0.0.0' || host === '::' ? 'localhost' : host;
}

async function assertPortFree(host: string, port: number): Promise<void> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', () => reject(new Error(`port ${port} on ${host} is in use (EADDRINUSE)`)));
    server.listen(port, host, () => server.close(() => resolve()));
  });
}

try {
  mkdirSync(DATA, { recursive: true, mode: 0o755 });
  const leftovers = await reapLeftovers(LEDGER);
  if ('ownerRunning' in leftovers) {
    throw new Error(`another npm start (pid ${leftovers.ownerRunning}) is running on ${DATA}`);
  }
  if (leftovers.reaped) step(`ended ${leftovers.reaped} processes left by an earlier start that was killed`);
  const env: NodeJS.ProcessEnv = { ...process.env };
  await localServices(env);
  step('migrating the database');
  const { applied } = await migrate(env.DATABASE_URL!);
  step(applied.length ? `applied ${applied.join(', ')}` : 'database is up to date');

  env.ADMIN_TOKEN ||= readOrCreate(`${DATA}/admin-token`, () => randomBytes(24).toString('base64url'));
  // Seals request secrets (header and cookie values, passwords) at rest; losing it loses queued tests'
  // secrets and pauses the monitors that carry some (secrets_unreadable) until they are given again.
  env.SECRETS_KEY ||= readOrCreate(`${DATA}/secrets-key`, () => randomBytes(32).toString('base64'));
  env.HOST ||= '127.0.0.1';
  env.PORT ||= '3000';
  env.PUBLIC_BASE_URL ||= `http://${env.HOST}:${env.PORT}`;
  // The dashboard (issue 45) on a port of its own, under /app/ as behind production's ingress; its keys
  // page points its snippets at PUBLIC_BASE_URL. Reached as localhost (issue 56): a browser's WebAuthn
  // refuses an IP address as a passkey's relying party, and localhost is a secure context over http.
  env.DASHBOARD_PORT ||= '3001';
  env.DASHBOARD_BASE_URL ||= `http://${dashboardHost(env.HOST)}:${env.DASHBOARD_PORT}/app`;
  const dashboardBase = env.DASHBOARD_BASE_URL.replace(/\/+$/, '');
  writeFileSync(
    `${DATA}/stack.env`,
    // Redis's variables as given: REDIS_URL, or the Sentinel ones (issue 49).
    [
      'DATABASE_URL',
      'REDIS_URL',
      'REDIS_SENTINELS',
      'REDIS_SENTINEL_NAME',
      'REDIS_SENTINEL_PASSWORD',
      'REDIS_SENTINEL_TLS',
      'S3_ENDPOINT',
      'PUBLIC_BASE_URL',
      // `pnpm admin` reads this file: its set-up and invitation links go to the address printed here.
      'DASHBOARD_BASE_URL',
      'SECRETS_KEY',
    ]
      .filter((k) => env[k])
      .map((k) => `${k}=${env[k]}`)
      .join('\n') + '\n',
    { mode: 0o600 },
  );
  const { creds: kept, created } = await devCredentials(env.DATABASE_URL!);
  const creds = await devDashboard(env.DATABASE_URL!, kept, dashboardBase);
  await assertPortFree(env.HOST, Number(env.PORT));
  await assertPortFree(env.HOST, Number(env.DASHBOARD_PORT));

  env.SHUTDOWN_GRACE_MS ||= String(WORKER_GRACE_MS);
  step(`starting ${APPS.join(', ')} (worker-browser warms Chromium up with one Lighthouse run)`);
  await Promise.all(
    APPS.map(async (name, i) => {
      await startApp(name, COLORS[i]!, env);
      step(`${name} ready`);
    }),
  );

  const base = `${env.PUBLIC_BASE_URL}/api/v1`;
  // One write, so that whoever waits for the ready line (a person, a script, the local-stack test) gets
  // the key and the examples with it, and no app's log line lands in between.
  process.stdout.write(
    stamped(`ready in ${((performance.now() - t0) / 1000).toFixed(1)} s`) +
      [
        '',
        `  API          ${base}`,
        `  OpenAPI      ${base}/openapi.json`,
        `  Admin API    ${env.PUBLIC_BASE_URL}/admin/v1  (Bearer ${env.ADMIN_TOKEN}, kept in .data/admin-token)`,
        `  API key      ${creds.key}  (${created ? 'created now for the dev team' : 'dev team, from .data/dev-credentials.json'})`,
        `  Webhook key  ${creds.webhook_secret}  (signs the dev team's callbacks and alerts: X-Service-Signature)`,
        `  Dashboard    ${creds.dashboard_url}`,
        ...(creds.owner_setup_url
          ? [`  First owner  ${creds.owner_setup_url}  (one use: makes you the dev team's owner)`]
          : []),
        // The apps inherit this shell's CRUX_API_KEY and CRUX_API_URL; the key itself is never printed.
        env.CRUX_API_KEY?.trim()
          ? `  Field data   on: lighthouse tests ask the Chrome UX Report (${env.CRUX_API_URL || 'https://chromeuxreport.googleapis.com/v1'})`
          : "  Field data   off: export CRUX_API_KEY to show real users' figures beside the lab's (docs/field-data.md)",
        '',
        '  Try:',
        `    curl -s -X POST ${base}/tests -H 'Authorization: Bearer ${creds.key}' \\`,
        `      -H 'Content-Type: application/json' -d '{"url":"https://example.com","type":"uptime"}'`,
        `    curl -s ${base}/tests/<id> -H 'Authorization: Bearer ${creds.key}'`,
        '  A TCP port (with its TLS certificate), and a heartbeat a cron job pings (its ping_url in the answer):',
        `    curl -s -X POST ${base}/tests -H 'Authorization: Bearer ${creds.key}' \\`,
        `      -H 'Content-Type: application/json' -d '{"url":"example.com:443","type":"tcp","tls":true}'`,
        `    curl -s -X POST ${base}/monitors -H 'Authorization: Bearer ${creds.key}' -H 'Content-Type: application/json' \\`,
        `      -d '{"type":"heartbeat","name":"nightly backup","schedule":"0 3 * * *","time_zone":"Europe/Paris","grace_seconds":3600}'`,
        '    curl -fsS <ping_url>        (at the end of each run; <ping_url>/fail or /<exit status> when it fails)',
        '',
        '  Ctrl-C stops everything.',
        '',
      ].join('\n'),
  );
} catch (error) {
  const message = (error as Error).message;
  process.stderr.write(`\x1b[31m✖ ${message}\x1b[0m\n`);
  if (message.includes('another npm start')) {
    process.stderr.write(`  Fix: stop it first (Ctrl-C in its terminal, or kill ${/pid (\d+)/.exec(message)?.[1]}).\n`);
  } else if (message.includes('postmaster.pid')) {
    process.stderr.write(
      '  Fix: a PostgreSQL server not started by npm start runs on .data/postgres; stop it first.\n',
    );
  } else if (message.includes('EADDRINUSE')) {
    process.stderr.write(
      '  Fix: the port is taken; stop what uses it or start with another PORT (the API) or DASHBOARD_PORT.\n',
    );
  }
  await stopAll(1);
}
