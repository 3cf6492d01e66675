// Issue 61: RUM sites through the API. Made, listed newest first a page at a time, read, changed and
// deleted; bad origins, page-group patterns and sample rates refused naming the field; another team's
// site is not found; a deleted one is gone from every read; each change is in the audit log; the plan's
// number of sites holds.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { assertProblem, call } from '../support/http.ts';
import { startStack } from '../support/stack.ts';
import { teamWithKey } from '../support/teams.ts';
import { createTestEnv } from '../support/test-env.ts';
import { runCli } from '../support/cli.ts';

const env = await createTestEnv();
const stack = await startStack(env, { apps: ['api'], env: { api: { RATE_LIMIT_WRITES_PER_MIN: '1000' } } });
const api = `${stack.origin}/api/v1`;
const { key, teamId } = await teamWithKey(env, { plan: 'free' });
const other = await teamWithKey(env, { plan: 'free' });

const send = (method: string, path: string, body?: unknown, token = key) =>
  call<any>(`${api}${path}`, { method, token, ...(body === undefined ? {} : { body }) });

test('a site is made with a key and a snippet, its origins normalised', async () => {
  const res = await send('POST', '/rum/sites', {
    name: 'Shop',
    origins: ['HTTPS://Shop.Example.com:443/', 'http://localhost:8080', 'https://shop.example.com'],
    sample_rate: 0.25,
    page_groups: [
      { name: 'reviews', pattern: '/products/*/reviews' },
      { name: 'products', pattern: '/products/*' },
    ],
    budgets: { lcp_ms: 2500, cls: 0.1 },
    alert: { window_minutes: 30 },
  });
  assert.equal(res.status, 201, JSON.stringify(res.body));
  const site = res.body;
  assert.equal(res.headers.get('location'), `${api}/rum/sites/${site.id}`);
  assert.match(site.site_key, /^rum_[A-Za-z0-9_-]{22}$/);
  assert.deepEqual(site.origins, ['https://shop.example.com', 'http://localhost:8080']);
  assert.equal(site.sample_rate, 0.25);
  assert.equal(site.keep_query_strings, false);
  assert.deepEqual(site.budgets, { lcp_ms: 2500, cls: 0.1 });
  assert.deepEqual(site.alert, { window_minutes: 30, min_page_views: 50 });
  assert.equal(site.beacons_per_minute, 60000);
  assert.equal(
    site.snippet,
    `<script async src="${stack.origin}/rum/v1/beacon.js" data-site="${site.site_key}" data-sample="0.25"></script>`,
  );
  const read = await send('GET', `/rum/sites/${site.id}`);
  assert.deepEqual(read.body, site);

  // PATCH: what is given replaces; the key stays; the snippet follows.
  const patched = await send('PATCH', `/rum/sites/${site.id}`, { keep_query_strings: true, sample_rate: 1 });
  assert.equal(patched.status, 200, JSON.stringify(patched.body));
  assert.equal(patched.body.site_key, site.site_key);
  assert.equal(patched.body.page_groups.length, 2);
  assert.match(patched.body.snippet, /data-sample="1" data-query="keep"><\/script>$/);

  const audit = await env.db.auditEntry.findMany({ where: { teamId, target: site.id }, orderBy: { createdAt: 'asc' } });
  assert.deepEqual(
    audit.map((a) => a.action),
    ['rum_site.created', 'rum_site.updated'],
  );
  assert.deepEqual((audit[1]!.details as { fields: string[] }).fields, ['keep_query_strings', 'sample_rate']);
});

test('bad input is a problem naming the field', async () => {
  const cases: Array<[unknown, string]> = [
    [{ name: 'A', origins: ['https://example.com/shop'] }, 'body.origins.0'],
    [{ name: 'A', origins: ['https://*.example.com'] }, 'body.origins.0'],
    [{ name: 'A', origins: ['ftp://example.com'] }, 'body.origins.0'],
    [{ name: 'A', origins: ['https://example.com?x=1'] }, 'body.origins.0'],
    [{ name: 'A', origins: [] }, 'body.origins'],
    [{ name: 'A', origins: ['https://a.test'], sample_rate: 0 }, 'body.sample_rate'],
    [{ name: 'A', origins: ['https://a.test'], sample_rate: 1.5 }, 'body.sample_rate'],
    [
      { name: 'A', origins: ['https://a.test'], page_groups: [{ name: 'x', pattern: 'blog/*' }] },
      'body.page_groups.0.pattern',
    ],
    [
      { name: 'A', origins: ['https://a.test'], page_groups: [{ name: 'x', pattern: '/a/**' }] },
      'body.page_groups.0.pattern',
    ],
    [
      {
        name: 'A',
        origins: ['https://a.test'],
        page_groups: [
          { name: 'x', pattern: '/a/*' },
          { name: 'x', pattern: '/b/*' },
        ],
      },
      'body.page_groups.1.name',
    ],
    [
      {
        name: 'A',
        origins: ['https://a.test'],
        page_groups: Array.from({ length: 51 }, (_, i) => ({ name: `g${i}`, pattern: `/${i}/*` })),
      },
      'body.page_groups',
    ],
    [
      { name: 'A', origins: ['https://a.test'], alert_channels: ['01936f3e-0000-7000-8000-000000000000'] },
      'body.alert_channels.0',
    ],
  ];
  for (const [body, path] of cases) {
    const res = await send('POST', '/rum/sites', body);
    assertProblem(res, 400, 'validation_failed');
    assert.ok(
      (res.body.errors as Array<{ path: string }>).some((e) => e.path.startsWith(path)),
      `${JSON.stringify(body).slice(0, 120)}: ${JSON.stringify(res.body.errors)}`,
    );
  }
  const site = (await send('POST', '/rum/sites', { name: 'Patched', origins: ['https://p.test'] })).body;
  const bad = await send('PATCH', `/rum/sites/${site.id}`, { origins: ['https://p.test/path'] });
  assertProblem(bad, 400, 'validation_failed');
  assert.equal(bad.body.errors[0].path, 'body.origins.0');
  // A name is the site's key in a configuration: one live site a name.
  assertProblem(await send('POST', '/rum/sites', { name: 'Patched', origins: ['https://q.test'] }), 409, 'name_taken');
});

test('another team sees none of the sites; a deleted site is gone and its name free', async () => {
  const site = (await send('POST', '/rum/sites', { name: 'Gone soon', origins: ['https://gone.test'] })).body;
  assertProblem(await send('GET', `/rum/sites/${site.id}`, undefined, other.key), 404, 'not_found');
  assertProblem(await send('PATCH', `/rum/sites/${site.id}`, { name: 'x' }, other.key), 404, 'not_found');
  assertProblem(await send('DELETE', `/rum/sites/${site.id}`, undefined, other.key), 404, 'not_found');
  assert.deepEqual((await send('GET', '/rum/sites', undefined, other.key)).body.data, []);

  const deleted = await send('DELETE', `/rum/sites/${site.id}`);
  assert.equal(deleted.status, 204);
  assertProblem(await send('GET', `/rum/sites/${site.id}`), 404, 'not_found');
  assertProblem(await send('PATCH', `/rum/sites/${site.id}`, { name: 'x' }), 404, 'not_found');
  const list = (await send('GET', '/rum/sites?limit=100')).body.data as Array<{ id: string }>;
  assert.ok(!list.some((s) => s.id === site.id));
  // Kept for its rollups, marked deleted: the ingest reads live sites only.
  const row = await env.db.rumSite.findUniqueOrThrow({ where: { id: site.id } });
  assert.ok(row.deletedAt);
  const audit = await env.db.auditEntry.findFirst({ where: { teamId, target: site.id, action: 'rum_site.deleted' } });
  assert.equal((audit!.details as { name: string }).name, 'Gone soon');
  assert.equal((await send('POST', '/rum/sites', { name: 'Gone soon', origins: ['https://gone.test'] })).status, 201);
});

test('sites are listed newest first a page at a time, up to the plan limit', async () => {
  const team = await teamWithKey(env, { plan: 'free' });
  const made: string[] = [];
  for (let i = 0; i < 20; i++) {
    const res = await send('POST', '/rum/sites', { name: `Site ${i}`, origins: [`https://s${i}.test`] }, team.key);
    assert.equal(res.status, 201, JSON.stringify(res.body));
    made.push(res.body.id);
  }
  // The free plan's 20 (200 on pro).
  assertProblem(
    await send('POST', '/rum/sites', { name: 'One more', origins: ['https://more.test'] }, team.key),
    409,
    'rum_site_limit_reached',
  );
  const seen: string[] = [];
  let cursor: string | null = null;
  do {
    const page: any = await send('GET', `/rum/sites?limit=7${cursor ? `&cursor=${cursor}` : ''}`, undefined, team.key);
    assert.equal(page.status, 200);
    seen.push(...page.body.data.map((s: { id: string }) => s.id));
    cursor = page.body.next_cursor;
  } while (cursor);
  assert.deepEqual(seen, [...made].reverse());
});

test('a deleted alert channel leaves the sites that listed it', async () => {
  const channel = await send('POST', '/alert-channels', {
    type: 'webhook',
    name: 'Hook',
    url: 'https://hooks.example.com/x',
  });
  assert.equal(channel.status, 201, JSON.stringify(channel.body));
  const site = (
    await send('POST', '/rum/sites', {
      name: 'Told',
      origins: ['https://told.test'],
      alert_channels: [channel.body.id],
    })
  ).body;
  assert.deepEqual(site.alert_channels, [channel.body.id]);
  assert.equal((await send('DELETE', `/alert-channels/${channel.body.id}`)).status, 204);
  assert.deepEqual((await send('GET', `/rum/sites/${site.id}`)).body.alert_channels, []);
});

const cli = (args: string[], token = key) => runCli(stack.origin, token, args);

test('pageprobe rum sites: create (as docs/rum.md shows it), list, show with the snippet, delete', async () => {
  const team = await teamWithKey(env, { plan: 'free' });
  const made = await cli(
    [
      ...['rum', 'sites', 'create', '--name', 'Shop', '--origin', 'https://shop.example.com'],
      ...['--origin', 'https://www.example.com', '--sample-rate', '0.5'],
      ...['--group', 'reviews=/products/*/reviews', '--group', 'products=/products/*', '--json'],
    ],
    team.key,
  );
  assert.equal(made.code, 0, made.stderr);
  const site = JSON.parse(made.stdout);
  assert.deepEqual(site.page_groups, [
    { name: 'reviews', pattern: '/products/*/reviews' },
    { name: 'products', pattern: '/products/*' },
  ]);
  const listed = await cli(['rum', 'sites'], team.key);
  assert.equal(listed.code, 0, listed.stderr);
  assert.match(
    listed.stdout,
    new RegExp(`^${site.id} {2}0\\.5 {4}Shop {2}https://shop\\.example\\.com https://www\\.example\\.com$`, 'm'),
  );
  const shown = await cli(['rum', 'sites', 'show', site.id], team.key);
  assert.equal(shown.code, 0, shown.stderr);
  assert.ok(shown.stdout.trimEnd().endsWith(`Paste before </head> on every page:\n${site.snippet}`), shown.stdout);
  // A bad origin: the API's problem, naming the field, and the CLI's exit for an error.
  const bad = await cli(['rum', 'sites', 'create', '--name', 'Bad', '--origin', 'https://x.test/path'], team.key);
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /origins\.0/);
  const deleted = await cli(['rum', 'sites', 'delete', site.id], team.key);
  assert.equal(deleted.code, 0, deleted.stderr);
  assertProblem(await send('GET', `/rum/sites/${site.id}`, undefined, team.key), 404, 'not_found');
});
