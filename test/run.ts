// The integration suite's runner (`npm test` starts it beside turbo's tasks): starts PostgreSQL, Redis and
// the S3 server once on free ports, runs the test files with Node's test runner (each file makes its
// own database, queue prefix and bucket), then stops the servers and removes their files, whether the
// tests passed, failed or were interrupted.
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, globSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { printFileSpans } from './support/file-spans.ts';
import { removeStaleRoots, ROOT_PREFIX, startTestServices } from './support/services.ts';

const here = new URL('.', import.meta.url).pathname;
const files = process.argv.slice(2);

/**
 * The longest files first (CI's run of 2026-11-25, three at once: 50-170 s each), so that none of them
 * starts late and runs alone at the end while the others sit idle. The three that mostly wait (on a 30 s
 * retry, on Chromium's quiet windows) lead: they start while turbo's typecheck, lint and unit tests still
 * take the CPU. The rest follow in name order.
 */
const LONGEST = [
  'callbacks',
  'lighthouse-e2e',
  'lighthouse-real-sites',
  'operations',
  'admin-cli',
  'reports',
  'field-data',
  'local-stack',
  'monitor-checks',
  'locations',
  'dashboard-sso',
  'browser-checks',
  'browser-security',
  'heartbeats',
  'doors',
  'scale-out',
  'dashboard-accessibility',
  'worker-crash',
  'doors-packed',
].map((name) => `${name}.test.ts`);
const rank = (file: string) => {
  const at = LONGEST.indexOf(basename(file));
  return at === -1 ? LONGEST.length : at;
};
// Files live in folders by area (api/, dashboard/, monitors/, ...); a name alone finds its file.
const all = globSync('**/*.test.ts', { cwd: here, exclude: (f) => f.includes('node_modules') });
const find = (name: string) => (existsSync(join(here, name)) ? name : (all.find((f) => basename(f) === name) ?? name));
// test/failover/ builds its own topology (Sentinel, a standby): `npm run test:failover` runs it, not `npm test`.
const selected =
  files.length > 0
    ? files.map(find)
    : all
        .filter((f) => !f.startsWith('failover'))
        // By name, not by folder: the order, and so which files share the machine, is the one runs had
        // before the folders. In folder order seo-crawl-e2e's worker peaked at 1,180 MiB in two runs of
        // two (590 alone, 587 in the last run by name), over its 1 GiB bound.
        .sort((a, b) => rank(a) - rank(b) || basename(a).localeCompare(basename(b)));
/**
 * Files at once: three on two cores. The files wait more than they compute (at two, 1,000 CPU seconds in
 * 1,027 s of wall time), and at three the suite ends in about 13.5 minutes rather than 17, inside
 * `npm test`'s 15-minute budget. An earlier trial at three failed timing-held tests (slots on a grid, an
 * outbox sweep) on a loaded machine; PAGEPROBE_TEST_CONCURRENCY=2 is the fallback.
 */
const concurrency = Number(process.env.PAGEPROBE_TEST_CONCURRENCY ?? 3);

await removeStaleRoots();
const root = mkdtempSync(join(tmpdir(), ROOT_PREFIX));
chmodSync(root, 0o755); // PostgreSQL runs as another user when we are root
const t0 = performance.now();
process.stdout.write('starting PostgreSQL, Redis and the S3 server for the tests...\n');
const services = await startTestServices(root);
process.stdout.write(
  `services ready in ${((performance.now() - t0) / 1000).toFixed(1)} s; running ${selected.length} test files\n`,
);

// Each file's seconds and CPU seconds are printed below, once the runner has exited (printFileSpans).
const reporters = ['--test-reporter=spec', '--test-reporter-destination=stdout'];
const spansFile = join(root, 'file-spans.jsonl');
const child = spawn(
  process.execPath,
  [
    '--test',
    '--test-force-exit',
    `--test-concurrency=${concurrency}`,
    '--test-timeout=300000',
    ...reporters,
    ...selected,
  ],
  {
    cwd: here,
    stdio: 'inherit',
    env: {
      ...process.env,
      PAGEPROBE_TEST_POSTGRES_URL: services.postgresUrl,
      PAGEPROBE_TEST_REDIS_URL: services.redisUrl,
      PAGEPROBE_TEST_S3_URL: services.s3Url,
      // Each file's process start and exit, for the file-spans reporter.
      PAGEPROBE_TEST_SPANS: spansFile,
      // V8's code cache of every module compiled (TypeScript included), shared by the files and the apps
      // they start (appEnv passes it on): a process loads the workspace in about 0.4 CPU s less after the
      // first, and the suite starts some 300 of them on two cores.
      NODE_COMPILE_CACHE: join(root, 'compile-cache'),
    },
  },
);
let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    interrupted = true;
    child.kill(signal);
  });
}
const code = await new Promise<number>((resolve) =>
  child.on('exit', (c, signal) => {
    // Said in words: a run whose tests all passed can still end non-zero (a file's process that failed
    // outside its tests), and CI shows this output by its tail.
    if (c !== 0) process.stderr.write(`the test runner exited ${c ?? signal}\n`);
    resolve(c ?? 1);
  }),
);
printFileSpans(spansFile);
await services.stop();
process.exit(interrupted ? 130 : code);
