import assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import { test } from 'node:test';
import { run } from './main.ts';

/** Runs a command line whose usage is wrong: it ends before any request (the address answers nothing). */
async function usage(...argv: string[]) {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let err = '';
  stderr.on('data', (chunk) => (err += chunk));
  const code = await run(argv, {
    env: { PAGEPROBE_API_URL: 'http://127.0.0.1:9', PAGEPROBE_API_KEY: 'pp_live_unused' },
    stdin: new PassThrough().end(),
    stdout: stdout as unknown as NodeJS.WriteStream,
    stderr: stderr as unknown as NodeJS.WriteStream,
  });
  return { code, stderr: err };
}

test('issue 47: wrong check options are usage errors (exit 2) that say what is expected', async () => {
  const expectation = await usage('test', 'https://example.com', '--type', 'uptime', '--expect', 'latency<5');
  assert.equal(expectation.code, 2);
  assert.match(expectation.stderr, /^--expect latency<5: starts with one of status, header, body, json, /);
  const record = await usage('test', 'example.com', '--type', 'tcp', '--record', 'MX');
  assert.match(record.stderr, /^--record and --resolver are for --type dns\n/);
  const withUrl = await usage('monitors', 'create', 'https://example.com', '--type', 'heartbeat', '--period', '60');
  assert.match(withUrl.stderr, /^monitors create --type heartbeat: no URL \(the job calls its ping URL\)/);
  const noGrace = await usage('monitors', 'create', '--type', 'heartbeat', '--schedule', '0 3 * * *');
  assert.equal(noGrace.code, 2);
  assert.match(noGrace.stderr, /--grace <seconds> \(--period <seconds> \| --schedule '<cron>'\)/);
  const period = await usage('monitors', 'create', '--type', 'heartbeat', '--period', 'hourly', '--grace', '60');
  assert.match(period.stderr, /^--period must be a whole number ≥ 1/);
  const both = await usage('test', 'https://example.com', '--type', 'uptime', '--body', 'a', '--body-file', 'b');
  assert.match(both.stderr, /^--body and --body-file: one or the other/);
});
