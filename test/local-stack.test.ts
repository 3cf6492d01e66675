// `npm start` as a user runs it (issue 23), on a scratch data directory and port: ready only once every app
// can take work (the browser warmed up), the README's runnable blocks work against it, SIGTERM or SIGINT to
// the `npm start` process ends every process of the stack within 15 s (a running test handed back and
// finished by the next start), and after `kill -9` the next start ends what was left and is ready. Issue 45:
// it prints the dashboard's address and, until the dev team has an owner, the one link that makes one.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { freePort } from '@pageprobe/local-services';
import { cruxRecordBody, startFakeCrux, startTest, waitForTest } from '@pageprobe/testing';
import { verifySignature } from '@pageprobe/webhook-verify';
import { call } from './support/http.ts';
import { eventually, isListening, startServer } from './support/servers.ts';

const repo = fileURLToPath(new URL('../', import.meta.url));
const data = mkdtempSync(join(tmpdir(), 'stack-data-'));
chmodSync(data, 0o755); // PostgreSQL runs as the postgres user when we are root
after(() => rmSync(data, { recursive: true, force: true }));
const port = await freePort();
const origin = `http://127.0.0.1:${port}`;
const dashboardPort = await freePort();
// Field data (issue 48): npm start hands the shell's CRUX_API_KEY and CRUX_API_URL to the apps.
const crux = await startFakeCrux();
after(() => crux.close());
const CRUX_API_KEY = 'crux-local-stack-key-5d1e';
const env = {
  PATH: process.env.PATH,
  HOME: process.env.HOME,
  PAGEPROBE_DATA_DIR: data,
  PORT: String(port),
  DASHBOARD_PORT: String(dashboardPort),
  ALLOW_PRIVATE_TARGETS: 'true',
  // Shorter than any Lighthouse run, so the test running at the stop is always handed back (the default
  // grace let a quick run finish first: a test of a race).
  SHUTDOWN_GRACE_MS: '1500',
  CRUX_API_KEY,
  CRUX_API_URL: crux.url,
};

/**
 * `npm start` in a session of its own, as from a terminal or a service manager. The starts that need
 * Chromium up without a test of their own warm the browser up (a whole Lighthouse run, ~9 s of CPU);
 * the others skip it.
 */
function startStack({ warmUp = false } = {}) {
  const child = spawn('npm', ['start'], {
    cwd: repo,
    env: { ...env, BROWSER_WARM_UP: String(warmUp) },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  after(() => {
    for (const pid of [child.pid!, ...descendants(child.pid!)]) signal(pid, 'SIGKILL');
  });
  const ready = eventually(
    async () => (output.includes('ready in') ? true : child.exitCode !== null ? false : undefined),
    120_000,
    'stack ready',
  );
  return { child, ready, output: () => output };
}
type Stack = ReturnType<typeof startStack>;

function signal(pid: number, name: NodeJS.Signals) {
  try {
    process.kill(pid, name);
  } catch {}
}

/** The fields of /proc/<pid>/stat after the command name: [state, ppid, ...]. */
function stat(pid: number): string[] | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return text.slice(text.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null;
  }
}

/** Every process below `root` now: the stack's apps, PostgreSQL's backends, Chromium's renderers. */
function descendants(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const name of readdirSync('/proc')) {
    const ppid = Number(stat(Number(name))?.[1]);
    if (ppid) children.set(ppid, [...(children.get(ppid) ?? []), Number(name)]);
  }
  const found: number[] = [];
  const visit = (pid: number) => {
    for (const child of children.get(pid) ?? []) {
      found.push(child);
      visit(child);
    }
  };
  visit(root);
  return found;
}

const cmdline = (pid: number) => {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return '';
  }
};
const running = (pids: number[]) => pids.filter((pid) => (stat(pid)?.[0] ?? 'Z') !== 'Z');

/** Sends `name` to the npm process alone and expects every process of the stack gone within 15 s. */
async function stopsEverything(stack: Stack, name: NodeJS.Signals) {
  const tree = [stack.child.pid!, ...descendants(stack.child.pid!)];
  const commands = tree.map(cmdline).join('\n');
  for (const part of [
    'apps/api',
    'apps/worker-browser',
    'apps/dashboard',
    'postgres',
    'redis-server',
    's3-server',
    'chromium',
  ]) {
    assert.ok(commands.includes(part), `${part} runs under npm start`);
  }
  signal(stack.child.pid!, name);
  const left = await eventually(
    async () => (running(tree).length === 0 ? [] : undefined),
    15_000,
    `every process of the stack gone after ${name}`,
  ).catch(() => running(tree).map((pid) => `${pid} ${cmdline(pid)}`));
  assert.deepEqual(left, [], `${name}: still running after 15 s`);
  assert.equal(await isListening(origin), false);
}

/** The blocks marked runnable in the README and the docs/ pages, in that order. */
function runnableBlocks(): string[] {
  const pages = ['README.md', ...readdirSync(join(repo, 'docs')).map((f) => join('docs', f))];
  return pages.flatMap((page) => {
    const text = readFileSync(join(repo, page), 'utf8');
    return [...text.matchAll(/<!-- runnable -->\n```sh\n([\s\S]*?)```/g)].map((m) => m[1]!);
  });
}

interface DevCredentials {
  key: string;
  webhook_secret: string;
  dashboard_url: string;
  owner_setup_url?: string;
}
const devCredentials = () => JSON.parse(readFileSync(join(data, 'dev-credentials.json'), 'utf8')) as DevCredentials;
/** The link as the ready block prints it (`First owner  <url>`), if it does. */
const printedSetupLink = (out: string) => /^ {2}First owner {2}(\S+)/m.exec(out)?.[1];

const runningTestId = { value: '' };
// The page of that test, for the whole file: it answers after 20 s the first time (the run the stop cuts
// short), at once afterwards (the run of the next start).
let first = true;
const target = await startServer((_req, res) => {
  const delay = first ? 20_000 : 0;
  first = false;
  setTimeout(() => res.writeHead(200, { 'content-type': 'text/html' }).end('<title>t</title><h1>ok</h1>'), delay);
});
crux.setRecord({ url: `${target.url}/`, formFactor: 'PHONE' }, cruxRecordBody({ lcp: 1900, inp: 120 }));

test('npm start is ready once every app is (the browser warmed up), and the runnable blocks of the README and docs work against it', async () => {
  const stack = startStack({ warmUp: true });
  assert.equal(await stack.ready, true, stack.output());
  const out = stack.output();
  const warmedUp = /"warm_up_ms":(\d+)[^\n]*worker-browser ready/.exec(out);
  assert.ok(warmedUp, 'the browser worker warmed up before it said it was ready');
  assert.ok(out.indexOf('worker-browser ready') < out.indexOf('ready in'), 'the ready line waits for the browser');
  assert.ok(
    descendants(stack.child.pid!).some((pid) => cmdline(pid).includes('chromium')),
    'Chromium is up at ready',
  );
  const { key, webhook_secret: secret, dashboard_url: dashboard, owner_setup_url: setup } = devCredentials();
  assert.ok(out.includes(key), 'the key is printed');
  // Issue 45: the dashboard, and the link that makes the dev team's first owner, printed and kept.
  assert.equal(dashboard, `http://127.0.0.1:${dashboardPort}/app/`);
  assert.ok(out.includes(`  Dashboard    ${dashboard}\n`), 'the dashboard is printed');
  assert.ok(
    out.includes(`  Field data   on: lighthouse tests ask the Chrome UX Report (${crux.url})\n`),
    'field data on',
  );
  assert.ok(!out.includes(CRUX_API_KEY), 'the CrUX key is never printed nor logged');
  assert.match(setup ?? '', new RegExp(`^${dashboard}setup/[\\w-]{20,}$`));
  assert.equal(printedSetupLink(out), setup, 'the set-up link is printed');
  const setupPage = await fetch(setup!);
  assert.equal(setupPage.status, 200);
  assert.match(await setupPage.text(), /The first owner of Dev team/);
  // Issue 31: the dev team's callbacks are signed, as production's are.
  assert.match(secret, /^whsec_/);
  assert.ok(out.includes(secret), 'the webhook secret is printed');
  const receiver = await startServer();
  await startTest(origin, key, { url: `${target.url}/`, type: 'uptime', callback_url: `${receiver.url}/hook` });
  const callback = await receiver.nth(1, 30_000);
  verifySignature(String(callback.headers['x-service-signature']), callback.raw, secret);

  // The README's blocks as they are, but for the port and data directory of this stack.
  const blocks = runnableBlocks();
  assert.ok(blocks.length >= 2, 'the README and docs mark their runnable blocks');
  for (const block of blocks) {
    const script = block.replaceAll('127.0.0.1:3000', `127.0.0.1:${port}`).replaceAll('./.data/', `${data}/`);
    const run = spawnSync('bash', ['-eo', 'pipefail', '-c', script], { cwd: repo, env, encoding: 'utf8' });
    assert.equal(run.status, 0, `README block failed:\n${block}\n${run.stdout}\n${run.stderr}`);
    if (block.includes('curl')) assert.match(run.stdout, /^HTTP\/1\.1 200/m);
  }
  // spawnSync held this process's event loop for the blocks' whole run (longer since issue 47's heartbeat
  // block): the API closed this process's idle keep-alive connection meanwhile, and fetch must see that
  // close before it sends the next request, or it writes it to a socket the server has already left.
  await new Promise((resolve) => setTimeout(resolve, 100));

  // A test that is running when the stack is told to stop.
  const created = await startTest(origin, key, { url: `${target.url}/`, type: 'lighthouse' });
  runningTestId.value = created.id;
  await eventually(async () => {
    const now = await call<{ status: string }>(`${origin}/api/v1/tests/${created.id}`, { token: key });
    return now.body.status === 'running' ? true : undefined;
  }, 30_000);

  await stopsEverything(stack, 'SIGTERM');
  assert.match(stack.output(), /"jobs":1[^\n]*handed back/, 'the running test was handed back');
  assert.match(stack.output(), /stopped/);
});

test('the next start keeps the data and finishes the handed-back test; SIGINT to npm stops it all', async () => {
  const stack = startStack();
  assert.equal(await stack.ready, true, stack.output());
  assert.match(stack.output(), /database is up to date/);
  assert.match(stack.output(), /from .*dev-credentials\.json/);
  const { key, owner_setup_url: setup } = devCredentials();
  // Unused, the link printed before still works, and is printed again; used, it makes the owner.
  assert.ok(setup);
  assert.equal(printedSetupLink(stack.output()), setup, 'the same set-up link while it is unused');
  const made = await fetch(setup, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: new URL(setup).origin },
    body: new URLSearchParams({ email: 'owner@example.com', password: 'a long pass phrase 45' }),
    redirect: 'manual',
  });
  assert.equal(made.status, 303, await made.text());
  // The dev key has 60 reads a minute, and the first test spent some: poll slowly, and wait out a 429.
  const finished = await waitForTest(origin, key, runningTestId.value, { timeoutMs: 90_000, pollMs: 2_000 });
  assert.equal(finished.status, 'completed', JSON.stringify(finished));
  // The browser worker had the shell's key: CrUX's record of the page beside the lab's figures.
  const field = (finished as { result?: { field?: Record<string, any> } }).result?.field;
  assert.equal(field?.available, true, JSON.stringify(field));
  assert.equal(field?.metrics.lcp.p75, 1900);
  assert.ok(!stack.output().includes(CRUX_API_KEY), 'the CrUX key is never printed nor logged');

  const created = await startTest(origin, key, { url: `${target.url}/`, type: 'uptime' });
  assert.equal((await waitForTest(origin, key, created.id, { timeoutMs: 75_000, pollMs: 1_000 })).status, 'completed');
  await stopsEverything(stack, 'SIGINT');
});

test('after kill -9, the next npm start ends what was left and is ready; a second start beside it is refused', async () => {
  // Only npm and the stack's own process die: the apps and servers they started are left running.
  const orphaning = startStack();
  assert.equal(await orphaning.ready, true, orphaning.output());
  // The dev team has its owner now: no set-up link, printed or kept.
  assert.equal(printedSetupLink(orphaning.output()), undefined);
  assert.equal(devCredentials().owner_setup_url, undefined);
  assert.ok(devCredentials().dashboard_url);
  const stackProcess = descendants(orphaning.child.pid!).find((pid) => cmdline(pid).includes('scripts/stack.ts'))!;
  const left = descendants(stackProcess);
  for (const pid of [orphaning.child.pid!, ...descendants(orphaning.child.pid!)].filter((p) => !left.includes(p)))
    signal(pid, 'SIGKILL');
  assert.ok(running(left).length > 0);

  const next = startStack();
  assert.equal(await next.ready, true, next.output());
  assert.match(next.output(), /ended \d+ processes left by an earlier start/);
  assert.deepEqual(running(left), [], 'the leftovers are gone');

  const beside = startStack();
  assert.equal(await beside.ready, false);
  assert.match(beside.output(), /another npm start \(pid \d+\) is running/);

  // Everything killed at once: PostgreSQL's postmaster.pid stays behind.
  for (const pid of [next.child.pid!, ...descendants(next.child.pid!)]) signal(pid, 'SIGKILL');
  await once(next.child, 'exit');
  const last = startStack({ warmUp: true }); // stopsEverything wants Chromium up, and nothing else starts it here
  assert.equal(await last.ready, true, last.output());
  const { key } = JSON.parse(readFileSync(join(data, 'dev-credentials.json'), 'utf8')) as { key: string };
  assert.equal((await call(`${origin}/api/v1/tests/${runningTestId.value}`, { token: key })).status, 200);
  await stopsEverything(last, 'SIGTERM');
});
