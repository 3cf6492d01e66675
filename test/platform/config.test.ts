// Each app parses its configuration once at start: defaults as CONTRACT.md sets them, and a bad value
// stops the app before it does anything, with a message naming the variable.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { apiEnv } from '@pageprobe/api';
import { dispatcherEnv } from '@pageprobe/callback-dispatcher';
import { ConfigError, parseEnv } from '@pageprobe/config';
import { uptimeEnv } from '@pageprobe/worker-uptime';

const repo = fileURLToPath(new URL('../../', import.meta.url));
const base = {
  DATABASE_URL: 'postgresql://u@127.0.0.1:1/db',
  REDIS_URL: 'redis://127.0.0.1:1',
  ADMIN_TOKEN: 'a-token-of-at-least-24-characters',
  S3_ENDPOINT: 'http://127.0.0.1:1',
};

test('defaults are those of CONTRACT.md', () => {
  const api = parseEnv(apiEnv, base);
  assert.equal(api.PORT, 3000);
  assert.equal(api.HOST, '127.0.0.1');
  assert.equal(api.PUBLIC_BASE_URL, 'http://127.0.0.1:3000');
  assert.equal(api.ALLOW_PRIVATE_TARGETS, false);
  assert.equal(api.RATE_LIMIT_READS_PER_MIN, 60);
  assert.equal(api.RATE_LIMIT_WRITES_PER_MIN, 10);
  assert.equal(api.FREE_LIGHTHOUSE_PER_HOUR, 3);
  const dispatcher = parseEnv(dispatcherEnv, base);
  assert.equal(dispatcher.CALLBACK_TIMEOUT_MS, 10_000);
  assert.equal(dispatcher.CALLBACK_RETRY_DELAY_MS, 30_000);
  assert.equal(parseEnv(apiEnv, { ...base, HOST: '0.0.0.0', PORT: '8080' }).PUBLIC_BASE_URL, 'http://0.0.0.0:8080');
  assert.equal(
    parseEnv(apiEnv, { ...base, PUBLIC_BASE_URL: 'https://api.example.com/' }).PUBLIC_BASE_URL,
    'https://api.example.com',
  );
  assert.equal(parseEnv(uptimeEnv, { ...base, ALLOW_PRIVATE_TARGETS: 'true' }).ALLOW_PRIVATE_TARGETS, true);
});

test('bad values are rejected, each naming its variable', () => {
  const cases: Array<[Record<string, string>, string]> = [
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ ALLOW_PRIVATE_TARGETS: 'maybe' }, 'ALLOW_PRIVATE_TARGETS'],
    [{ DATABASE_URL: 'mysql://x/y' }, 'DATABASE_URL'],
    [{ REDIS_URL: 'not a url' }, 'REDIS_URL'],
    [{ ADMIN_TOKEN: 'short' }, 'ADMIN_TOKEN'],
    [{ RATE_LIMIT_READS_PER_MIN: '0' }, 'RATE_LIMIT_READS_PER_MIN'],
    [{ FREE_LIGHTHOUSE_PER_HOUR: '-1' }, 'FREE_LIGHTHOUSE_PER_HOUR'],
    [{ PUBLIC_BASE_URL: 'ftp://x' }, 'PUBLIC_BASE_URL'],
  ];
  for (const [vars, name] of cases) {
    assert.throws(
      () => parseEnv(apiEnv, { ...base, ...vars }),
      (e: unknown) => e instanceof ConfigError && e.variables.includes(name) && e.message.includes(name),
      name,
    );
  }
  assert.throws(() => parseEnv(dispatcherEnv, { ...base, CALLBACK_TIMEOUT_MS: '10s' }), /CALLBACK_TIMEOUT_MS/);
  assert.throws(() => parseEnv(dispatcherEnv, { ...base, CALLBACK_RETRY_DELAY_MS: '-1' }), /CALLBACK_RETRY_DELAY_MS/);
  assert.throws(
    () => parseEnv(apiEnv, {}),
    (e: unknown) => e instanceof ConfigError && e.variables.includes('DATABASE_URL'),
  );
});

test('an app started with a bad value exits 1 at once with the variable named', () => {
  for (const [app, vars, name] of [
    ['api', { PORT: 'eighty' }, 'PORT'],
    ['worker-uptime', { UPTIME_CONCURRENCY: '0' }, 'UPTIME_CONCURRENCY'],
    ['callback-dispatcher', { CALLBACK_TIMEOUT_MS: 'soon' }, 'CALLBACK_TIMEOUT_MS'],
    ['worker-browser', { S3_ENDPOINT: 'nowhere' }, 'S3_ENDPOINT'],
    // Two Lighthouse runs in one process fail (issue 19): refused at start, not as failed tests later.
    ['worker-browser', { LIGHTHOUSE_CONCURRENCY: '2' }, 'LIGHTHOUSE_CONCURRENCY'],
  ] as const) {
    const run = spawnSync(process.execPath, [`apps/${app}/src/main.ts`], {
      cwd: repo,
      env: { PATH: process.env.PATH, ...base, S3_ENDPOINT: 'http://127.0.0.1:1', ...vars },
      encoding: 'utf8',
      timeout: 60_000,
    });
    assert.equal(run.status, 1, `${app}: ${run.stderr}`);
    assert.match(run.stderr, new RegExp(`Invalid configuration:[\\s\\S]*${name}`), app);
  }
});

test('in production every app refuses example secrets, a Redis without a password and private targets, and says which', () => {
  const production = {
    NODE_ENV: 'production',
    REDIS_URL: 'redis://127.0.0.1:1',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    ADMIN_TOKEN: 'CHANGE_ME_TO_24_OR_MORE_CHARACTERS',
    // Issue 28: the guard's switches for local use and tests.
    ALLOW_PRIVATE_TARGETS: 'true',
    ALLOW_TARGETS: '10.0.0.5:8080',
  };
  for (const app of ['api', 'worker-uptime', 'worker-browser', 'callback-dispatcher']) {
    const run = spawnSync(process.execPath, [`apps/${app}/src/main.ts`], {
      cwd: repo,
      env: { PATH: process.env.PATH, ...base, S3_ENDPOINT: 'http://127.0.0.1:1', ...production },
      encoding: 'utf8',
      timeout: 60_000,
    });
    assert.equal(run.status, 1, `${app}: ${run.stderr}`);
    assert.match(run.stderr, /REDIS_URL: has no password/, app);
    assert.match(run.stderr, /ALLOW_PRIVATE_TARGETS: lets tests and callbacks reach loopback, private/, app);
    assert.match(run.stderr, /ALLOW_TARGETS: lets tests reach 10\.0\.0\.5:8080 at private addresses/, app);
    assert.match(run.stderr, /PUBLIC_BASE_URL: is required in production/, app);
    if (app === 'api' || app === 'worker-browser')
      assert.match(run.stderr, /S3_SECRET_ACCESS_KEY: is an example value/, app);
    if (app === 'api') assert.match(run.stderr, /ADMIN_TOKEN: is an example value/);
  }
});

test('in production the dashboard refuses to start without an https address of its own (issue 45), and says why', () => {
  const env = { PATH: process.env.PATH, ...base, NODE_ENV: 'production', PUBLIC_BASE_URL: 'https://api.example.com' };
  // A bound, not a timing: a loaded CI machine took 15 s to load the dashboard once (killed: no stderr).
  const start = (extra: Record<string, string>) =>
    spawnSync(process.execPath, ['apps/dashboard/src/main.ts'], {
      cwd: repo,
      env: { ...env, ...extra },
      encoding: 'utf8',
      timeout: 60_000,
    });
  for (const [extra, reason] of [
    [{}, /DASHBOARD_BASE_URL: is required in production/],
    [{ DASHBOARD_BASE_URL: 'http://api.example.com/app' }, /DASHBOARD_BASE_URL: must be https in production/],
  ] as const) {
    const run = start(extra);
    assert.equal(run.status, 1, run.stderr);
    assert.match(run.stderr, reason);
    assert.match(run.stderr, /REDIS_URL: has no password/);
  }
});
