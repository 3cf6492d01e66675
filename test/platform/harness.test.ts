// The harness itself: a run that fails still stops every server it started and removes its files.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, globSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { isListening } from '../support/servers.ts';
import { selectFiles } from '../support/select-files.ts';
import { ROOT_PREFIX } from '../support/services.ts';

const here = fileURLToPath(new URL('..', import.meta.url));

const roots = () => new Set(readdirSync(tmpdir()).filter((n) => n.startsWith(ROOT_PREFIX)));

test('a failing run exits non-zero, and its PostgreSQL, Redis, S3 server and files are gone', async () => {
  const scratch = mkdtempSync(join(tmpdir(), 'harness-check-'));
  after(() => rmSync(scratch, { recursive: true, force: true }));
  const report = join(scratch, 'report.json');
  const before = roots();

  const child = spawn(process.execPath, ['run.ts', 'fixtures/records-and-fails.fixture.ts'], {
    cwd: here,
    // Without the shared servers' variables, as a fresh `npm test` would start it.
    env: { PATH: process.env.PATH, HOME: process.env.HOME, HARNESS_REPORT: report },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const [code] = await once(child, 'exit');

  assert.notEqual(code, 0, output);
  assert.match(output, /this failure is the point of the fixture/);
  const seen = JSON.parse(readFileSync(report, 'utf8')) as Record<string, string>;
  // The run's servers were not ours (each run starts its own on free ports).
  assert.notEqual(seen.postgres, process.env.PAGEPROBE_TEST_POSTGRES_URL);
  for (const url of [seen.postgres!, seen.redis!, seen.s3!]) {
    assert.equal(await isListening(url), false, `${url} still answers after the run`);
  }
  const leftover = [...roots()].filter((r) => !before.has(r));
  assert.deepEqual(leftover, [], 'temporary roots left behind');
});

test('a process that dies of an uncaught error takes the servers it started with it', async () => {
  const scratch = mkdtempSync(join(tmpdir(), 'harness-crash-'));
  after(() => rmSync(scratch, { recursive: true, force: true }));
  const report = join(scratch, 'url');
  const child = spawn(process.execPath, ['fixtures/crashes-with-a-server.fixture.ts'], {
    cwd: here,
    env: { PATH: process.env.PATH, HARNESS_REPORT: report, FIXTURE_DIR: join(scratch, 'redis') },
    stdio: 'ignore',
  });
  const [code] = await once(child, 'exit');
  assert.notEqual(code, 0);
  const url = readFileSync(report, 'utf8');
  assert.match(url, /^redis:\/\/127\.0\.0\.1:\d+$/);
  assert.equal(
    await isListening(url.replace('redis:', 'http:')),
    false,
    'the Redis outlived the process that started it',
  );
});

test('npm test and npm run test:topologies take every file but failover/ between them, each once; a name finds its file', () => {
  const all = globSync('**/*.test.ts', { cwd: here, exclude: (f) => f.includes('node_modules') });
  const exists = (name: string) => existsSync(join(here, name));
  const npmTest = selectFiles(all, [], exists);
  const topologies = selectFiles(all, ['--topologies'], exists);
  assert.equal(npmTest.topologies, false);
  assert.equal(topologies.topologies, true);
  assert.deepEqual(
    npmTest.selected.filter((f) => topologies.selected.includes(f)),
    [],
    'a file in both runs',
  );
  assert.deepEqual(
    [...npmTest.selected, ...topologies.selected].sort(),
    all.filter((f) => !f.startsWith('failover/')).sort(),
    'a file neither run takes',
  );
  // The outages, kills and replicas, and npm start, build their own topology; the doors' other files do not.
  for (const file of ['resilience/scale-out.test.ts', 'resilience/postgres-down.test.ts', 'doors/local-stack.test.ts'])
    assert.ok(topologies.selected.includes(file), file);
  for (const file of ['doors/doors.test.ts', 'doors/admin-cli.test.ts', 'api/credits.test.ts'])
    assert.ok(npmTest.selected.includes(file), file);
  // The longest first: the callbacks' 30 s retry leads.
  assert.equal(npmTest.selected[0], 'alerts/callbacks.test.ts');
  assert.deepEqual(selectFiles(all, ['uptime-e2e.test.ts'], exists).selected, ['kinds/uptime-e2e.test.ts']);
  assert.deepEqual(selectFiles(all, ['failover/redis-sentinel.test.ts'], exists).selected, [
    'failover/redis-sentinel.test.ts',
  ]);
});
