// Issue 58 items 1 and 2: incidents people write, through the API, moving through their four states, and
// status pages that show them: leading with the open ones, each incident's own page, the history paged,
// and Atom and RSS feeds checked by a maintained feed parser (@rowanmanning/feed-parser). A status page's
// automatic incidents opened by a monitor's down and resolved by its recovery, through the code checks
// take (recordChecks). The page at 375 px in Chromium, with axe-core; screenshots under
// test/.artifacts/status-incidents/.
import assert from 'node:assert/strict';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { AxePuppeteer } from '@axe-core/puppeteer';
import { createPool } from '@pageprobe/db';
import { recordChecks } from '@pageprobe/monitors';
import { ensurePartitions } from '@pageprobe/test-lifecycle';
import { parseFeed } from '@rowanmanning/feed-parser';
import puppeteer from 'puppeteer-core';
import { startApiInProcess } from '../support/api-in-process.ts';
import { uptimeCheck } from '../support/checks.ts';
import { runCli } from '../support/cli.ts';
import { teamWithKey } from '../support/teams.ts';
import { createTestEnv } from '../support/test-env.ts';

const SHOTS = fileURLToPath(new URL('../.artifacts/status-incidents/', import.meta.url));
rmSync(SHOTS, { recursive: true, force: true });
mkdirSync(SHOTS, { recursive: true });

const env = await createTestEnv();
const pool = createPool(env.databaseUrl, { size: 2 });
after(() => pool.end());
const { origin } = await startApiInProcess(env, {
  RATE_LIMIT_READS_PER_MIN: '100000',
  RATE_LIMIT_WRITES_PER_MIN: '100000',
  ALLOW_PRIVATE_TARGETS: 'true',
});
const { key, teamId } = await teamWithKey(env, { plan: 'pro' });
const other = await teamWithKey(env, { plan: 'pro' });
const api = async (path: string, init: { method?: string; body?: unknown; key?: string } = {}) => {
  const res = await fetch(`${origin}/api/v1${path}`, {
    method: init.method ?? 'GET',
    headers: { authorization: `Bearer ${init.key ?? key}`, 'content-type': 'application/json' },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  return { status: res.status, body: res.status === 204 ? null : ((await res.json()) as any) };
};
const createMonitor = async (url: string) =>
  (await api('/monitors', { method: 'POST', body: { url, type: 'uptime', interval_seconds: 300 } })).body;

// Never checked by a dispatcher: this file records what checks found, as checks record it.
const shop = await createMonitor('http://127.0.0.1:9/shop');
const checkout = await createMonitor('http://127.0.0.1:10/checkout');
const hidden = await createMonitor('http://127.0.0.1:11/not-on-the-page');
const team = await env.db.team.update({ where: { id: teamId }, data: { name: 'Acme Corp' } });

const MIN = 60_000;
const { body: page } = await api('/status-pages', {
  method: 'POST',
  body: {
    slug: 'acme-incidents',
    title: 'Acme status',
    monitors: [
      { id: shop.id, label: 'Shop' },
      { id: checkout.id, label: 'Checkout' },
    ],
    auto_incidents: true,
    logo_url: 'https://cdn.acme.example/logo.png',
    accent_color: '#7B2FF7',
  },
});
const home = `${origin}/status/acme-incidents`;
/** The public page, past its 30 s cache: a new replica's first read. */
const fresh = async () => {
  // Closed with the test that opened it.
  return (await startApiInProcess(env, { RATE_LIMIT_READS_PER_MIN: '100000' })).origin;
};

test('an incident moves through its four states; each move is an update; bad moves are refused in words', async () => {
  assert.equal(page.auto_incidents, true);
  assert.equal(page.accent_color, '#7b2ff7');
  const began = new Date(Date.now() - 90 * MIN).toISOString();
  const created = await api('/incidents', {
    method: 'POST',
    body: {
      title: 'Payments fail',
      message: 'We are looking into failed payments.',
      at: began,
      components: [
        { monitor_id: checkout.id, impact: 'major_outage' },
        { monitor_id: hidden.id, impact: 'degraded_performance' },
      ],
    },
  });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  const id = created.body.id;
  assert.equal(created.body.status, 'investigating');
  assert.equal(created.body.impact, 'major_outage');
  assert.equal(created.body.started_at, began);
  assert.equal(created.body.resolved_at, null);

  // Refusals: another team's monitor, an impact we do not know, the future, an update out of order,
  // a postmortem before it is resolved, another team's incident.
  const foreign = await api('/incidents', {
    method: 'POST',
    key: other.key,
    body: { title: 'x', message: 'x', components: [{ monitor_id: shop.id, impact: 'major_outage' }] },
  });
  assert.equal(foreign.status, 400);
  assert.equal(foreign.body.errors[0].path, 'body.components.0.monitor_id');
  const badImpact = await api('/incidents', {
    method: 'POST',
    body: { title: 'x', message: 'x', components: [{ monitor_id: shop.id, impact: 'meh' }] },
  });
  assert.equal(badImpact.status, 400);
  const future = await api(`/incidents/${id}/updates`, {
    method: 'POST',
    body: { status: 'identified', message: 'x', at: new Date(Date.now() + 10 * MIN).toISOString() },
  });
  assert.equal(future.status, 400);
  assert.equal(future.body.errors[0].path, 'body.at');
  const early = await api(`/incidents/${id}/updates`, {
    method: 'POST',
    body: { status: 'identified', message: 'x', at: new Date(Date.parse(began) - MIN).toISOString() },
  });
  assert.equal(early.status, 409);
  assert.equal(early.body.code, 'update_out_of_order');
  const tooSoon = await api(`/incidents/${id}`, { method: 'PATCH', body: { postmortem: 'Why' } });
  assert.equal(tooSoon.status, 409);
  assert.equal(tooSoon.body.code, 'incident_open');
  assert.equal((await api(`/incidents/${id}`, { key: other.key })).status, 404);

  const moves = [
    ['identified', 'A **database failover** broke payments.', 60],
    ['monitoring', 'Reverted; watching.', 30],
  ] as const;
  for (const [status, message, minutesAgo] of moves) {
    const moved = await api(`/incidents/${id}/updates`, {
      method: 'POST',
      body: { status, message, at: new Date(Date.now() - minutesAgo * MIN).toISOString() },
    });
    assert.equal(moved.status, 201, JSON.stringify(moved.body));
    assert.equal(moved.body.status, status);
  }
  // Two updates at once: both land, in the order of their times.
  const [a, b] = await Promise.all(
    [20, 10].map((m) =>
      api(`/incidents/${id}/updates`, {
        method: 'POST',
        body: { status: 'monitoring', message: `Still fine ${m}`, at: new Date(Date.now() - m * MIN).toISOString() },
      }),
    ),
  );
  // The later one may commit first: then the earlier one is out of order, and says so.
  assert.ok(
    [a!.status, b!.status].sort().join() === '201,201' || [a!.status, b!.status].sort().join() === '201,409',
    `${a!.status} ${b!.status}`,
  );
  const resolved = await api(`/incidents/${id}/updates`, {
    method: 'POST',
    body: { status: 'resolved', message: 'Payments work again.' },
  });
  assert.equal(resolved.body.status, 'resolved');
  assert.ok(resolved.body.resolved_at);
  const statuses = resolved.body.updates.map((u: any) => u.status);
  assert.deepEqual(statuses.slice(0, 3), ['investigating', 'identified', 'monitoring']);
  assert.equal(statuses.at(-1), 'resolved');
  const times = resolved.body.updates.map((u: any) => Date.parse(u.at));
  assert.deepEqual(
    times,
    [...times].sort((x: number, y: number) => x - y),
  );
  const withPostmortem = await api(`/incidents/${id}`, {
    method: 'PATCH',
    body: { postmortem: '## What happened\nThe failover promoted a stale replica.' },
  });
  assert.equal(withPostmortem.status, 200);

  const listed = await api('/incidents?status=resolved');
  assert.ok(listed.body.data.some((i: any) => i.id === id));
  assert.ok(!(await api('/incidents?status=open')).body.data.some((i: any) => i.id === id));
  const audit = await env.db.auditEntry.findMany({ where: { teamId, target: id }, orderBy: { createdAt: 'asc' } });
  assert.deepEqual(
    [...new Set(audit.map((e) => e.action))],
    ['incident.created', 'incident.updated', 'incident.changed'],
  );
});

test('the status page leads with open incidents; Markdown is rendered safely; each incident has its page; the feeds parse', async () => {
  const open = await api('/incidents', {
    method: 'POST',
    body: {
      title: 'Slow <b>shop</b>',
      message:
        'Pages are **slow**. <script>alert(1)</script> [details](javascript:alert(1)) <img src=x onerror=alert(1)> [status](https://acme.example/s)',
      components: [{ monitor_id: shop.id, impact: 'degraded_performance' }],
    },
  });
  assert.equal(open.status, 201);
  const identified = await api(`/incidents/${open.body.id}/updates`, {
    method: 'POST',
    body: { status: 'identified', message: 'A cache node is down.' },
  });
  assert.equal(identified.status, 201);

  const base = await fresh();
  const html = await (await fetch(`${base}/status/acme-incidents`)).text();
  // Open incidents first, then the components, then the past.
  const order = ['Current incidents', 'Uptime over the last 90 days', 'Past incidents'].map((h) => html.indexOf(h));
  assert.ok(
    order.every((at, i) => at > 0 && (i === 0 || at > order[i - 1]!)),
    JSON.stringify(order),
  );
  assert.match(html, /Acme Corp/);
  assert.match(html, /<strong>slow<\/strong>/);
  assert.ok(!html.includes('<script>alert'), 'a script written in an update runs');
  assert.ok(!html.includes('<img src=x'), 'a tag written in an update is a tag');
  assert.ok(!html.includes('<b>shop</b>'), 'a tag in a title is a tag');
  assert.ok(!/href="javascript:/i.test(html), 'a javascript: link');
  assert.match(html, /<a href="https:\/\/acme.example\/s" rel="nofollow noopener noreferrer">status<\/a>/);
  // Newest update first, under the incident.
  assert.ok(html.indexOf('A cache node is down.') < html.indexOf('Pages are'));
  // The hidden monitor is not on the page, though the first incident names it.
  assert.ok(!html.includes(hidden.id));

  const data = (await (await fetch(`${base}/status/acme-incidents.json`)).json()) as any;
  assert.equal(data.state, 'degraded_performance');
  assert.deepEqual(
    data.active_incidents.map((i: any) => [i.title, i.status, i.components]),
    [['Slow <b>shop</b>', 'identified', ['Shop']]],
  );
  assert.equal(data.monitors.find((m: any) => m.label === 'Shop').status_text, 'Degraded performance');
  const past = data.past_incidents.find((i: any) => i.title === 'Payments fail');
  assert.deepEqual(past.components, ['Checkout'], 'only the components this page shows');

  // The incident's own page: every update, and the postmortem.
  const incidentPage = await (await fetch(past.url)).text();
  for (const words of [
    'We are looking into failed payments.',
    'database failover',
    'Reverted; watching.',
    'Payments work again.',
    'What happened',
  ])
    assert.ok(incidentPage.includes(words), words);
  assert.match(incidentPage, /<h2>What happened<\/h2>/);
  assert.equal((await fetch(`${home}/incidents/00000000-0000-7000-8000-000000000000`)).status, 404);
  // Another team's incident is not this page's.
  const theirs = await env.db.monitor.create({
    data: {
      teamId: other.teamId,
      type: 'uptime',
      url: 'http://127.0.0.1:12/',
      device: 'desktop',
      intervalSeconds: 300,
    },
  });
  const { body: foreign } = await api('/incidents', {
    method: 'POST',
    key: other.key,
    body: { title: 'Theirs', message: 'x', components: [{ monitor_id: theirs.id, impact: 'major_outage' }] },
  });
  assert.equal((await fetch(`${home}/incidents/${foreign.id}`)).status, 404);

  // Both feeds, read by a feed parser: each incident an entry, titled with its latest status, linked to its page.
  for (const format of ['atom', 'rss'] as const) {
    const res = await fetch(`${base}/status/acme-incidents/feed.${format}`);
    assert.equal(res.status, 200);
    assert.match(
      res.headers.get('content-type') ?? '',
      format === 'atom' ? /application\/atom\+xml/ : /application\/rss\+xml/,
    );
    const feed = parseFeed(await res.text());
    assert.equal(feed.meta.type, format);
    const titles = feed.items.map((i) => i.title);
    assert.ok(titles.includes('Slow <b>shop</b>: Identified (Degraded performance)'), JSON.stringify(titles));
    assert.ok(titles.includes('Payments fail: Resolved'), JSON.stringify(titles));
    const item = feed.items.find((i) => i.title === 'Payments fail: Resolved')!;
    assert.equal(item.url, past.url);
    const content = item.content ?? '';
    const said = ['Payments work again.', 'Reverted; watching.', 'database failover', 'We are looking into'].map((w) =>
      content.indexOf(w),
    );
    assert.ok(
      said.every((at, i) => at >= 0 && (i === 0 || at > said[i - 1]!)),
      `newest first: ${said}`,
    );
  }
});

test('older incidents are paged: 20 to a page of the history, newest first', async () => {
  const now = Date.now();
  for (let n = 0; n < 23; n++) {
    const at = new Date(now - (1000 - n) * MIN).toISOString();
    const { body } = await api('/incidents', {
      method: 'POST',
      body: {
        title: `Old ${n}`,
        status: 'resolved',
        message: 'Fixed.',
        at,
        components: [{ monitor_id: shop.id, impact: 'partial_outage' }],
      },
    });
    assert.equal(body.status, 'resolved');
  }
  const titles = async (path: string) => {
    const text = await (await fetch(`${home}${path}`)).text();
    return { text, titles: [...text.matchAll(/<li><a href="[^"]+">([^<]+)<\/a>/g)].map((m) => m[1]) };
  };
  const first = await titles('/history');
  assert.equal(first.titles.length, 20);
  assert.equal(first.titles[0], 'Payments fail');
  assert.match(first.text, /href="[^"]+\/history\?page=2" rel="next"/);
  const second = await titles('/history?page=2');
  // 24 resolved: 20, then the last 4 (the oldest last).
  assert.equal(second.titles.length, 4);
  assert.equal(second.titles.at(-1), 'Old 0');
  assert.ok(!/rel="next"/.test(second.text));
  assert.equal((await fetch(`${home}/history?page=abc`)).status, 200);
});

/** The CLI as a person runs it; its exit code and output (with its errors when it fails). */
async function cli(...args: string[]) {
  const { code, stdout, stderr } = await runCli(origin, key, args);
  return { code, stdout: code === 0 ? stdout : `${stdout}${stderr}` };
}

test('pageprobe incidents create|update|list from a terminal', async () => {
  const created = await cli(
    'incidents',
    'create',
    '--title',
    'Search is down',
    '--message',
    'Searching fails.',
    '--component',
    `${shop.id}=partial_outage`,
    '--json',
  );
  assert.equal(created.code, 0, created.stdout);
  const incident = JSON.parse(created.stdout);
  assert.equal(incident.impact, 'partial_outage');
  const moved = await cli('incidents', 'update', incident.id, '--status', 'resolved', '--message', 'Fixed.');
  assert.equal(moved.code, 0, moved.stdout);
  assert.match(moved.stdout, new RegExp(`^${incident.id}  resolved .*Search is down\\n  \\S+  Fixed\\.`));
  const listed = await cli('incidents', 'list', '--status', 'resolved');
  assert.match(listed.stdout, /Search is down/);
  const bad = await cli('incidents', 'update', incident.id, '--status', 'fixed', '--message', 'x');
  assert.equal(bad.code, 2);
  assert.match(bad.stdout, /--status must be one of investigating, identified, monitoring, resolved/);
  // Not on the pages any more than it was: remove it, so the history below counts what it counts.
  assert.equal((await api(`/incidents/${incident.id}`, { method: 'DELETE' })).status, 204);
});

test("a page's automatic incident: the monitor's down opens it under the page's label, once; its recovery resolves it", async () => {
  const links = { publicBaseUrl: origin, dashboardBaseUrl: `${origin}/app` };
  const start = Math.floor(Date.now() / (5 * MIN)) * 5 * MIN - 30 * MIN;
  await ensurePartitions(pool, new Date(start - 86_400_000), new Date(Date.now() + 86_400_000));
  await recordChecks(env.db, [uptimeCheck(shop.id, start, true)], links);
  // Two failed checks (down_after 2): monitor.down, and the incident; a third fails on, opening nothing new.
  await recordChecks(env.db, [uptimeCheck(shop.id, start + 5 * MIN, false)], links);
  await recordChecks(env.db, [uptimeCheck(shop.id, start + 10 * MIN, false)], links);
  await recordChecks(env.db, [uptimeCheck(shop.id, start + 15 * MIN, false)], links);
  const opened = await env.db.incident.findMany({ where: { openedFor: shop.id }, include: { updates: true } });
  assert.equal(opened.length, 1);
  assert.equal(opened[0]!.title, 'Shop is down');
  assert.equal(opened[0]!.status, 'investigating');
  const { body: listed } = await api(`/incidents/${opened[0]!.id}`);
  assert.equal(listed.opened_for_monitor_id, shop.id);
  assert.deepEqual(listed.components, [{ monitor_id: shop.id, impact: 'major_outage' }]);

  const base = await fresh();
  const data = (await (await fetch(`${base}/status/acme-incidents.json`)).json()) as any;
  assert.equal(data.state, 'major_outage');
  const shopNow = data.monitors.find((m: any) => m.label === 'Shop');
  assert.equal(shopNow.status_text, 'Not responding', 'public words, not `timeout`');
  assert.ok(data.active_incidents.some((i: any) => i.title === 'Shop is down'));
  const html = await (await fetch(`${base}/status/acme-incidents`)).text();
  assert.ok(!/\btimeout\b|\bmissed\b|expectation failed/.test(html), 'a code on the public page');

  // The team says more meanwhile; the recovery resolves it after that.
  await api(`/incidents/${opened[0]!.id}/updates`, {
    method: 'POST',
    body: { status: 'identified', message: 'The shop’s database is restarting.' },
  });
  await recordChecks(env.db, [uptimeCheck(shop.id, start + 20 * MIN, true)], links);
  const { body: done } = await api(`/incidents/${opened[0]!.id}`);
  assert.equal(done.status, 'resolved');
  assert.deepEqual(
    done.updates.map((u: any) => u.status),
    ['investigating', 'identified', 'resolved'],
  );
  // A page without auto_incidents opens none: the checkout monitor is on no such page once it is off.
  await api(`/status-pages/${page.id}`, { method: 'PATCH', body: { auto_incidents: false } });
  await recordChecks(
    env.db,
    [uptimeCheck(checkout.id, start, false), uptimeCheck(checkout.id, start + 5 * MIN, false)],
    links,
  );
  assert.equal(await env.db.incident.count({ where: { openedFor: checkout.id } }), 0);
});

test('the status page at 375 px: nothing cut off, the logo and accent allowed by its policy, no axe violation', async () => {
  const base = await fresh();
  const browser = await puppeteer.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    pipe: true,
    args: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'],
  });
  after(() => browser.close());
  const tab = await browser.newPage();
  const problems: string[] = [];
  tab.on('console', (m) => m.type() === 'error' && problems.push(`console: ${m.text()}`));
  // The logo's host does not exist here: its request fails, which is not the page's fault.
  await tab.setRequestInterception(true);
  tab.on('request', (r) =>
    r.url().startsWith('https://cdn.acme.example/')
      ? r.respond({
          status: 200,
          contentType: 'image/svg+xml',
          body: '<svg xmlns="http://www.w3.org/2000/svg" width="80" height="40"><rect width="80" height="40" fill="#7b2ff7"/></svg>',
        })
      : r.continue(),
  );
  for (const [path, name] of [
    ['/status/acme-incidents', 'status-page'],
    ['/status/acme-incidents/history', 'history'],
  ] as const) {
    for (const width of [375, 1280]) {
      await tab.setViewport({ width, height: 800 });
      const res = await tab.goto(`${base}${path}`, { waitUntil: 'networkidle0' });
      assert.equal(res?.status(), 200);
      const csp = res!.headers()['content-security-policy'] ?? '';
      assert.match(csp, /img-src 'self' data: https:\/\/cdn\.acme\.example/);
      assert.match(csp, /style-src 'self' 'sha256-/);
      const overflow = (await tab.evaluate('document.documentElement.scrollWidth - window.innerWidth')) as number;
      assert.ok(overflow <= 0, `${name}: ${overflow}px wider than ${width} px`);
      const accent = await tab.$eval(
        '.status-head',
        (el) => (globalThis as any).getComputedStyle(el).borderBottomColor,
      );
      assert.equal(accent, 'rgb(123, 47, 247)');
      const logo = await tab.$eval(
        '.status-head img.logo',
        (el) => (el as unknown as { naturalWidth: number }).naturalWidth,
      );
      assert.equal(logo, 80);
      await tab.screenshot({ path: join(SHOTS, `${name}-${width}.png`), fullPage: true });
      const axe = await new AxePuppeteer(tab).analyze();
      assert.deepEqual(
        axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
        [],
        `${name} at ${width}`,
      );
    }
  }
  assert.deepEqual(problems, []);
  assert.equal(team.name, 'Acme Corp');
});
