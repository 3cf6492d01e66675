// Issue 22 item 5: Chromium runs sandboxed wherever it can. It refuses its sandbox to root, so the pool
// turns it off only there; as any other user (the images run as one) every renderer is confined by
// seccomp-bpf. Proven by running the pool as `nobody` and reading each renderer's Seccomp mode.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { chromiumSandboxed } from './browser-pool.ts';

test('the sandbox is on for every user but root, and only when wanted', () => {
  assert.equal(chromiumSandboxed(true, 1000), true);
  assert.equal(chromiumSandboxed(true, 0), false);
  assert.equal(chromiumSandboxed(false, 1000), false);
});

// Run by the test below as `nobody`: opens a page through the pool, prints each renderer's Seccomp mode.
const PROBE = `
import { readdirSync, readFileSync } from 'node:fs';
import { createLogger } from '@pageprobe/logger';
import { BrowserPool } from './src/browser-pool.ts';
const pool = new BrowserPool({ chromePath: process.env.CHROME_PATH, recycleAfter: 5, logger: createLogger({ name: 'probe', level: 'silent' }) });
const modes = await pool.withPage('http://127.0.0.1:9', async (page) => {
  await page.setContent('<p>sandboxed?</p>');
  const found = [];
  // Not this process: its own command line holds this script, '--type=renderer' included.
  for (const pid of readdirSync('/proc').filter((d) => /^\\d+$/.test(d) && d !== String(process.pid))) {
    let cmdline = '';
    try { cmdline = readFileSync('/proc/' + pid + '/cmdline', 'utf8'); } catch { continue; }
    if (!cmdline.includes('--type=renderer')) continue;
    const status = readFileSync('/proc/' + pid + '/status', 'utf8');
    // Only this user's renderers: other Chromiums on the machine (root's, in other tests) are not ours.
    if (Number(/Uid:\\s+(\\d+)/.exec(status)?.[1]) !== process.getuid()) continue;
    found.push(Number(/Seccomp:\\s+(\\d)/.exec(status)?.[1]));
  }
  return found;
});
await pool.close();
console.log(JSON.stringify({ sandboxed: pool.sandboxed, modes }));
`;

const runuser = ['/usr/sbin/runuser', '/sbin/runuser'].find(existsSync);

test('as a non-root user, every renderer runs under seccomp-bpf (mode 2)', {
  skip: !runuser && 'no runuser here',
}, () => {
  const cwd = fileURLToPath(new URL('..', import.meta.url));
  const run = spawnSync(runuser!, ['-u', 'nobody', '--', process.execPath, '--input-type=module', '-e', PROBE], {
    cwd,
    encoding: 'utf8',
    timeout: 60_000,
    env: { PATH: process.env.PATH, HOME: '/tmp', CHROME_PATH: process.env.CHROME_PATH ?? '/usr/bin/chromium' },
  });
  assert.equal(run.status, 0, run.stderr);
  const { sandboxed, modes } = JSON.parse(run.stdout.trim().split('\n').at(-1)!);
  assert.equal(sandboxed, true);
  assert.ok(modes.length > 0, 'no renderer found');
  assert.ok(
    modes.every((m: number) => m === 2),
    `renderer seccomp modes: ${modes.join(', ')}`,
  );
});
