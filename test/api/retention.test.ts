// Issue 29, item 5, artifacts: a test's artifacts and HAR are kept for its team plan's retention
// (RETENTION[plan].artifactsDays from when it completed). Past it the API answers 410 artifacts_expired
// and the report says so; the sweeper deletes the objects and rows, once, with two replicas at it; the
// objects live under the plan's prefix, which the bucket's lifecycle rules expire; /credits states it.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { setTimeout } from 'node:timers/promises';
import { after, test } from 'node:test';
import { type ArtifactKind, createDb, DAY_MS, type Plan, RETENTION } from '@pageprobe/db';
import { createStorage } from '@pageprobe/storage';
import { sweepExpiredArtifacts } from '../../packages/worker-host/src/sweep-artifacts.ts';
import { startApiInProcess } from '../support/api-in-process.ts';
import { startApp } from '../support/app-process.ts';
import { assertProblem, call } from '../support/http.ts';
import { eventually, startServer } from '../support/servers.ts';
import { teamWithKey } from '../support/teams.ts';
import { createTestEnv } from '../support/test-env.ts';

const env = await createTestEnv();
const storage = createStorage(env.s3);
await storage.ensureBucket();
after(() => storage.close());
const api = await startApiInProcess(env, { RATE_LIMIT_READS_PER_MIN: '100000', ALLOW_PRIVATE_TARGETS: 'true' });
const base = `${api.origin}/api/v1`;
const free = await teamWithKey(env, { plan: 'free' });
const pro = await teamWithKey(env, { plan: 'pro', credits: 5 });

/**
 * A completed lighthouse test that finished `daysAgo` days ago, with the expiry finishTest gives it
 * (completed_at + its plan's days), and a screenshot and a HAR in storage under its plan's prefix.
 */
async function finishedTest(teamId: string, plan: Plan, daysAgo: number) {
  const completedAt = new Date(Date.now() - daysAgo * DAY_MS);
  const expireAt = new Date(completedAt.getTime() + RETENTION[plan].artifactsDays * DAY_MS);
  const row = await env.db.test.create({
    data: {
      teamId,
      type: 'lighthouse',
      url: 'https://93.184.215.14/',
      device: 'mobile',
      status: 'completed',
      performanceScore: 87,
      structureScore: 74,
      grade: 'B',
      scores: { performance: 87, accessibility: 90, best_practices: 100, seo: 92 },
      reportToken: randomBytes(32).toString('base64url'),
      completedAt,
      artifactsExpireAt: expireAt,
      artifactsSweepAt: expireAt,
    },
  });
  const har = JSON.stringify({ log: { version: '1.2', creator: { name: 'pageprobe', version: '1' }, entries: [] } });
  await store(row.id, plan, 'final_screenshot', 'final.jpg', randomBytes(256), 'image/jpeg');
  await store(row.id, plan, 'har', 'page.har', har, 'application/json');
  return row;
}

async function store(
  testId: string,
  plan: Plan,
  kind: ArtifactKind,
  name: string,
  body: Buffer | string,
  contentType: string,
) {
  const storageKey = `${plan}/tests/${testId}/${name}`;
  await storage.put(storageKey, body, contentType);
  await env.db.artifact.create({
    data: { testId, kind, name, storageKey, contentType, sizeBytes: Buffer.byteLength(body), timingMs: null },
  });
  return storageKey;
}

const exists = (key: string) =>
  storage.get(key).then(
    () => true,
    (error: { name?: string }) => {
      if (error.name === 'NoSuchKey') return false;
      throw error;
    },
  );

/** Expired tests whose objects the sweeper has not reached yet are this file's own: swept here. */
const sweepAll = () => sweepExpiredArtifacts(env.db, storage, { maxBatches: 1000 });

test('past its retention a test answers 410 artifacts_expired for its artifacts and HAR, before and after the sweep; GET /tests/{id} keeps its scores', async () => {
  const expired = await finishedTest(free.teamId, 'free', RETENTION.free.artifactsDays + 1);
  for (const path of ['artifacts', 'har']) {
    const res = await call<{ detail: string }>(`${base}/tests/${expired.id}/${path}`, { token: free.key });
    assertProblem(res, 410, 'artifacts_expired');
    assert.equal(res.body.detail.includes(expired.artifactsExpireAt!.toISOString()), true, res.body.detail);
    assert.match(
      res.body.detail,
      new RegExp(`The free plan keeps a test's artifacts ${RETENTION.free.artifactsDays} days after it completes`),
    );
  }
  const scores = await call<Record<string, unknown>>(`${base}/tests/${expired.id}`, { token: free.key });
  assert.equal(scores.status, 200);
  assert.equal(scores.body.performance_score, 87);

  await sweepAll();
  assert.equal(await env.db.artifact.count({ where: { testId: expired.id } }), 0, 'swept');
  assertProblem(await call(`${base}/tests/${expired.id}/artifacts`, { token: free.key }), 410, 'artifacts_expired');
  assertProblem(await call(`${base}/tests/${expired.id}/har`, { token: free.key }), 410, 'artifacts_expired');
});

test('within its retention a test answers 200: a pro test of the same age, and a free one a day short of it', async () => {
  const proTest = await finishedTest(pro.teamId, 'pro', RETENTION.free.artifactsDays + 1);
  const young = await finishedTest(free.teamId, 'free', RETENTION.free.artifactsDays - 1);
  for (const [row, key] of [
    [proTest, pro.key],
    [young, free.key],
  ] as const) {
    const listed = await call<{ data: unknown[] }>(`${base}/tests/${row.id}/artifacts`, { token: key });
    assert.equal(listed.status, 200);
    assert.equal(listed.body.data.length, 2);
    const har = await call<{ log: { version: string } }>(`${base}/tests/${row.id}/har`, { token: key });
    assert.equal(har.status, 200);
    assert.equal(har.body.log.version, '1.2');
  }
});

test('the sweeper deletes the objects and rows of expired tests only, and two at once delete each once', async () => {
  await sweepAll();
  const expired = [];
  const keep = [];
  for (let i = 0; i < 60; i++)
    expired.push(await finishedTest(i % 2 ? free.teamId : pro.teamId, i % 2 ? 'free' : 'pro', 400));
  for (let i = 0; i < 4; i++) keep.push(await finishedTest(free.teamId, 'free', 2));
  const keysOf = async (ids: string[]) =>
    (await env.db.artifact.findMany({ where: { testId: { in: ids } } })).map((a) => a.storageKey);
  const expiredKeys = await keysOf(expired.map((t) => t.id));
  const keptKeys = await keysOf(keep.map((t) => t.id));
  assert.equal(expiredKeys.length, 120);

  // Two replicas, each with its own connections, in small batches so that their claims interleave.
  const other = createDb(env.databaseUrl, { poolSize: 2 });
  after(() => other.$disconnect());
  const [a, b] = await Promise.all([
    sweepExpiredArtifacts(env.db, storage, { batch: 7, maxBatches: 100 }),
    sweepExpiredArtifacts(other, storage, { batch: 7, maxBatches: 100 }),
  ]);
  assert.equal(a.tests + b.tests, 60, `each expired test swept once: ${JSON.stringify({ a, b })}`);
  assert.equal(a.objects + b.objects, 120, 'each object deleted once');
  assert.ok(a.tests > 0 && b.tests > 0, `both sweepers took a share: ${JSON.stringify({ a, b })}`);

  for (const key of expiredKeys) assert.equal(await exists(key), false, `${key} still in the bucket`);
  for (const key of keptKeys) assert.equal(await exists(key), true, `${key} was deleted`);
  assert.equal(await env.db.artifact.count({ where: { storageKey: { in: expiredKeys } } }), 0);
  assert.equal(await env.db.artifact.count({ where: { storageKey: { in: keptKeys } } }), keptKeys.length);
  const rows = await env.db.test.findMany({ where: { id: { in: expired.map((t) => t.id) } } });
  for (const row of rows) {
    assert.equal(row.artifactsSweepAt, null, 'no longer due');
    assert.ok(row.artifactsExpireAt, 'the expiry stays, for the 410');
  }
  assert.deepEqual(await sweepAll(), { tests: 0, objects: 0 }, 'nothing left to sweep');
});

test("the migration's backfill gives tests that finished before it completed_at + their plan's days, and only those with artifacts", async () => {
  const sql = readFileSync(
    new URL('../../prisma/migrations/20261128000000_artifact_expiry/migration.sql', import.meta.url),
    'utf8',
  );
  const backfill = sql.slice(sql.indexOf('UPDATE "tests"'));
  const old = async (teamId: string, plan: Plan, withArtifacts: boolean) => {
    const row = await finishedTest(teamId, plan, 10);
    if (!withArtifacts) await env.db.artifact.deleteMany({ where: { testId: row.id } });
    await env.db.test.update({ where: { id: row.id }, data: { artifactsExpireAt: null, artifactsSweepAt: null } });
    return row;
  };
  const [f, p, none] = [
    await old(free.teamId, 'free', true),
    await old(pro.teamId, 'pro', true),
    await old(free.teamId, 'free', false),
  ];
  await env.db.$executeRawUnsafe(backfill);
  for (const [row, plan] of [
    [f, 'free'],
    [p, 'pro'],
  ] as const) {
    const after = await env.db.test.findUniqueOrThrow({ where: { id: row.id } });
    const want = row.completedAt!.getTime() + RETENTION[plan].artifactsDays * DAY_MS;
    assert.equal(after.artifactsExpireAt?.getTime(), want, plan);
    assert.equal(after.artifactsSweepAt?.getTime(), want, plan);
  }
  const without = await env.db.test.findUniqueOrThrow({ where: { id: none.id } });
  assert.equal(without.artifactsExpireAt, null, 'no artifacts, no expiry');
});

test('GET /credits states the retention of free and pro', async () => {
  for (const [team, plan] of [
    [free, 'free'],
    [pro, 'pro'],
  ] as const) {
    const res = await call<{ plan: string; retention: Record<string, number> }>(`${base}/credits`, { token: team.key });
    assert.equal(res.status, 200);
    assert.equal(res.body.plan, plan);
    assert.deepEqual(res.body.retention, {
      checks_days: RETENTION[plan].checksDays,
      aggregates_days: RETENTION[plan].aggregatesDays,
      artifacts_days: RETENTION[plan].artifactsDays,
    });
  }
});

test("an expired test's report says its screenshots, filmstrip and HAR expired instead of showing broken images", async () => {
  // It expires in 3 s: the page is rendered and cached before, asked for again after.
  const row = await finishedTest(free.teamId, 'free', RETENTION.free.artifactsDays - 3000 / DAY_MS);
  const page = async () => {
    const res = await fetch(`${api.origin}/reports/${row.reportToken}`);
    assert.equal(res.status, 200);
    return res.text();
  };
  const live = await page();
  const image = /<img src="(\/reports\/[^"]+\/artifacts\/[^"]+)"/.exec(live);
  assert.ok(image, 'a live report shows its screenshot');
  assert.equal((await fetch(`${api.origin}${image[1]}`)).status, 200);
  assert.doesNotMatch(live, /expired/);

  await setTimeout(Math.max(0, row.artifactsExpireAt!.getTime() - Date.now() + 50));
  const expired = await page();
  assert.match(expired, /Screenshots, filmstrip and HAR expired/);
  assert.match(
    expired,
    new RegExp(`The free plan keeps a test&#39;s artifacts ${RETENTION.free.artifactsDays} days after it completes`),
  );
  assert.doesNotMatch(expired, /<img /, 'no image left to break');
  assert.match(expired, /87/, 'the scores stay');
  assert.equal((await fetch(`${api.origin}${image[1]}`)).status, 404, 'the screenshot is no longer served');
});

test("a worker stores a test's artifacts under its plan's prefix, finishing sets the plan's expiry, and its sweeper deletes them once expired", async () => {
  await sweepAll();
  const site = await startServer((_req, res) =>
    res
      .writeHead(200, { 'content-type': 'text/html' })
      .end('<!doctype html><html lang="en"><head><title>Site</title></head><body><h1>Hi</h1></body></html>'),
  );
  const worker = await startApp(
    'worker-browser',
    env.appEnv({
      ALLOW_PRIVATE_TARGETS: 'true',
      BROWSER_TEST_TYPES: 'seo_crawl',
      SEO_MAX_PAGES: '1',
      SWEEP_INTERVAL_MS: '200',
    }),
  );
  const res = await call<{ id: string }>(`${base}/tests`, {
    method: 'POST',
    token: pro.key,
    body: { url: `${site.url}/`, type: 'seo_crawl' },
  });
  assert.equal(res.status, 202, JSON.stringify(res.body));
  const done = await eventually(
    async () => {
      const row = await env.db.test.findUniqueOrThrow({ where: { id: res.body.id } });
      return row.status === 'completed' || row.status === 'failed' ? row : undefined;
    },
    90_000,
    'the test ended',
  ).catch((error: Error) => {
    throw new Error(`${error.message}\n${worker.output().split('\n').slice(-15).join('\n')}`);
  });
  assert.equal(done.status, 'completed', JSON.stringify(done.errorMessage));
  assert.equal(
    done.artifactsExpireAt?.getTime(),
    done.completedAt!.getTime() + RETENTION.pro.artifactsDays * DAY_MS,
    "completed_at + the pro plan's days",
  );
  assert.equal(done.artifactsSweepAt?.getTime(), done.artifactsExpireAt?.getTime());
  const keys = (await env.db.artifact.findMany({ where: { testId: done.id } })).map((a) => a.storageKey);
  assert.ok(keys.length > 0);
  for (const key of keys) {
    assert.ok(key.startsWith(`pro/tests/${done.id}/`), key);
    assert.equal(await exists(key), true);
  }

  // A year on: the worker's own sweeper takes them.
  await env.db.test.update({
    where: { id: done.id },
    data: { artifactsExpireAt: new Date(Date.now() - 1000), artifactsSweepAt: new Date(Date.now() - 1000) },
  });
  await eventually(
    async () => ((await env.db.artifact.count({ where: { testId: done.id } })) === 0 ? true : undefined),
    10_000,
    "the worker's sweeper deleted the rows",
  );
  for (const key of keys) assert.equal(await exists(key), false, `${key} still in the bucket`);
  assert.match(worker.output(), /expired artifacts deleted/);
  await worker.stop();
});
