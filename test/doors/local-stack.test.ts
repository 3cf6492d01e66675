// `npm start` as a user runs it (issue 23), on a scratch data directory and port: ready only once every app
// can take work (the browser warmed up), the README's runnable blocks work against it, SIGTERM or SIGINT to
// the `npm start` process ends every process of the stack within 15 s (a running test handed back and
// finished by the next start), and after `kill -9` the next start ends what was left and is ready. Issue 45:
// it prints the dashboard's address and, until the dev team has an owner, the one link that makes one.
// Issue 56: the first start runs in a pseudo-terminal as a person's does (coloured logs; ready all the
// same), and is stopped by Ctrl-C as a terminal sends it (SIGINT to its whole foreground process group):
// one stop, in order, the running test handed back, nothing left behind. The dashboard's address is
// localhost's, where a passkey can be added and used (WebAuthn refuses an IP address).
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters } from 'node:util';
import { freePort } from '@pageprobe/local-services';
import { cruxRecordBody, startFakeCrux, startTest, waitForTest } from '@pageprobe/testing';
import { verifySignature } from '@pageprobe/webhook-verify';
import type { Page } from 'puppeteer-core';
import { press, sessionCookie, startBrowser } from '../support/dashboard.ts';
import { call } from '../support/http.ts';
import { eventually, isListening, startServer } from '../support/servers.ts';
import { virtualAuthenticator } from '../support/passkeys.ts';

const repo = fileURLToPath(new URL('../../', import.meta.url));
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
 * `npm start` in a session of its own, as from a service manager, or (`terminal`) in a pseudo-terminal of
 * its own as from a person's terminal (`script`, util-linux); its output as a person reads it, colours
 * and carriage returns taken out. The starts that need Chromium up without a test of their own warm the
 * browser up (a whole Lighthouse run, ~9 s of CPU); the others skip it.
 */
function startStack({ warmUp = false, terminal = false } = {}) {
  const child = terminal
    ? // Its input left open: `script` passes what it reads to the terminal, and nothing is typed.
      spawn('script', ['-qfec', 'npm start', '/dev/null'], {
        cwd: repo,
        env: { ...env, BROWSER_WARM_UP: String(warmUp) },
        stdio: ['pipe', 'pipe', 'pipe'],
        detached: true,
      })
    : spawn('npm', ['start'], {
        cwd: repo,
        env: { ...env, BROWSER_WARM_UP: String(warmUp) },
        stdio: ['ignore', 'pipe', 'pipe'],
        detached: true,
      });
  let raw = '';
  child.stdout!.on('data', (d) => (raw += d));
  child.stderr!.on('data', (d) => (raw += d));
  const output = () => (terminal ? stripVTControlCharacters(raw).replaceAll('\r\n', '\n') : raw);
  after(() => {
    for (const pid of [child.pid!, ...descendants(child.pid!)]) signal(pid, 'SIGKILL');
  });
  const ready = eventually(
    async () => (output().includes('ready in') ? true : child.exitCode !== null ? false : undefined),
    120_000,
    'stack ready',
  );
  return { child, ready, output, raw: () => raw };
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

/**
 * Ctrl-C as a terminal sends it: SIGINT to the terminal's foreground process group (the group of the
 * stack's own process, which must be that group), not to one process.
 */
function pressCtrlC(stack: Stack) {
  const stackProcess = descendants(stack.child.pid!).find((pid) => cmdline(pid).includes('scripts/stack.ts'))!;
  // After the command name: state, ppid, pgrp, session, tty_nr, tpgid.
  const [, , pgrp, , tty, foreground] = stat(stackProcess)!;
  assert.notEqual(tty, '0', 'the stack runs in a terminal');
  assert.equal(pgrp, foreground, "the stack's process is in its terminal's foreground group");
  process.kill(-Number(foreground), 'SIGINT');
}

/**
 * Sends `name` to the npm process alone (or Ctrl-C to the terminal's group) and expects every process of
 * the stack gone within 15 s.
 */
async function stopsEverything(stack: Stack, name: NodeJS.Signals | 'Ctrl-C') {
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
  if (name === 'Ctrl-C') pressCtrlC(stack);
  else signal(stack.child.pid!, name);
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
/**
 * The entry of the stack's output whose message says `message`, with the lines of its fields below it
 * when a person reads the output (pretty: `name │     key: value`); a JSON line when piped.
 */
function logEntry(out: string, message: string): string {
  const lines = out.split('\n');
  const at = lines.findIndex((line) => line.includes(message));
  if (at < 0) return '';
  const label = `${lines[at]!.split('│')[0]}│     `;
  let end = at + 1;
  while (end < lines.length && lines[end]!.startsWith(label)) end++;
  return lines.slice(at, end).join('\n');
}

/** The link as the ready block prints it (`First owner  <url>`), if it does. */
const printedSetupLink = (out: string) => /^ {2}First owner {2}(\S+)/m.exec(out)?.[1];

/** A virtual platform authenticator in the page, as a laptop's; what it holds. */
const addAuthenticator = async (page: Page) => (await virtualAuthenticator(page)).credentials;

async function passkeyAtPrintedAddress(setupLink: string, dashboard: string) {
  const browser = await startBrowser();
  const page = await browser.newPage();
  const credentials = await addAuthenticator(page);
  await page.goto(setupLink);
  assert.ok(await page.evaluate('window.isSecureContext'), 'the printed address is a secure context');
  await page.type('input[name="email"]', 'owner@example.com');
  await page.type('input[name="password"]', 'a long pass phrase 45');
  await Promise.all([page.waitForNavigation(), page.click('main form button[type="submit"]')]);
  assert.ok(await sessionCookie(page), 'the set-up link signed its owner in');
  await page.goto(`${dashboard}security`);
  const field = await page.waitForSelector('::-p-aria(Passkey name)');
  await field!.type('Laptop');
  await press(page, 'Add a passkey');
  assert.equal(new URL(page.url()).pathname, '/app/security');
  assert.equal((await credentials()).length, 1, 'the authenticator made the passkey');
  assert.match(await page.$eval('main', (e) => e.textContent ?? ''), /Laptop/);
  await press(page, 'Sign out');
  assert.equal(await sessionCookie(page), undefined, 'signed out');
  await press(page, 'Sign in with a passkey');
  assert.equal(page.url(), dashboard, 'signed in with the passkey alone');
  assert.ok(await sessionCookie(page));
  await page.close();
}

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

test('npm start in a terminal is ready once every app is (the browser warmed up), the runnable blocks of the README and docs work against it, and one Ctrl-C stops it', async () => {
  const stack = startStack({ warmUp: true, terminal: true });
  assert.equal(await stack.ready, true, stack.output());
  const out = stack.output();
  assert.ok(stack.raw().includes('\u001b['), 'coloured, as for a person');
  assert.match(out, /\bINFO\b/, 'the apps log in the readable format');
  assert.match(
    logEntry(out, 'worker-browser ready'),
    /warm_up_ms"?: ?\d+/,
    'the browser worker warmed up before it said it was ready',
  );
  assert.ok(out.indexOf('worker-browser ready') < out.indexOf('ready in'), 'the ready line waits for the browser');
  assert.ok(
    descendants(stack.child.pid!).some((pid) => cmdline(pid).includes('chromium')),
    'Chromium is up at ready',
  );
  const { key, webhook_secret: secret, dashboard_url: dashboard, owner_setup_url: setup } = devCredentials();
  assert.ok(out.includes(key), 'the key is printed');
  // Issue 45: the dashboard, and the link that makes the dev team's first owner, printed and kept.
  assert.equal(dashboard, `http://localhost:${dashboardPort}/app/`);
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

  // One Ctrl-C: the stack's process, npm and start.mjs (which pass it on) all get it; one stop, in order.
  await stopsEverything(stack, 'Ctrl-C');
  const stopped = stack.output();
  assert.equal(existsSync(join(data, 'stack.pids')), false, 'no ledger left');
  assert.equal(existsSync(join(data, 'postgres', 'postmaster.pid')), false, "PostgreSQL's lock file removed");
  assert.match(logEntry(stopped, 'handed back'), /jobs"?: ?1\b/, 'the running test was handed back');
  assert.match(stopped, /\] stopped\n/);
  assert.doesNotMatch(stopped, /forcing/, 'one press is one stop');
  assert.match(stopped, /press Ctrl-C again to force/, 'how to force is said on screen');
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
  // Issue 56: at the address npm start printed, a newcomer makes the owner with the link, adds a passkey
  // (WebAuthn refuses an IP address as relying party; localhost is a secure context) and signs in with it.
  await passkeyAtPrintedAddress(setup, devCredentials().dashboard_url);
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
