// `npm run test:failover` (issue 49): builds from Debian's packages, on loopback, Redis with a replica and
// three sentinels and PostgreSQL with a streaming standby behind a proxy, runs every app as its own
// process against them, and keeps work flowing (tests with callbacks, reads, monitors every second)
// through two failovers: the Redis master SIGKILLed (the sentinels promote the replica), then the
// PostgreSQL primary stopped, the old primary back read-only for a moment with the proxy pointing at it,
// the standby promoted and the proxy moved to it. After each, every test ends with a reason, every callback
// arrives, every monitor slot runs or is counted skipped, the credits add up and the API never answered
// 500; the figures are printed as a table (README.md and docs/operations.md carry them). Every process,
// port and directory it made is gone at the end, passed, failed or interrupted.
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { createDb, migrate } from '@pageprobe/db';
import { reapLeftovers, startS3, writeLedger } from '@pageprobe/local-services';
import { teamWithKey } from '@pageprobe/testing';
import { say, seconds, step } from '../images/log.ts';
import { removeStaleRoots } from '../support/services.ts';
import { SHORTENED, startApps } from './apps.ts';
import { backTable, figuresTable } from './figures.ts';
import { startLocalSites } from './local-sites.ts';
import { ensureSystemPackages } from './system-packages.ts';
import { buildTopology } from './topology.ts';
import { checkCredits, type Figures, judge, type Phase, schedules, sec } from './verdict.ts';
import { startWorkload } from './workload.ts';

const ROOT_PREFIX = 'pageprobe-failover-';
const LEDGER = 'processes.json';
/** The whole run must end within 10 minutes; past this it stops and cleans up. */
const DEADLINE_MS = 9 * 60_000;
/** Credits the team starts with: each SEO audit takes one. */
const GRANT = 1_000;
/** Work before each fault, and after it before the phase stops counting new work. */
const BEFORE_FAULT_MS = 8_000;
const AFTER_FAULT_MS = 15_000;
/** How long the tests and callbacks of a phase may take to end once it is over. */
const SETTLE_MS = 90_000;

const started = performance.now();
const cleanups: Array<{ what: string; run: () => unknown }> = [];
const pids: number[] = [];
let cleaning: Promise<void> | undefined;

/** Undoes what was made, newest first, each undo on its own (one failing does not keep the rest from running). */
function cleanUp(): Promise<void> {
  cleaning ??= (async () => {
    for (const { what, run } of cleanups.reverse()) {
      try {
        await run();
      } catch (error) {
        say(`  cleaning up ${what} failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  })();
  return cleaning;
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    say(`${signal}: stopping and cleaning up`);
    void cleanUp().then(() => process.exit(130));
  });
}

// What a run killed outright (SIGKILL) left behind: its processes, from its ledger, and its directory;
// the builders' roots (test/support) are the harness's kind, reaped as the harness reaps them.
await removeStaleRoots();
for (const name of readdirSync(tmpdir()).filter((n) => n.startsWith(ROOT_PREFIX))) {
  const dir = join(tmpdir(), name);
  if ('ownerRunning' in (await reapLeftovers(join(dir, LEDGER)))) continue;
  rmSync(dir, { recursive: true, force: true });
}
const root = mkdtempSync(join(tmpdir(), ROOT_PREFIX));
chmodSync(root, 0o755); // PostgreSQL runs as its own user when we are root
cleanups.push({ what: root, run: () => rmSync(root, { recursive: true, force: true }) });
const record = (pid: number) => {
  pids.push(pid);
  writeLedger(join(root, LEDGER), process.pid, pids);
};
writeLedger(join(root, LEDGER), process.pid, []);

const deadline = setTimeout(() => {
  say(`the run passed ${seconds(DEADLINE_MS)}: stopping and cleaning up`);
  void cleanUp().then(() => process.exit(1));
}, DEADLINE_MS);

const ARTIFACTS = new URL('../.artifacts/failover/', import.meta.url).pathname;
function saveLogs(output: Record<string, string>): void {
  rmSync(ARTIFACTS, { recursive: true, force: true });
  mkdirSync(ARTIFACTS, { recursive: true });
  for (const [app, text] of Object.entries(output)) writeFileSync(join(ARTIFACTS, `${app}.log`), `${text}\n`);
}

const figures: Figures[] = [];
const problems: string[] = [];
try {
  await step('Debian packages: redis-server, redis-sentinel, PostgreSQL (pg_basebackup), HAProxy', async () => {
    const installed = ensureSystemPackages();
    if (installed.length) say(`  installed ${installed.join(', ')}`);
  });
  const sites = await step('the site, the callback receiver and the S3 server', async () => {
    const local = await startLocalSites();
    cleanups.push({ what: 'the local sites', run: () => local.close() });
    const s3 = await startS3({ dataDir: join(root, 's3') });
    record(s3.pid);
    cleanups.push({ what: 'the S3 server', run: () => s3.stop() });
    return { ...local, s3Url: s3.url };
  });
  const topology = await step('Redis (master, replica, 3 sentinels) and PostgreSQL (primary, standby, proxy)', () =>
    buildTopology((what, run) => cleanups.push({ what, run })),
  );
  say(`  sentinels ${topology.redis.env.REDIS_SENTINELS}; PostgreSQL through ${topology.postgres.proxyUrl}`);

  const databaseUrl = await step('the database, migrated, and a team with credits', async () => {
    const url = await topology.postgres.createDatabase('pageprobe');
    await migrate(url);
    return url;
  });
  const db = createDb(databaseUrl, { poolSize: 2 });
  cleanups.push({ what: 'the suite’s database connections', run: () => db.$disconnect() });
  const { teamId, key } = await teamWithKey(db, { name: 'failover', credits: GRANT });
  await db.$disconnect();

  // Each app's output is kept under test/.artifacts/failover/ once it has stopped (pushed first: undone last).
  let appOutput: () => Record<string, string> = () => ({});
  cleanups.push({ what: 'the apps’ logs', run: () => saveLogs(appOutput()) });
  const apps = await step('api, worker-uptime, worker-browser and callback-dispatcher', async () => {
    const running = await startApps({ databaseUrl, redis: topology.redis.env, s3Url: sites.s3Url }, (pid) =>
      record(pid),
    );
    appOutput = running.output;
    cleanups.push({ what: 'the apps', run: () => running.stop() });
    return running;
  });
  say(
    `  shortened for the run: ${Object.entries(SHORTENED)
      .map(([k, v]) => `${k}=${v}`)
      .join(', ')}`,
  );
  const api = `${apps.origin}/api/v1`;

  const monitorIds = await step('five uptime monitors, every second', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await fetch(`${api}/monitors`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          type: 'uptime',
          url: `${sites.siteUrl}/m/${i}`,
          name: `failover ${i}`,
          interval_seconds: 1,
        }),
      });
      const body = (await res.json()) as { id: string };
      if (res.status !== 201) throw new Error(`POST /monitors answered ${res.status}: ${JSON.stringify(body)}`);
      ids.push(body.id);
    }
    return ids;
  });

  const workload = startWorkload({
    api,
    key,
    siteUrl: sites.siteUrl,
    hookUrl: sites.hookUrl,
    createEveryMs: 250,
    readEveryMs: 100,
  });
  cleanups.push({ what: 'the workload', run: () => workload.stop() });
  const evidence = async () => ({
    databaseUrl,
    teamId,
    answers: workload.answers,
    created: workload.created,
    deliveries: sites.deliveries,
    output: apps.output,
    monitorIds,
    schedulesBefore: await schedules(databaseUrl, monitorIds),
  });

  /** One failover: work before it, the fault, work after it, then the verdict once everything settled. */
  async function failover(name: string, fault: () => Promise<{ description: string; at: number }>): Promise<void> {
    const phaseStart = Date.now();
    const ev = await evidence();
    await step(`${name}: work flowing for ${seconds(BEFORE_FAULT_MS)}`, () => sleep(BEFORE_FAULT_MS));
    const faultStarted = Date.now();
    const { description, at: faultAt } = await step(name, fault);
    say(`  ${description}`);
    await step(`${name}: work flowing on for ${seconds(AFTER_FAULT_MS - (Date.now() - faultStarted))}`, () =>
      sleep(Math.max(0, AFTER_FAULT_MS - (Date.now() - faultStarted))),
    );
    const phase: Phase = { name, start: phaseStart, faultAt, end: Date.now() };
    const result = await step(`${name}: every test ended, every callback arrived (up to ${seconds(SETTLE_MS)})`, () =>
      judge(phase, ev, SETTLE_MS),
    );
    say(
      `  503 window ${sec(result.window503Ms)} (${result.count503} answers), every app back after ${sec(result.everyAppBackMs)}` +
        ` (${Object.entries(result.backMs)
          .map(([a, ms]) => `${a} ${sec(ms)}`)
          .join(', ')}), sweeper re-added` +
        ` ${result.readdedJobs} jobs and found ${result.lostMonitorRuns} monitor runs lost, duplicate callbacks ${result.duplicateCallbacks}, tests ${result.tests.completed}` +
        ` completed / ${result.tests.failed} failed of ${result.tests.created}, slots ${result.slots.ran} ran / ` +
        `${result.slots.skipped} skipped / ${result.slots.uncounted} unaccounted`,
    );
    for (const p of result.problems) say(`  ✖ ${p}`);
    figures.push(result);
    problems.push(...result.problems.map((p) => `${name}: ${p}`));
  }

  // The uptime worker held still (SIGSTOP) while replication is cut, as a busy fleet leaves jobs waiting:
  // the tests and check batches queued meanwhile exist only on the master that dies, and must come back
  // from PostgreSQL (the sweeper re-adds the tests' jobs; the monitors' lost runs are taken for lost).
  await failover('Redis: master SIGKILLed', async () => {
    const worker = apps.apps.get('worker-uptime')!.child;
    worker.kill('SIGSTOP');
    try {
      return await topology.redis.failover({ unreplicatedMs: 1_000 });
    } finally {
      worker.kill('SIGCONT');
    }
  });
  await failover('PostgreSQL: primary stopped, standby promoted', () => topology.postgres.failover({}));
  await step('PostgreSQL: a new standby for the next failover', () => topology.postgres.rebuildStandby());
  await failover('PostgreSQL: the same, the old primary back read-only first', () =>
    topology.postgres.failover({ readOnlyFirstMs: 3_000 }),
  );

  await step('the workload stopped; the credits add up', async () => {
    await workload.stop();
    for (const a of workload.abandoned) problems.push(`a ${a.type} create was never accepted`);
    problems.push(...(await checkCredits(databaseUrl, teamId, workload.created, GRANT)));
  });

  say(
    `figures (${workload.answers.length} API answers, ${workload.created.length} tests, ${sites.deliveries.length} callbacks):`,
  );
  process.stdout.write(
    `\n${figuresTable(figures)}\n\nEach app's first work sent after the fault:\n\n${backTable(figures)}\n\n`,
  );
  if (problems.length) {
    say(`failover test failed: ${problems.length} problems`);
    for (const p of problems) say(`  ✖ ${p}`);
    process.exitCode = 1;
  } else say(`failover test passed in ${seconds(performance.now() - started)}`);
} catch (error) {
  say(`failover test failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  process.exitCode = 1;
} finally {
  clearTimeout(deadline);
  await step('cleaning up every process, port and directory', cleanUp).catch(() => {});
}
// pg's and ioredis's sockets are closed by now; anything left open must not keep the run from ending.
process.exit(process.exitCode ?? 0);
