// A run past its time budget ends its browser (BrowserPool.abort): that must end even when Chromium does
// not answer. Puppeteer's close asks over the pipe and waits for the process, so a frozen Chromium held a
// run in `running` past its budget (seen in CI: a Lighthouse flow still running 139 s into a 90 s budget).
// Here the browser process is stopped with SIGSTOP, as frozen as a process gets.
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { after, test } from 'node:test';
import { createLogger } from '@pageprobe/logger';
import { BrowserPool } from './browser-pool.ts';
import { startEgressProxy } from './egress-proxy.ts';

const pool = new BrowserPool({
  chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  recycleAfter: 10,
  logger: createLogger({ name: 'browser-pool-test', level: 'silent' }),
});
const proxy = await startEgressProxy({ allowPrivate: false, allowTargets: [] });
after(async () => {
  await pool.close();
  await proxy.close();
});

// Puppeteer alone would wait for its protocol timeout (180 s) before killing it: this test's bound is 60 s.
test('a frozen Chromium is killed when a run is aborted, and the next run gets a new one', {
  timeout: 60_000,
}, async () => {
  const chromium = await pool.withPage(proxy.url, async (p) => p.browser().process()!);
  const exited = once(chromium, 'exit');
  process.kill(chromium.pid!, 'SIGSTOP');
  await pool.abort();
  const [, signal] = await exited;
  assert.equal(signal, 'SIGKILL');
  assert.equal(pool.restarts, 1);
  const next = await pool.withPage(proxy.url, async (p) => ({
    pid: p.browser().process()!.pid,
    sum: await p.evaluate('1 + 1'),
  }));
  assert.notEqual(next.pid, chromium.pid);
  assert.equal(next.sum, 2);
});
