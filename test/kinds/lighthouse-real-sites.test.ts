// Issue 18: testing real sites. Headers, cookies and basic auth reach the tested origin and nothing else;
// their values are sealed at rest, gone when the test ends, and appear in no row, log, answer, HAR or
// report. Fixture sites on local origins (a different port is a different origin, a "third party").
import assert from 'node:assert/strict';
import type { IncomingHttpHeaders } from 'node:http';
import { test } from 'node:test';
import { startTest, waitForTest } from '@pageprobe/testing';
import { startApiApp } from '../support/app-process.ts';
import { assertProblem, call } from '../support/http.ts';
import { startServer } from '../support/servers.ts';
import { teamWithKey } from '../support/teams.ts';
import { createTestEnv } from '../support/test-env.ts';
import { startInProcess } from '../support/stack.ts';

const SECRETS = {
  token: 'tok-4f9d2e7a-SECRET',
  cookie: 'ck-8b1c5a3e-SECRET',
  password: 'pw-2e6f9b4d-SECRET',
  typed: 'typed-7c3e1f9a-SECRET',
};
const env = await createTestEnv();

/** Every request a fixture origin received, with its headers. */
const seen: Record<'third' | 'site' | 'elsewhere', IncomingHttpHeaders[]> = { third: [], site: [], elsewhere: [] };
const html = (body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Fixture</title></head><body>${body}</body></html>`;
const thirdParty = await startServer((req, res) => {
  seen.third.push(req.headers);
  res.writeHead(200, { 'content-type': 'application/javascript', 'access-control-allow-origin': '*' }).end('1;');
});
const elsewhere = await startServer((req, res) => {
  seen.elsewhere.push(req.headers);
  res.writeHead(200, { 'content-type': 'text/plain' }).end('elsewhere');
});
const blockedParty = await startServer((_req, res) =>
  res.writeHead(200, { 'content-type': 'application/javascript' }).end('1;'),
);
const basic = `Basic ${Buffer.from(`stage:${SECRETS.password}`).toString('base64')}`;
const site = await startServer((req, res) => {
  seen.site.push(req.headers);
  const h = req.headers;
  if (req.url === '/to-elsewhere') return res.writeHead(302, { location: `${elsewhere.url}/` }).end();
  if (req.url?.startsWith('/staging')) {
    if (h.authorization !== basic) return res.writeHead(401, { 'www-authenticate': 'Basic realm="staging"' }).end();
    return res.writeHead(200, { 'content-type': 'text/html' }).end(html('<h1>Staging</h1><p>Behind basic auth.</p>'));
  }
  if (req.url === '/login' && req.method === 'POST') {
    const form = new URLSearchParams(req.raw.toString());
    if (form.get('user') !== 'stage' || form.get('password') !== SECRETS.typed) return res.writeHead(403).end('no');
    return res.writeHead(302, { location: '/welcome', 'set-cookie': 'sid=session-1; Path=/; HttpOnly' }).end();
  }
  if (req.url === '/login') {
    return res
      .writeHead(200, { 'content-type': 'text/html' })
      .end(
        html(
          '<h1>Sign in</h1><form method="post" action="/login"><label>User <input id="user" name="user"></label><label>Password <input id="password" name="password" type="password"></label><button id="go" type="submit">Sign in</button></form>',
        ),
      );
  }
  const signedIn = (h.cookie ?? '').includes('sid=session-1');
  if (req.url === '/welcome') {
    return res
      .writeHead(200, { 'content-type': 'text/html' })
      .end(html(`<h1 id="welcome">${signedIn ? 'Welcome' : 'Who?'}</h1>`));
  }
  if (req.url === '/dashboard') {
    if (!signedIn) return res.writeHead(302, { location: '/login' }).end();
    // The menu's click handler blocks for 300 ms in a named function (issue 34: INP attribution names it),
    // then shifts the page 600 ms later: past the 500 ms CLS forgives after input.
    return res
      .writeHead(200, { 'content-type': 'text/html' })
      .end(
        html(
          '<div id="top"></div><h1>Dashboard</h1><button id="menu">Menu</button><p>Signed-in content.</p><script src="/menu.js"></script>',
        ),
      );
  }
  if (req.url === '/menu.js') {
    return res.writeHead(200, { 'content-type': 'application/javascript' }).end(`function openMenu() {
  const end = performance.now() + 300;
  while (performance.now() < end) {}
  setTimeout(() => { document.getElementById("top").style.height = "400px"; }, 600);
}
document.getElementById("menu").addEventListener("click", openMenu);`);
  }
  if (req.url === '/settings') {
    return res
      .writeHead(200, { 'content-type': 'text/html' })
      .end(
        html(`<h1>Settings</h1><p>Lighthouse's settings.</p><script src="${blockedParty.url}/blocked.js"></script>`),
      );
  }
  if (req.url?.startsWith('/members')) {
    const ok = h['x-team-token'] === SECRETS.token && (h.cookie ?? '').includes(`session=${SECRETS.cookie}`);
    if (!ok) return res.writeHead(403, { 'content-type': 'text/plain' }).end('forbidden');
    return res
      .writeHead(200, { 'content-type': 'text/html', 'set-cookie': 'visited=1; Path=/' })
      .end(html(`<h1>Members</h1><p>Welcome back.</p><script src="${thirdParty.url}/widget.js"></script>`));
  }
  res.writeHead(404).end();
});

const { origin } = await startApiApp(env, { RATE_LIMIT_WRITES_PER_MIN: '1000' });
const browser = await startInProcess(
  'worker-browser',
  env.appEnv({
    ALLOW_PRIVATE_TARGETS: 'false',
    ALLOW_TARGETS: [site, thirdParty, elsewhere, blockedParty].map((s) => new URL(s.url).host).join(','),
    LIGHTHOUSE_MAX_WAIT_MS: '6000',
    BROWSER_TEST_TYPES: 'lighthouse',
    PUBLIC_BASE_URL: origin,
  }),
);
const uptimeWorker = await startInProcess('worker-uptime', env.appEnv({ ALLOW_PRIVATE_TARGETS: 'true' }));
const { key } = await teamWithKey(env, { credits: 20 });
const api = `${origin}/api/v1`;
const secretsFor = {
  headers: { 'X-Team-Token': SECRETS.token },
  cookies: [{ name: 'session', value: SECRETS.cookie }],
};

type T = Record<string, any> & { status: string };
const run = async (body: Record<string, unknown>) => {
  const { id } = await startTest(origin, key, body as never);
  return waitForTest<T>(origin, key, id, { timeoutMs: 150_000 });
};
const noSecretIn = (text: string, where: string) => {
  for (const value of Object.values(SECRETS)) assert.ok(!text.includes(value), `${value} in ${where}`);
};

// Queued together: the browser worker runs them one after the other meanwhile.
const lighthouse = {
  members: startTest(origin, key, { url: `${site.url}/members`, type: 'lighthouse', ...secretsFor } as never),
  membersWithout: startTest(origin, key, { url: `${site.url}/members`, type: 'lighthouse' }),
  settings: startTest(origin, key, {
    url: `${site.url}/settings`,
    type: 'lighthouse',
    block_urls: [`${blockedParty.url}/*`],
    throttling: 'none',
    viewport: { width: 800, height: 600, device_scale_factor: 1 },
    user_agent: 'PageprobeSettingsTest/1.0',
    locale: 'de-DE',
  } as never),
  flow: startTest(origin, key, {
    url: `${site.url}/login`,
    type: 'lighthouse',
    steps: [
      { type: 'type', selector: '#user', text: 'stage' },
      { type: 'type', selector: '#password', text: SECRETS.typed },
      { type: 'click', selector: '#go' },
      { type: 'wait_for', selector: '#welcome' },
      { type: 'navigate', url: `${site.url}/dashboard` },
      { type: 'start_timespan', name: 'open the menu' },
      { type: 'click', selector: '#menu' },
      { type: 'wait', ms: 1500 },
      { type: 'end_timespan' },
    ],
  } as never),
  missing: startTest(origin, key, {
    url: `${site.url}/login`,
    type: 'lighthouse',
    steps: [{ type: 'click', selector: '#missing' }],
  } as never),
  staging: startTest(origin, key, {
    url: `${site.url}/staging`,
    type: 'lighthouse',
    basic_auth: { username: 'stage', password: SECRETS.password },
  } as never),
};
const finished = async (started: Promise<{ id: string }>) =>
  waitForTest<T>(origin, key, (await started).id, { timeoutMs: 150_000 });

test('a page behind a header and a cookie is scored with them; without them it is refused; the third party gets neither', async () => {
  const t = await finished(lighthouse.members);
  assert.equal(t.status, 'completed', JSON.stringify(t.error));
  assert.ok(t.performance_score >= 0);
  const without = await finished(lighthouse.membersWithout);
  assert.deepEqual([without.status, without.error?.code], ['failed', 'http_error']);
  assert.ok(seen.third.length >= 1, 'the widget was loaded');
  for (const h of seen.third) {
    assert.equal(h['x-team-token'], undefined);
    assert.equal(h.authorization, undefined);
    noSecretIn(JSON.stringify(h), 'a third-party request');
  }
  // Shown by name, values redacted.
  assert.deepEqual(t.options, {
    headers: { 'X-Team-Token': '[redacted]' },
    cookies: [{ name: 'session', value: '[redacted]' }],
  });
});

test('a staging page behind basic auth: 401 without, scored with', async () => {
  const t = await finished(lighthouse.staging);
  assert.equal(t.status, 'completed', JSON.stringify(t.error));
  assert.deepEqual(t.options, { basic_auth: { username: 'stage', password: '[redacted]' } });
  const without = await run({ url: `${site.url}/staging`, type: 'uptime' });
  assert.deepEqual([without.result.up, without.result.status_code], [false, 401]);
  const withAuth = await run({
    url: `${site.url}/staging`,
    type: 'uptime',
    basic_auth: { username: 'stage', password: SECRETS.password },
  });
  assert.deepEqual([withAuth.result.up, withAuth.result.status_code], [true, 200]);
});

test("Lighthouse's settings: block_urls keep a request in the browser; throttling, viewport, user agent and locale are applied", async () => {
  const t = await finished(lighthouse.settings);
  assert.equal(t.status, 'completed', JSON.stringify(t.error));
  assert.equal(blockedParty.requests.length, 0, 'the blocked script never left Chromium');
  assert.deepEqual(t.result.blocked_urls, [{ pattern: `${blockedParty.url}/*`, requests: 1 }]);
  assert.equal(t.options.throttling, 'none');
  const asked = seen.site.find((h) => h['user-agent'] === 'PageprobeSettingsTest/1.0');
  assert.ok(asked, 'the page was asked for with the user agent');
  assert.equal(asked['accept-language'], 'de-DE');
  const artifacts = (
    await call<{ data: Array<{ kind: string; url: string }> }>(`${api}/tests/${t.id}/artifacts`, { token: key })
  ).body.data;
  const lhr = (await (await fetch(artifacts.find((a) => a.kind === 'lighthouse_json')!.url)).json()) as any;
  assert.deepEqual(
    [
      lhr.configSettings.throttlingMethod,
      lhr.configSettings.screenEmulation.width,
      lhr.configSettings.screenEmulation.height,
    ],
    ['provided', 800, 600],
  );
  assert.equal(lhr.configSettings.emulatedUserAgent, 'PageprobeSettingsTest/1.0');
  const report = await (await fetch(t.report_url)).text();
  assert.match(report, /How it was tested/);
  assert.match(report, /1 requests never left the browser/);
  // Only lighthouse takes them.
  const refused = await call(`${api}/tests`, {
    method: 'POST',
    token: key,
    body: { url: `${site.url}/settings`, type: 'uptime', throttling: 'none' },
  });
  assertProblem(refused, 400, 'validation_failed');
  assert.match(JSON.stringify(refused.body), /body\.throttling/);
});

test('a login flow: the dashboard, reachable only with the session the login set, is measured last; a timespan sees the layout shift and names the function that made the click slow', async () => {
  const t = await finished(lighthouse.flow);
  assert.equal(t.status, 'completed', JSON.stringify(t.error));
  const steps = t.result.steps as Array<Record<string, any>>;
  assert.deepEqual(
    steps.map((s) => s.type),
    ['load', 'type', 'type', 'click', 'wait_for', 'navigate', 'start_timespan', 'click', 'wait', 'end_timespan'],
  );
  const dashboard = steps.find((s) => s.type === 'navigate')!;
  assert.ok(dashboard.scores.performance >= 0 && dashboard.vitals.lcp_ms > 0, JSON.stringify(dashboard));
  assert.equal(t.performance_score, dashboard.scores.performance, "the test's figures are the last navigation's");
  assert.equal(t.result.final_url, `${site.url}/dashboard`, 'signed in: not sent back to /login');
  const timespan = steps.at(-1)!;
  assert.ok(timespan.interaction.cls > 0, JSON.stringify(timespan));
  // Issue 34: the slow click, attributed: INP's parts, and the script and function that blocked it.
  const { attribution } = timespan.interaction;
  assert.ok(timespan.interaction.inp_ms >= 300, JSON.stringify(timespan.interaction));
  assert.ok(attribution.processing_ms >= 290, JSON.stringify(attribution));
  assert.equal(typeof attribution.input_delay_ms, 'number');
  assert.equal(typeof attribution.presentation_delay_ms, 'number');
  const [longest] = attribution.scripts;
  assert.deepEqual([longest.url, longest.function], [`${site.url}/menu.js`, 'openMenu'], JSON.stringify(attribution));
  assert.ok(longest.duration_ms >= 290, JSON.stringify(longest));
  const report = await (await fetch(t.report_url)).text();
  assert.match(report, /<code>openMenu<\/code> in http:\/\/127\.0\.0\.1:\d+\/menu\.js/);
  assert.equal(t.options.steps[1].text, '[redacted]');
  assert.match(await (await fetch(t.report_url)).text(), /User flow/);
});

test('a selector that never appears fails the test step_failed, naming the step; a bad selector is a 400', async () => {
  const t = await finished(lighthouse.missing);
  assert.deepEqual([t.status, t.error.code], ['failed', 'step_failed']);
  assert.match(t.error.message, /^Step 1 \(click #missing\): the selector did not appear within 10 s/);
  const bad = await call(`${api}/tests`, {
    method: 'POST',
    token: key,
    body: { url: `${site.url}/login`, steps: [{ type: 'click', selector: 'div[[' }] },
  });
  assertProblem(bad, 400, 'validation_failed');
  assert.match(JSON.stringify(bad.body), /body\.steps\.0\.selector/);
  const tooMany = await call(`${api}/tests`, {
    method: 'POST',
    token: key,
    body: { url: `${site.url}/login`, steps: Array.from({ length: 21 }, () => ({ type: 'wait', ms: 1 })) },
  });
  assertProblem(tooMany, 400, 'validation_failed');
});

test('a redirect to another origin takes none of the credentials along', async () => {
  const before = seen.elsewhere.length;
  const t = await run({
    url: `${site.url}/to-elsewhere`,
    type: 'uptime',
    ...secretsFor,
    basic_auth: undefined,
  });
  assert.equal(t.result.up, true);
  const hop = seen.elsewhere.slice(before);
  assert.equal(hop.length, 1);
  assert.equal(hop[0]!['x-team-token'], undefined);
  assert.equal(hop[0]!.cookie, undefined);
  // The site itself got them on the first hop.
  assert.ok(seen.site.some((h) => h['x-team-token'] === SECRETS.token && h.cookie === `session=${SECRETS.cookie}`));
});

test('no secret value in the stored rows, the logs, the answers, the HAR, the report; the sealed copy is gone', async () => {
  const t = await finished(lighthouse.members);
  const rows = await env.db.$queryRawUnsafe<Array<{ row: string }>>(`SELECT row_to_json(t)::text AS row FROM tests t`);
  assert.ok(rows.length >= 5);
  noSecretIn(rows.map((r) => r.row).join('\n'), 'the tests table');
  assert.equal(await env.db.testSecret.count(), 0, 'every finished test dropped its sealed secrets');
  noSecretIn(browser.output() + uptimeWorker.output(), 'worker logs');
  const got = await call(`${api}/tests/${t.id}`, { token: key });
  noSecretIn(JSON.stringify(got.body), 'GET /tests/{id}');
  const har = await (await fetch(`${api}/tests/${t.id}/har`, { headers: { authorization: `Bearer ${key}` } })).text();
  assert.ok(har.includes('x-team-token') || har.includes('X-Team-Token'), 'the header is in the HAR by name');
  assert.ok(har.includes('[redacted]'));
  noSecretIn(har, 'the HAR');
  const artifacts = (
    await call<{ data: Array<{ kind: string; url: string }> }>(`${api}/tests/${t.id}/artifacts`, { token: key })
  ).body.data;
  for (const a of artifacts.filter((x) => ['lighthouse_json', 'lighthouse_html'].includes(x.kind))) {
    noSecretIn(await (await fetch(a.url)).text(), a.kind);
  }
  noSecretIn(await (await fetch(t.report_url)).text(), 'the report');
});

test('bad options are 400 validation_failed naming the field, before anything is spent', async () => {
  const count = await env.db.test.count();
  const cases: Array<[Record<string, unknown>, RegExp]> = [
    [{ headers: { Host: 'evil.example' } }, /headers\.Host/],
    [{ headers: { Connection: 'close' } }, /headers\.Connection/],
    [{ headers: { 'Bad Name': 'x' } }, /headers/],
    [{ headers: Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`x-h${i}`, 'v'])) }, /headers/],
    [{ cookies: [{ name: 'a', value: 'b', domain: 'other.example' }] }, /cookies\.0\.domain/],
    [{ cookies: [{ name: 'a', value: 'b;c' }] }, /cookies/],
    [{ basic_auth: { username: 'a:b', password: 'x' } }, /basic_auth/],
    [{ headers: { Authorization: 'x' }, basic_auth: { username: 'a', password: 'b' } }, /Authorization/],
  ];
  for (const [options, named] of cases) {
    const res = await call(`${api}/tests`, {
      method: 'POST',
      token: key,
      body: { url: `${site.url}/members`, type: 'uptime', ...options },
    });
    assertProblem(res, 400, 'validation_failed');
    assert.match(JSON.stringify(res.body), named, JSON.stringify(options));
  }
  assert.equal(await env.db.test.count(), count);
});

test('a monitor keeps its secrets sealed for itself and its checks use them', async () => {
  await startInProcess('callback-dispatcher', env.appEnv({ ALLOW_PRIVATE_TARGETS: 'true', SWEEP_INTERVAL_MS: '500' }));
  const created = await call<T>(`${api}/monitors`, {
    method: 'POST',
    token: key,
    body: {
      url: `${site.url}/staging`,
      type: 'uptime',
      interval_seconds: 3600,
      basic_auth: { username: 'stage', password: SECRETS.password },
    },
  });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  assert.deepEqual(created.body.options, { basic_auth: { username: 'stage', password: '[redacted]' } });
  const check = await waitForCheck(created.body.id);
  // Up with a 200 only with the password: the staging page answers 401 without it.
  assert.deepEqual([check.status, check.up, check.status_code], ['completed', true, 200]);
  const sealed = await env.db.monitor.findUniqueOrThrow({ where: { id: created.body.id } });
  assert.ok(sealed.secrets && !Buffer.from(sealed.secrets).includes(Buffer.from(SECRETS.password)));
  assert.equal(await env.db.testSecret.count(), 0);
});

async function waitForCheck(monitorId: string): Promise<T> {
  for (let i = 0; i < 100; i++) {
    const page = await call<{ data: T[] }>(`${api}/monitors/${monitorId}/checks`, { token: key });
    const done = page.body.data[0];
    if (done) return done;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('the monitor did not run');
}
