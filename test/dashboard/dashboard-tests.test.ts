// Issue 46, the Tests pages in a real Chromium: the team's tests newest first in keyset pages whose "Older"
// keeps the filters (status, type, monitor, URL text); an uptime test started from the form (a local
// target, the uptime worker in its own process) followed live from queued to completed, its summary, run
// again and compared through the API's comparison; the API's refusal beside the URL field; the form's
// Idempotency-Key starting one test however often it is sent; a viewer sees no form and a forged POST is
// refused; a lighthouse test's field data (issue 48) on its page and both tests' on the compare page.
// Screenshots at 375 and 1280 px go to test/.artifacts/dashboard/.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { test } from 'node:test';
import { ensureUser, hashPassword, setMembership } from '@pageprobe/accounts';
import type { Page } from 'puppeteer-core';
import { fill, pickKind, press, sessionCookie, signedIn, startBrowser, startDashboard } from '../support/dashboard.ts';
import { startServer } from '../support/servers.ts';
import { teamWithKey } from '../support/teams.ts';
import { createTestEnv } from '../support/test-env.ts';
import { startInProcess } from '../support/stack.ts';

const env = await createTestEnv();
const PUBLIC = 'http://127.0.0.1:9';
const common = { ALLOW_PRIVATE_TARGETS: 'true', PUBLIC_BASE_URL: PUBLIC };
const [{ base }] = await Promise.all([
  startDashboard(env, common),
  startInProcess('worker-uptime', env.appEnv(common)),
]);
const target = await startServer((_req, res) => res.writeHead(200, { 'content-type': 'text/plain' }).end('hello'));
const browser = await startBrowser();
const { teamId } = await teamWithKey(env, { plan: 'pro' });
const other = await teamWithKey(env, { plan: 'pro' });

const EDITOR = { email: 'editor@example.com', password: 'the editor passphrase' };
const VIEWER = { email: 'viewer@example.com', password: 'the viewer passphrase' };
for (const [person, role] of [
  [EDITOR, 'editor'],
  [VIEWER, 'viewer'],
] as const) {
  const user = await ensureUser(env.db, {
    email: person.email,
    passwordHash: await hashPassword(person.password),
    verified: true,
  });
  await setMembership(env.db, teamId, user.id, role);
}

const ARTIFACTS = new URL('../.artifacts/dashboard/', import.meta.url);
mkdirSync(ARTIFACTS, { recursive: true });
async function screenshots(page: Page, name: string) {
  for (const width of [375, 1280]) {
    await page.setViewport({ width, height: 900 });
    await page.screenshot({ path: new URL(`tests-${name}-${width}.png`, ARTIFACTS).pathname, fullPage: true });
  }
}
const main = (page: Page) => page.$eval('main', (m) => m.textContent ?? '');

const { page } = await signedIn(browser, base, EDITOR);
const cookieOf = async (p: Page) => `pp_session=${(await sessionCookie(p))!.value}`;

/** The ids of the tests a list page shows, in order, and its "Older" link. */
async function listed(path: string, cookie: string) {
  const res = await fetch(`${base}${path}`, { headers: { cookie }, redirect: 'manual' });
  assert.equal(res.status, 200, path);
  const text = await res.text();
  const ids = [...text.matchAll(/href="\/app\/tests\/([0-9a-f-]{36})"/g)].map((m) => m[1]!);
  const older = /href="\/app(\/tests\?[^"]*)" rel="next"/.exec(text)?.[1]?.replaceAll('&amp;', '&') ?? null;
  return { ids, older, text };
}

test('the list: newest first, 50 a page, "Older" keeps the filters; status, type, monitor and URL text filter', async () => {
  const monitor = await env.db.monitor.create({
    data: { teamId, type: 'uptime', url: 'https://monitored.example/', device: 'desktop', intervalSeconds: 60 },
  });
  const start = Date.UTC(2026, 0, 1);
  const rows = Array.from({ length: 130 }, (_, i) => ({
    teamId,
    type: i % 2 ? ('uptime' as const) : ('lighthouse' as const),
    url: i % 10 === 0 ? `https://shop.example/item/${i}` : `https://www.example.org/page/${i}`,
    device: 'mobile' as const,
    status: i % 3 === 0 ? ('failed' as const) : ('completed' as const),
    reportToken: `seeded-token-${i}`,
    monitorId: i % 4 === 0 ? monitor.id : null,
    createdAt: new Date(start + i * 60_000),
  }));
  await env.db.test.createMany({ data: rows });
  // Another team's test matches every filter and never shows.
  await env.db.test.create({
    data: { ...rows[0]!, teamId: other.teamId, reportToken: 'other-team', url: 'https://shop.example/theirs' },
  });
  const byUrl = new Map(
    (await env.db.test.findMany({ where: { teamId }, select: { id: true, url: true } })).map((t) => [t.id, t.url]),
  );
  const cookie = await cookieOf(page);
  const expected = (pick: (r: (typeof rows)[number], i: number) => boolean) =>
    rows
      .map((r, i) => ({ r, i }))
      .filter(({ r, i }) => pick(r, i))
      .reverse()
      .map(({ r }) => r.url);

  // Every page, following "Older": all 130, newest first, none twice.
  const seen: string[] = [];
  let path: string | null = '/tests';
  let pages = 0;
  while (path) {
    const { ids, older } = await listed(path, cookie);
    seen.push(...ids.map((id) => byUrl.get(id)!));
    path = older;
    pages++;
  }
  assert.equal(pages, 3);
  assert.deepEqual(
    seen,
    expected(() => true),
  );

  // Filters, and they survive paging.
  const walk = async (first: string) => {
    const urls: string[] = [];
    let next: string | null = first;
    while (next) {
      const { ids, older } = await listed(next, cookie);
      if (older) assert.match(older, new RegExp(first.split('?')[1]!.split('&')[0]!));
      urls.push(...ids.map((id) => byUrl.get(id)!));
      next = older;
    }
    return urls;
  };
  assert.deepEqual(
    await walk('/tests?status=failed'),
    expected((r) => r.status === 'failed'),
  );
  assert.deepEqual(
    await walk('/tests?type=uptime&status=completed'),
    expected((r) => r.type === 'uptime' && r.status === 'completed'),
  );
  assert.deepEqual(
    await walk(`/tests?monitor=${monitor.id}`),
    expected((r) => r.monitorId === monitor.id),
  );
  assert.deepEqual(
    await walk('/tests?url=SHOP.example'),
    expected((r) => r.url.includes('shop.example')),
  );
  const { text } = await listed(`/tests?monitor=${monitor.id}`, cookie);
  assert.match(text, /monitored\.example/, "the monitor's address above its runs");
  assert.doesNotMatch(text, /theirs/);

  const bad = await fetch(`${base}/tests?cursor=not-a-cursor`, { headers: { cookie } });
  assert.equal(bad.status, 400);

  await page.goto(`${base}/tests?type=uptime`);
  assert.equal(await page.$eval('#filter-type', (s) => (s as unknown as { value: string }).value), 'uptime');
  await screenshots(page, 'list');
  await Promise.all([page.waitForNavigation(), page.click('::-p-aria([name="Older"][role="link"])')]);
  assert.match(page.url(), /type=uptime/);
  assert.match(page.url(), /cursor=/);
});

let firstId = '';

test('an uptime test started from the form, followed live from queued to completed, then its summary', async () => {
  await page.setViewport({ width: 1280, height: 900 });
  await page.goto(`${base}/tests`);
  await Promise.all([page.waitForNavigation(), page.click('::-p-aria([name="Start a test"][role="link"])')]);
  await pickKind(page, 'uptime');
  // Its kind's fields only (issue 60): an uptime check takes no device.
  assert.equal(await page.$('::-p-aria(Device)'), null);
  await fill(page, 'URL', `${target.url}/health`);
  assert.ok(
    (await page.$$eval('#assertion-keys option', (o) => o.map((x) => x.getAttribute('value')))).includes(
      'largest-contentful-paint',
    ),
    "the audit picker offers Lighthouse's audits",
  );
  await fill(page, 'Assertion 1: audit or key', 'uptime:up');
  await screenshots(page, 'start-form');
  await page.setViewport({ width: 1280, height: 900 });
  await press(page, 'Start test');
  const id = /\/tests\/([0-9a-f-]{36})$/.exec(page.url())?.[1];
  assert.ok(id, page.url());
  firstId = id;
  const row = await env.db.test.findUniqueOrThrow({ where: { id } });
  assert.equal(row.teamId, teamId);
  assert.equal(row.type, 'uptime');
  assert.equal(row.apiKeyId, null, 'started by a person, not a key');
  assert.ok(row.creditsSpent >= 0);

  // The page follows it (the module polls /state and reloads at the end) until the report's summary shows.
  await page.waitForSelector('::-p-text(Open the full report)', { timeout: 60_000 });
  assert.equal(await page.$eval('#test-status', (e) => e.getAttribute('data-status')), 'completed');
  const text = await main(page);
  assert.match(text, /Verdict\s*Up/);
  assert.match(text, /Status code\s*200/);
  assert.match(text, /uptime:up/, 'its assertion');
  const report = await page.$eval('::-p-aria(Open the full report)', (a) => a.getAttribute('href'));
  assert.equal(report, `${PUBLIC}/reports/${row.reportToken}`);
  await screenshots(page, 'test');

  const state = await fetch(`${base}/tests/${id}/state`, { headers: { cookie: await cookieOf(page) } });
  assert.equal(((await state.json()) as { status: string }).status, 'completed');
});

test('run again starts the same test anew; compare shows the API comparison of the two', async () => {
  await page.setViewport({ width: 1280, height: 900 });
  await page.goto(`${base}/tests/${firstId}`);
  await press(page, 'Run again');
  const again = /\/tests\/([0-9a-f-]{36})$/.exec(page.url())?.[1];
  assert.ok(again && again !== firstId, page.url());
  const a = await env.db.test.findUniqueOrThrow({ where: { id: firstId } });
  const b = await env.db.test.findUniqueOrThrow({ where: { id: again } });
  assert.equal(b.url, a.url);
  assert.equal(b.device, a.device);
  assert.deepEqual(b.assertions, a.assertions);
  await page.waitForSelector('::-p-text(Open the full report)', { timeout: 60_000 });
  await page.select('::-p-aria(Compare with)', firstId);
  await Promise.all([page.waitForNavigation(), page.click('::-p-aria([name="Compare"][role="button"])')]);
  assert.match(page.url(), new RegExp(`/tests/${again}/compare\\?base=${firstId}`));
  const text = await main(page);
  assert.match(text, /Timings/, 'the uptime deltas, in words');
  assert.ok(await page.$('::-p-aria(Open the side-by-side report)'));
  await screenshots(page, 'compare');
});

test("the API's refusal beside the URL field, with the API's status; the form keeps what was typed", async () => {
  await page.setViewport({ width: 1280, height: 900 });
  await page.goto(`${base}/tests/new?kind=uptime`);
  await fill(page, 'URL', 'not a url at all');
  await fill(page, 'Headers', 'X-Secret: do-not-show');
  const [res] = await Promise.all([
    page.waitForNavigation(),
    page.click('::-p-aria([name="Start test"][role="button"])'),
  ]);
  assert.equal(res?.status(), 400);
  const message = await page.$eval('#url-error', (e) => e.textContent ?? '');
  assert.ok(message.length > 3, message);
  assert.equal(await page.$eval('#url', (e) => e.getAttribute('aria-invalid')), 'true');
  assert.equal(await page.$eval('#url', (e) => (e as unknown as { value: string }).value), 'not a url at all');
  assert.equal(await page.$eval('#type', (e) => (e as unknown as { value: string }).value), 'uptime');
  assert.doesNotMatch(await page.content(), /do-not-show/, 'a secret is never shown again');
  await screenshots(page, 'start-refused');
});

test('the form sent twice starts one test (its Idempotency-Key); another team sees none of it', async () => {
  const cookie = await cookieOf(page);
  const session = await env.db.session.findFirstOrThrow({
    where: { user: { email: EDITOR.email } },
    orderBy: { createdAt: 'desc' },
  });
  const send = () =>
    fetch(`${base}/tests`, {
      method: 'POST',
      headers: { cookie, 'sec-fetch-site': 'same-origin', 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        _csrf: session.csrfToken,
        idempotency_key: 'dashboard-form-once',
        url: `${target.url}/twice`,
        type: 'uptime',
        device: 'mobile',
      }),
      redirect: 'manual',
    });
  const [first, second] = [await send(), await send()];
  assert.equal(first.status, 303);
  assert.equal(second.status, 303);
  assert.equal(first.headers.get('location'), second.headers.get('location'));
  assert.equal(await env.db.test.count({ where: { teamId, url: `${target.url}/twice` } }), 1);

  const id = first.headers.get('location')!.split('/').pop()!;
  const theirs = await signedInOther();
  const res = await fetch(`${base}/tests/${id}`, { headers: { cookie: theirs } });
  assert.equal(res.status, 404, "another team's test is not found");
});

/** The owner of the other team, signed in. */
async function signedInOther() {
  const person = { email: 'other-owner@example.com', password: 'the other passphrase' };
  const user = await ensureUser(env.db, {
    email: person.email,
    passwordHash: await hashPassword(person.password),
    verified: true,
  });
  await setMembership(env.db, other.teamId, user.id, 'owner');
  const { page: p } = await signedIn(browser, base, person);
  return cookieOf(p);
}

test('a viewer sees the tests and no form; a forged POST is refused (403) and starts nothing', async () => {
  const { page: viewer } = await signedIn(browser, base, VIEWER);
  await viewer.goto(`${base}/tests`);
  assert.equal(await viewer.$('::-p-aria([name="Start a test"][role="link"])'), null);
  await viewer.goto(`${base}/tests/${firstId}`);
  assert.match(await main(viewer), /Completed/);
  assert.equal(await viewer.$('::-p-aria([name="Run again"][role="button"])'), null);
  assert.equal((await viewer.goto(`${base}/tests/new`))?.status(), 403);

  const user = await env.db.user.findUniqueOrThrow({ where: { email: VIEWER.email } });
  const session = await env.db.session.findFirstOrThrow({ where: { userId: user.id }, orderBy: { createdAt: 'desc' } });
  const before = await env.db.test.count({ where: { teamId } });
  for (const path of ['/tests', `/tests/${firstId}/run-again`]) {
    const res = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: {
        cookie: await cookieOf(viewer),
        'sec-fetch-site': 'same-origin',
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ _csrf: session.csrfToken, url: `${target.url}/forged`, type: 'uptime' }),
      redirect: 'manual',
    });
    assert.equal(res.status, 403, path);
  }
  assert.equal(await env.db.test.count({ where: { teamId } }), before);
});

test("issue 48: a lighthouse test's page shows real users' figures (CrUX) beside its lab metrics, or why there are none", async () => {
  const metric = (
    p75: number,
    category: string,
    lab_metric: string,
    lab: number,
    lab_category: string,
    verdict: string,
  ) => ({
    p75,
    good: 0.61,
    needs_improvement: 0.27,
    poor: 0.12,
    category,
    lab_metric,
    lab,
    lab_category,
    verdict,
  });
  const seeded = (field: unknown, token: string) =>
    env.db.test.create({
      data: {
        teamId,
        type: 'lighthouse',
        url: 'https://shop.example/',
        device: 'mobile',
        status: 'completed',
        reportToken: token,
        performanceScore: 88,
        scores: { performance: 88 },
        vitals: { lcp_ms: 2300, fcp_ms: 1200, cls: 0.02, tbt_ms: 150, ttfb_ms: 400 },
        result: {
          final_url: 'https://shop.example/',
          requests: 12,
          blocked_requests: [],
          warnings: [],
          field,
        } as never,
        completedAt: new Date(),
      },
    });
  const withField = await seeded(
    {
      available: true,
      scope: 'origin',
      key: 'https://shop.example',
      form_factor: 'PHONE',
      collection_period: { first_date: '2026-10-25', last_date: '2026-11-21' },
      metrics: {
        lcp: metric(3100, 'needs_improvement', 'lcp_ms', 2300, 'good', 'lab_better'),
        inp: metric(180, 'good', 'tbt_ms', 150, 'good', 'agree'),
        cls: metric(0.05, 'good', 'cls', 0.02, 'good', 'agree'),
        fcp: metric(1400, 'good', 'fcp_ms', 1200, 'good', 'agree'),
        ttfb: null,
      },
    },
    'field-token',
  );
  await page.setViewport({ width: 1280, height: 900 });
  await page.goto(`${base}/tests/${withField.id}`);
  const rows = await page.$$eval('#field tbody tr', (trs) =>
    trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => (td.textContent ?? '').replace(/\s+/g, ' ').trim())),
  );
  assert.deepEqual(rows[0], [
    'Largest Contentful Paint (LCP)',
    '3.1 s, needs improvement',
    '61 % · 27 % · 12 %',
    'LCP 2.3 s, good',
    'Lab is more optimistic than real users',
  ]);
  assert.deepEqual(rows[1]!.slice(3), ['TBT 150 ms, good', 'Lab and field agree']);
  assert.deepEqual(
    rows.map((r) => r[0]),
    [
      'Largest Contentful Paint (LCP)',
      'Interaction to Next Paint (INP)',
      'Cumulative Layout Shift (CLS)',
      'First Contentful Paint (FCP)',
    ],
  );
  assert.match(
    await main(page),
    /Chrome users on phones, 2026-10-25 to 2026-11-21: the 75th percentile of their visits\. The data is the whole origin’s \(https:\/\/shop\.example\): the page itself had too few visits\./,
  );
  // After the lab's metrics.
  assert.ok((await main(page)).indexOf('Real users (Chrome UX Report)') > (await main(page)).indexOf('Metrics'));
  await screenshots(page, 'field');

  const without = await seeded({ available: false, reason: 'no_api_key' }, 'no-field-token');
  await page.goto(`${base}/tests/${without.id}`);
  assert.match(await page.$eval('#field-unavailable', (p) => p.textContent ?? ''), /no Chrome UX Report API key/);
  assert.equal(await page.$('#field'), null);

  // The compare page shows both tests' field data beside the differences: this test's, then the other's.
  const earlier = await seeded(
    {
      available: true,
      scope: 'url',
      key: 'https://shop.example/',
      form_factor: 'PHONE',
      collection_period: { first_date: '2026-10-18', last_date: '2026-11-14' },
      metrics: {
        lcp: metric(2400, 'good', 'lcp_ms', 2300, 'good', 'agree'),
        inp: null,
        cls: metric(0.04, 'good', 'cls', 0.02, 'good', 'agree'),
        fcp: null,
        ttfb: null,
      },
    },
    'earlier-field-token',
  );
  const compared = async (baseId: string) => {
    await page.goto(`${base}/tests/${withField.id}/compare?base=${baseId}`);
    return page.$$eval('#field-compare tbody tr', (trs) =>
      trs.map((tr) =>
        // A cell's lines (split by <br>) read apart.
        [...tr.querySelectorAll('th, td')].map((c) =>
          [...c.childNodes]
            .map((n) => n.textContent)
            .join(' ')
            .replace(/\s+/g, ' ')
            .trim(),
        ),
      ),
    );
  };
  assert.deepEqual(await compared(earlier.id), [
    [
      'Collected',
      '2026-10-25 to 2026-11-21 Chrome users on phones; the whole origin’s (https://shop.example): the page itself had too few visits',
      '2026-10-18 to 2026-11-14 Chrome users on phones; this page’s own',
    ],
    [
      'Largest Contentful Paint (LCP)',
      '3.1 s, needs improvement Lab is more optimistic than real users',
      '2.4 s, good Lab and field agree',
    ],
    ['Interaction to Next Paint (INP)', '180 ms, good Lab and field agree', '–'],
    ['Cumulative Layout Shift (CLS)', '0.05, good Lab and field agree', '0.04, good Lab and field agree'],
    ['First Contentful Paint (FCP)', '1.4 s, good Lab and field agree', '–'],
  ]);
  assert.match(await main(page), /not counted as differences/);
  await screenshots(page, 'compare-field');
  // A test without field data says why in its column.
  const againstNone = await compared(without.id);
  assert.match(againstNone[0]![2]!, /no Chrome UX Report API key/);
  assert.deepEqual(
    againstNone.slice(1).map((r) => r[2]),
    ['–', '–', '–', '–'],
  );
});
