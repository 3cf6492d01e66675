import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { test } from 'node:test';
import { startApiInProcess } from '../support/api-in-process.ts';
import { assertProblem, call } from '../support/http.ts';
import { teamWithKey } from '../support/teams.ts';
import { createTestEnv } from '../support/test-env.ts';

const env = await createTestEnv();
const api = await startApiInProcess(env, { RATE_LIMIT_WRITES_PER_MIN: '100000', RATE_LIMIT_READS_PER_MIN: '100000' });
const base = `${api.origin}/api/v1`;
const { teamId, key } = await teamWithKey(env);

type Page = {
  data: Array<{ id: string; created_at: string; status: string; type: string }>;
  next_cursor: string | null;
};

// 250 tests, several sharing a creation millisecond (the id breaks the tie), mixed types and states.
const start = Date.now() - 3_600_000;
const statuses = ['queued', 'running', 'completed', 'failed'] as const;
const types = ['lighthouse', 'seo_crawl', 'uptime'] as const;
await env.db.test.createMany({
  data: Array.from({ length: 250 }, (_, i) => ({
    teamId,
    type: types[i % 3]!,
    url: `https://93.184.215.14/${i}`,
    device: 'mobile' as const,
    status: statuses[i % 4]!,
    reportToken: randomBytes(32).toString('base64url'),
    createdAt: new Date(start + Math.floor(i / 3) * 1000),
  })),
});
const initial = (
  await env.db.test.findMany({ where: { teamId }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] })
).map((t) => t.id);

async function pageThrough(query: string, during?: () => Promise<void>) {
  const ids: string[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const res: Awaited<ReturnType<typeof call<Page>>> = await call<Page>(
      `${base}/tests?${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      { token: key },
    );
    assert.equal(res.status, 200, JSON.stringify(res.body));
    ids.push(...res.body.data.map((t) => t.id));
    cursor = res.body.next_cursor;
    pages++;
    await during?.();
  } while (cursor);
  return { ids, pages };
}

test('paging through 250 tests while others are inserted: every test once, newest first, none skipped', async () => {
  let inserted = 0;
  const { ids, pages } = await pageThrough('limit=20', async () => {
    const res = await call(`${base}/tests`, {
      method: 'POST',
      token: key,
      body: { url: 'https://93.184.215.14/new', type: 'uptime' },
    });
    assert.equal(res.status, 202);
    inserted++;
  });
  assert.equal(pages, 13);
  assert.equal(inserted, 13);
  assert.deepEqual(ids, initial, 'exactly the tests that existed, in order, once each');
});

test('default page size 20, maximum 100, filters by status and type', async () => {
  const first = await call<Page>(`${base}/tests`, { token: key });
  assert.equal(first.body.data.length, 20);
  assert.equal((await call<Page>(`${base}/tests?limit=100`, { token: key })).body.data.length, 100);
  const failedUptime = await pageThrough('limit=7&status=failed&type=uptime');
  const expected = await env.db.test.count({ where: { teamId, status: 'failed', type: 'uptime' } });
  assert.ok(expected > 0);
  assert.equal(failedUptime.ids.length, expected);
  const rows = await env.db.test.findMany({ where: { id: { in: failedUptime.ids } } });
  assert.ok(rows.every((r) => r.status === 'failed' && r.type === 'uptime'));
});

test('the last page has next_cursor null; another team sees none of these', async () => {
  const all = await pageThrough('limit=100');
  assert.ok(all.ids.length >= 250);
  const other = await teamWithKey(env);
  const theirs = await call<Page>(`${base}/tests`, { token: other.key });
  assert.deepEqual(theirs.body, { data: [], next_cursor: null });
});

test('a bad cursor or limit is 400', async () => {
  for (const query of [
    'limit=0',
    'limit=101',
    'limit=1e309',
    'limit=abc',
    'limit=1.5',
    'cursor=garbage',
    `cursor=${Buffer.from('["x","y"]').toString('base64url')}`,
    'status=done',
    'type=ping',
    'sort=asc',
  ]) {
    assertProblem(await call(`${base}/tests?${query}`, { token: key }), 400, 'validation_failed');
  }
});
