// The integration suite's runner (`npm test` reaches it through turbo): starts PostgreSQL, Redis and
// the S3 server once on free ports, runs the test files with Node's test runner (each file makes its
// own database, queue prefix and bucket), then stops the servers and removes their files, whether the
// tests passed, failed or were interrupted.
import { spawn } from 'node:child_process';
import { chmodSync, globSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { removeStaleRoots, ROOT_PREFIX, startTestServices } from './support/services.ts';

const here = new URL('.', import.meta.url).pathname;
const files = process.argv.slice(2);
// The longest files first (their spans as file-spans.ts last printed them), so that no long file starts
// late and runs alone at the end: the two slots of --test-concurrency stay full until near the end.
const LONGEST_FIRST = [
  'local-stack.test.ts',
  'lighthouse-e2e.test.ts',
  'lighthouse-real-sites.test.ts',
  'image-install.test.ts',
  'reports.test.ts',
  'callbacks.test.ts',
  'browser-security.test.ts',
  'operations.test.ts',
  'worker-crash.test.ts',
  'monitor-checks.test.ts',
];
const rank = (file: string) => {
  const i = LONGEST_FIRST.indexOf(file);
  return i === -1 ? LONGEST_FIRST.length : i;
};
const selected =
  files.length > 0
    ? files
    : globSync('**/*.test.ts', { cwd: here, exclude: (f) => f.includes('node_modules') }).sort(
        (a, b) => rank(a) - rank(b),
      );

await removeStaleRoots();
const root = mkdtempSync(join(tmpdir(), ROOT_PREFIX));
chmodSync(root, 0o755); // PostgreSQL runs as another user when we are root
const t0 = performance.now();
process.stdout.write('starting PostgreSQL, Redis and the S3 server for the tests...\n');
const services = await startTestServices(root);
process.stdout.write(
  `services ready in ${((performance.now() - t0) / 1000).toFixed(1)} s; running ${selected.length} test files\n`,
);

const reporters = [
  ...['--test-reporter=spec', '--test-reporter-destination=stdout'],
  ...['--test-reporter=./support/file-spans.ts', '--test-reporter-destination=stdout'],
];
const child = spawn(
  process.execPath,
  ['--test', '--test-concurrency=2', '--test-timeout=300000', ...reporters, ...selected],
  {
    cwd: here,
    stdio: 'inherit',
    env: {
      ...process.env,
      PAGEPROBE_TEST_POSTGRES_URL: services.postgresUrl,
      PAGEPROBE_TEST_REDIS_URL: services.redisUrl,
      PAGEPROBE_TEST_S3_URL: services.s3Url,
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
const code = await new Promise<number>((resolve) => child.on('exit', (c) => resolve(c ?? 1)));
await services.stop();
process.exit(interrupted ? 130 : code);
