// Issue 47 item 5, the dashboard: in a real Chromium, an editor makes a heartbeat monitor from the form
// (a refused schedule shown beside its field first), reads its ping URL on its page, pings it as a job
// would (fetch: /start, then a POST with a log), and sees both pings listed with the log; makes a tcp
// monitor and an uptime monitor with a method, a body and expectations, and changes the expectations.
// axe-core finds no violation on the new pages; screenshots at 375 and 1280 px in test/.artifacts/dashboard/.
import assert from 'node:assert/strict';
import { createServer as createHttpServer } from 'node:http';
import { createServer as createTcpServer } from 'node:net';
import { after, test } from 'node:test';
import { ensureUser, hashPassword, setMembership } from '@pageprobe/accounts';
import { createPool } from '@pageprobe/db';
import { ensurePartitions } from '@pageprobe/test-lifecycle';
import type { Page } from 'puppeteer-core';
import { startApiApp } from '../support/app-process.ts';
import { fill, press, signedIn, startBrowser, startDashboard, axeAtBothWidths } from '../support/dashboard.ts';
import { teamWithKey } from '../support/teams.ts';
import { createTestEnv } from '../support/test-env.ts';

// Local targets (nothing checks them here: no dispatcher runs; the monitors' rows are what is judged).
const web = createHttpServer((_req, res) => res.end('ok'));
await new Promise<void>((resolve) => web.listen(0, '127.0.0.1', resolve));
const port = createTcpServer((socket) => socket.end());
await new Promise<void>((resolve) => port.listen(0, '127.0.0.1', resolve));
after(() => {
  web.close();
  port.close();
});
const portOf = (server: { address(): unknown }) => (server.address() as { port: number }).port;

const env = await createTestEnv();
const { origin } = await startApiApp(env, { ALLOW_PRIVATE_TARGETS: 'true' });
const { base } = await startDashboard(env, { PUBLIC_BASE_URL: origin, ALLOW_PRIVATE_TARGETS: 'true' });
const browser = await startBrowser();
// The pings' partitions, as a dispatcher makes them (none runs here: the pings are only listed).
const pool = createPool(env.databaseUrl, { size: 1 });
await ensurePartitions(pool, new Date(Date.now() - 86_400_000), new Date(Date.now() + 86_400_000));
await pool.end();
const { teamId } = await teamWithKey(env);
const EDITOR = { email: 'checks-editor@example.com', password: 'the editor passphrase' };
const editor = await ensureUser(env.db, { email: EDITOR.email, passwordHash: await hashPassword(EDITOR.password) });
await setMembership(env.db, teamId, editor.id, 'editor');
const { page } = await signedIn(browser, base, EDITOR);

/** Empties a field found by its label (a textarea of several lines too). */
async function clear(p: Page, label: string) {
  const input = await p.waitForSelector(`::-p-aria(${label})`);
  await input!.evaluate((e) => {
    (e as unknown as { value: string }).value = '';
  });
}

/** Opens the expectations' JSON view (the rows' other view, issue 60) to write them as JSON. */
const jsonView = (p: Page) => p.click('::-p-text(Expectations as JSON)');

const cells = (p: Page, table: string) =>
  p.$$eval(`${table} tbody tr`, (rows) => rows.map((r) => [...r.cells].map((c) => c.textContent?.trim() ?? '')));

test('a heartbeat made from the form: its ping URL on its page, pinged as a job would, its pings listed with their log', async () => {
  await page.goto(`${base}/monitors/new?kind=heartbeat`);
  const violations = await axeAtBothWidths(page, 'monitor-form-kinds');
  await fill(page, 'Name (optional)', 'Nightly backup');
  await fill(page, 'Period (seconds)', '60');
  await fill(page, 'Cron schedule', '0 3 * * *');
  await fill(page, 'Grace (seconds)', '90');
  const [refused] = await Promise.all([
    page.waitForNavigation(),
    page.click('::-p-aria([name="Create monitor"][role="button"])'),
  ]);
  assert.equal(refused?.status(), 400);
  assert.match(
    (await page.$eval('#schedule-error', (e) => e.textContent)) ?? '',
    /cannot be given with period_seconds/,
  );
  assert.equal(await page.$eval('#schedule', (e) => e.getAttribute('aria-invalid')), 'true');
  assert.equal(await env.db.monitor.count({ where: { teamId } }), 0);

  await clear(page, 'Cron schedule');
  await press(page, 'Create monitor');
  const monitor = await env.db.monitor.findFirstOrThrow({ where: { teamId, type: 'heartbeat' } });
  assert.equal(page.url(), `${base}/monitors/${monitor.id}`);
  assert.deepEqual(
    [monitor.name, monitor.periodSeconds, monitor.graceSeconds, monitor.schedule],
    ['Nightly backup', 60, 90, null],
  );
  assert.equal(await page.$eval('h1', (h) => h.textContent), 'Nightly backup');

  // Its ping URL, and what a job runs with it.
  const pingUrl = await page.$eval('#ping-url', (e) => e.textContent ?? '');
  assert.match(pingUrl, new RegExp(`^${origin}/ping/[A-Za-z0-9_-]{43}$`));
  const examples = await page.$$eval('pre.copy code', (codes) => codes.map((c) => c.textContent ?? ''));
  assert.ok(examples.includes(`curl -fsS -m 10 ${pingUrl}/start`), examples.join('\n'));
  assert.ok(examples.some((e) => e.includes(`curl -fsS -m 10 --retry 3 ${pingUrl}`)));
  assert.ok(
    examples.some((e) => e.includes(`${pingUrl}/$code`)),
    'the exit status example',
  );
  assert.match(await page.$eval('main', (m) => m.textContent ?? ''), /No ping yet\./);

  assert.equal((await fetch(`${pingUrl}/start`)).status, 200);
  const log = 'backup done: 42 files\nsent 1.2 GB';
  assert.equal((await fetch(pingUrl, { method: 'POST', body: log })).status, 200);
  await page.reload();
  const pings = await cells(page, 'table.pings');
  assert.deepEqual(
    pings.map((r) => r.slice(1)),
    [
      ['success', '–', log],
      ['start', '–', 'none'],
    ],
  );
  // The public page (its link on this page) never shows the ping URL.
  const publicUrl = await page.$eval('::-p-text(Its public page)', (a) => (a as unknown as { href: string }).href);
  assert.ok(!(await (await fetch(publicUrl)).text()).includes(pingUrl));
  violations.push(...(await axeAtBothWidths(page, 'monitor-heartbeat')));

  // The list names it, not by its placeholder url.
  await page.goto(`${base}/monitors?type=heartbeat`);
  const listed = await cells(page, 'table.monitors');
  assert.equal(listed.length, 1);
  assert.ok(listed[0]!.includes('Nightly backup') && listed[0]!.includes('Heartbeat'), listed[0]!.join(' | '));
  assert.ok(!(await page.$eval('main', (m) => m.textContent ?? '')).includes('heartbeat:'), 'no placeholder url shown');
  assert.deepEqual(violations, []);
});

test('a tcp monitor, and an uptime monitor with a method, a body and expectations, made and changed from the form', async () => {
  const tcpTarget = `tcp://127.0.0.1:${portOf(port)}`;
  await page.goto(`${base}/monitors/new?kind=tcp`);
  await fill(page, 'URL', tcpTarget);
  await fill(page, 'Interval (seconds)', '60');
  await jsonView(page);
  await fill(page, 'Expectations (JSON)', '[{"source": "response_time", "operator": "lt", "value": 2000}]');
  await press(page, 'Create monitor');
  const tcp = await env.db.monitor.findFirstOrThrow({ where: { teamId, type: 'tcp' } });
  assert.equal(page.url(), `${base}/monitors/${tcp.id}`);
  assert.equal(tcp.url, tcpTarget);
  assert.deepEqual((tcp.options as { expect?: unknown }).expect, [
    { source: 'response_time', operator: 'lt', value: 2000 },
  ]);
  assert.match(await page.$eval('main', (m) => m.textContent ?? ''), /TCP check monitor · every 1 min/);
  const violations = await axeAtBothWidths(page, 'monitor-tcp');

  const webUrl = `http://127.0.0.1:${portOf(web)}/health`;
  await page.goto(`${base}/monitors/new?kind=uptime`);
  await fill(page, 'URL', webUrl);
  await fill(page, 'Interval (seconds)', '60');
  await page.select('::-p-aria(Method (uptime))', 'POST');
  await fill(page, 'Request body (uptime)', '{"probe": true}');
  await fill(page, 'Content type (uptime)', 'application/json');
  await jsonView(page);
  await fill(page, 'Expectations (JSON)', '[{"source": "body", "operator": "contains", "value": "ok"}]');
  await press(page, 'Create monitor');
  const uptime = await env.db.monitor.findFirstOrThrow({ where: { teamId, type: 'uptime' } });
  assert.deepEqual(uptime.options, {
    method: 'POST',
    body: '{"probe": true}',
    content_type: 'application/json',
    expect: [{ source: 'body', operator: 'contains', value: 'ok' }],
  });

  // Edited: the expectations replaced, the method, body and content type kept.
  await page.goto(`${base}/monitors/${uptime.id}/edit`);
  assert.equal(await page.$eval('#method', (s) => (s as unknown as { value: string }).value), 'POST');
  await jsonView(page);
  await clear(page, 'Expectations (JSON)');
  await fill(page, 'Expectations (JSON)', '[{"source": "status", "operator": "eq", "value": 200}]');
  await press(page, 'Save');
  const changed = await env.db.monitor.findUniqueOrThrow({ where: { id: uptime.id } });
  assert.deepEqual(changed.options, {
    method: 'POST',
    body: '{"probe": true}',
    content_type: 'application/json',
    expect: [{ source: 'status', operator: 'eq', value: 200 }],
  });
  violations.push(...(await axeAtBothWidths(page, 'monitor-uptime-expect')));
  assert.deepEqual(violations, []);
});

test('issue 60: a multistep monitor made from request rows, refused beside its row, edited a row at a time', async () => {
  const webUrl = `http://127.0.0.1:${portOf(web)}/`;
  const requests = [
    { name: 'sign in', method: 'POST', url: '/login', extract: [{ name: 'token', source: 'json', path: '$.token' }] },
    { url: '/me', headers: { authorization: 'Bearer {{token}}' } },
  ];
  await page.goto(`${base}/monitors/new?kind=multistep`);
  await fill(page, 'URL', webUrl);
  await fill(page, 'Interval (seconds)', '300');
  await fill(page, 'Request 1 Name (optional)', 'sign in');
  await page.select('#request_method_0', 'POST');
  await fill(page, 'Request 1 URL', '/login');
  await fill(page, 'Request 1 Extract', 'token json $.token');
  // A name no earlier request extracts: refused beside its row, nothing made, the rows kept.
  await fill(page, 'Request 2 URL', '/me/{{nope}}');
  await press(page, 'Create monitor');
  const refused = await page.$eval('#request-2', (row) => row.textContent ?? '');
  assert.match(refused, /Request 2: uses \{\{nope\}\}, which no earlier request extracts/);
  assert.equal(await env.db.monitor.count({ where: { teamId, type: 'multistep' } }), 0);
  assert.equal(await page.$eval('#request_url_0', (e) => (e as unknown as { value: string }).value), '/login');
  await fill(page, 'Request 2 URL', '/me');
  await fill(page, 'Request 2 Headers', 'authorization: Bearer {{token}}');
  await press(page, 'Create monitor');
  const made = await env.db.monitor.findFirstOrThrow({ where: { teamId, type: 'multistep' } });
  assert.deepEqual((made.options as { requests?: unknown }).requests, requests);
  const violations = await axeAtBothWidths(page, 'monitor-multistep');

  // Edited: the rows show what it has, the JSON view too; a row added spends no write, one removed is saved.
  await page.goto(`${base}/monitors/${made.id}/edit`);
  assert.equal(
    await page.$eval('#request_headers_1', (e) => (e as unknown as { value: string }).value),
    'authorization: Bearer {{token}}',
  );
  const shown = await page.$eval('#requests', (e) => (e as unknown as { value: string }).value);
  assert.deepEqual(JSON.parse(shown), requests, 'the JSON view shows the requests it has');
  await press(page, 'Add a request');
  assert.equal(await page.$$eval('fieldset.request-row', (rows) => rows.length), 3);
  await press(page, 'Remove request 2');
  assert.deepEqual(
    await page.$$eval('fieldset.request-row legend', (ls) => ls.map((l) => l.textContent)),
    ['Request 1', 'Request 2'],
    'the second removed, the new blank row kept to be filled',
  );
  violations.push(...(await axeAtBothWidths(page, 'monitor-multistep-edited')));
  await press(page, 'Save');
  const changed = await env.db.monitor.findUniqueOrThrow({ where: { id: made.id } });
  assert.deepEqual((changed.options as { requests?: unknown }).requests, requests.slice(0, 1));

  // The JSON view is the other way in: changed, it replaces the rows.
  await page.goto(`${base}/monitors/${made.id}/edit`);
  await page.click('::-p-text(Requests as JSON)');
  await clear(page, 'Requests (JSON)');
  await fill(page, 'Requests (JSON)', JSON.stringify(requests));
  await press(page, 'Save');
  const again = await env.db.monitor.findUniqueOrThrow({ where: { id: made.id } });
  assert.deepEqual((again.options as { requests?: unknown }).requests, requests);
  assert.deepEqual(violations, []);
});
