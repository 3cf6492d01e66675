// Issue 44 item 9: status-page slugs are global and first come, so the service's own names are reserved;
// and a status page is kept out of search engines until its team opts in (`indexable`). Pages opened by a
// private link (a test's report, a monitor's page) never are indexed.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { startApiInProcess } from '../support/api-in-process.ts';
import { assertProblem, call } from '../support/http.ts';
import { teamWithKey } from '../support/teams.ts';
import { createTestEnv } from '../support/test-env.ts';

const env = await createTestEnv();
const { origin } = await startApiInProcess(env, { ALLOW_PRIVATE_TARGETS: 'true', RATE_LIMIT_WRITES_PER_MIN: '1000' });
const { key } = await teamWithKey(env);
const api = <T = any>(path: string, init: { method?: string; body?: unknown } = {}) =>
  call<T>(`${origin}/api/v1${path}`, { token: key, ...init });

const monitor = await api('/monitors', {
  method: 'POST',
  body: { url: 'http://127.0.0.1:9/', type: 'uptime', interval_seconds: 300 },
});
assert.equal(monitor.status, 201, JSON.stringify(monitor.body));
const page = (slug: string, extra: Record<string, unknown> = {}) =>
  api('/status-pages', {
    method: 'POST',
    body: { slug, title: 'Acme', monitors: [{ id: monitor.body.id, label: 'Shop' }], ...extra },
  });

test("the service's own names are no slug: 409 slug_reserved naming it, on create and on a change", async () => {
  for (const slug of ['admin', 'api', 'app', 'login', 'auth', 'status', 'www', 'mcp', 'reports', 'badges', 'healthz']) {
    const res = await page(slug);
    assertProblem(res, 409, 'slug_reserved');
    assert.match(res.body.detail as string, new RegExp(`"${slug}"`));
    assert.deepEqual(res.body.errors, [{ path: 'body.slug', message: `"${slug}" is reserved` }]);
  }
  const ours = await page('acme-shop');
  assert.equal(ours.status, 201, JSON.stringify(ours.body));
  const renamed = await api(`/status-pages/${ours.body.id}`, { method: 'PATCH', body: { slug: 'docs' } });
  assertProblem(renamed, 409, 'slug_reserved');
  assert.equal((await api(`/status-pages/${ours.body.id}`)).body.slug, 'acme-shop');
  // A name that merely contains one is a team's to take.
  assert.equal((await page('acme-api')).status, 201);
  assert.equal((await fetch(`${origin}/status/admin`)).status, 404);
});

test('a status page is sent with X-Robots-Tag: noindex until its team makes it indexable', async () => {
  const hidden = await page('acme-quiet');
  assert.equal(hidden.status, 201, JSON.stringify(hidden.body));
  assert.equal(hidden.body.indexable, false);
  for (const url of [hidden.body.url, `${hidden.body.url}.json`]) {
    const res = await fetch(url);
    assert.equal(res.status, 200, url);
    assert.match(res.headers.get('x-robots-tag') ?? '', /noindex/, url);
  }

  const found = await page('acme-public', { indexable: true });
  assert.equal(found.body.indexable, true);
  for (const url of [found.body.url, `${found.body.url}.json`]) {
    const res = await fetch(url);
    assert.equal(res.status, 200, url);
    assert.equal(res.headers.get('x-robots-tag'), null, url);
  }

  // Opting in later, and out again, is a change like any other.
  const opened = await api(`/status-pages/${hidden.body.id}`, { method: 'PATCH', body: { indexable: true } });
  assert.equal(opened.body.indexable, true);
  assert.equal((await api(`/status-pages/${hidden.body.id}`)).body.indexable, true);
  assertProblem(
    await api(`/status-pages/${hidden.body.id}`, { method: 'PATCH', body: { indexable: 'yes' } }),
    400,
    'validation_failed',
  );
});

test("pages opened by a private link are never indexed: a test's report, a monitor's page, its badges", async () => {
  const created = await api('/tests', { method: 'POST', body: { url: 'http://127.0.0.1:9/', type: 'uptime' } });
  assert.equal(created.status, 202, JSON.stringify(created.body));
  const { body: m } = await api(`/monitors/${monitor.body.id}`);
  for (const url of [created.body.report_url, m.report_url, m.badges.status]) {
    const res = await fetch(url);
    assert.equal(res.status, 200, url);
    assert.match(res.headers.get('x-robots-tag') ?? '', /noindex/, url);
  }
});
