// The integration suite's runner (`npm test` starts it beside turbo's tasks): starts PostgreSQL, Redis and
// the S3 server once on free ports, runs the test files with Node's test runner (each file makes its
// own database, queue prefix and bucket), then stops the servers and removes their files, whether the
// tests passed, failed or were interrupted.
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, globSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { printFileSpans } from './support/file-spans.ts';
import { selectFiles } from './support/select-files.ts';
import { removeStaleRoots, ROOT_PREFIX, startTestServices } from './support/services.ts';

const here = new URL('.', import.meta.url).pathname;
const files = process.argv.slice(2);

const { selected, topologies } = selectFiles(
  globSync('**/*.test.ts', { cwd: here, exclude: (f) => f.includes('node_modules') }),
  files,
  (name) => existsSync(join(here, name)),
);
/**
 * Files at once: three on two cores. The files wait more than they compute (at two, 1,000 CPU seconds in
 * 1,027 s of wall time), and at three the suite ends in about 13.5 minutes rather than 17, inside
 * `npm test`'s 15-minute budget. An earlier trial at three failed timing-held tests (slots on a grid, an
 * outbox sweep) on a loaded machine; PAGEPROBE_TEST_CONCURRENCY=2 is the fallback. The topologies run two
 * at once: each is several processes of each app, and what they prove is held by time.
 */
const concurrency = Number(process.env.PAGEPROBE_TEST_CONCURRENCY ?? (topologies ? 2 : 3));

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
