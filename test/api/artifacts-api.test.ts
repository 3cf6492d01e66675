// GET /tests/{id}/artifacts and /har over what a worker leaves: rows in PostgreSQL, objects in S3.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, test } from 'node:test';
import { DeleteBucketCommand } from '@aws-sdk/client-s3';
import type { ArtifactKind } from '@pageprobe/db';
import { createStorage } from '@pageprobe/storage';
import { startApiInProcess } from '../support/api-in-process.ts';
import { assertProblem, call } from '../support/http.ts';
import { teamWithKey } from '../support/teams.ts';
import { createTestEnv } from '../support/test-env.ts';

const env = await createTestEnv();
const storage = createStorage(env.s3);
await storage.ensureBucket();
after(() => storage.close());
const api = await startApiInProcess(env, { RATE_LIMIT_READS_PER_MIN: '100000' });
const base = `${api.origin}/api/v1`;
const { teamId, key } = await teamWithKey(env);

async function testRow(
  status: 'queued' | 'running' | 'completed' | 'failed',
  type: 'lighthouse' | 'uptime' = 'lighthouse',
  owner = teamId,
) {
  return env.db.test.create({
    data: {
      teamId: owner,
      type,
      url: 'https://93.184.215.14/',
      device: 'mobile',
      status,
      reportToken: randomBytes(32).toString('base64url'),
    },
  });
}

async function store(
  testId: string,
  kind: ArtifactKind,
  name: string,
  body: Buffer | string,
  contentType: string,
  timingMs: number | null = null,
) {
  const storageKey = `tests/${testId}/${name}`;
  await storage.put(storageKey, body, contentType);
  await env.db.artifact.create({
    data: { testId, kind, name, storageKey, contentType, sizeBytes: Buffer.byteLength(body), timingMs },
  });
}

test('a completed test lists its artifacts with working, time-limited download URLs', async () => {
  const row = await testRow('completed');
  const jpeg = randomBytes(2048);
  await store(row.id, 'final_screenshot', 'final.jpg', jpeg, 'image/jpeg');
  await store(row.id, 'filmstrip_frame', 'frame-0300.jpg', randomBytes(512), 'image/jpeg', 300);
  await store(row.id, 'filmstrip_frame', 'frame-0600.jpg', randomBytes(512), 'image/jpeg', 600);
  await store(row.id, 'lighthouse_json', 'lighthouse.json', '{"lighthouseVersion":"13"}', 'application/json');
  const har = JSON.stringify({
    log: { version: '1.2', creator: { name: 'pageprobe', version: '1' }, pages: [], entries: [] },
  });
  await store(row.id, 'har', 'page.har', har, 'application/json');

  const res = await call<{ data: Array<Record<string, any>> }>(`${base}/tests/${row.id}/artifacts`, { token: key });
  assert.equal(res.status, 200);
  assert.equal(res.body.data.length, 5);
  const frames = res.body.data.filter((a) => a.kind === 'filmstrip_frame');
  assert.deepEqual(
    frames.map((f) => f.timing_ms),
    [300, 600],
  );
  const final = res.body.data.find((a) => a.kind === 'final_screenshot')!;
  assert.equal(final.content_type, 'image/jpeg');
  assert.equal(final.size_bytes, 2048);
  assert.ok(Date.parse(final.expires_at) > Date.now());
  assert.match(final.url, /X-Amz-Expires=900/);
  const download = await fetch(final.url);
  assert.equal(download.status, 200);
  assert.deepEqual(Buffer.from(await download.arrayBuffer()), jpeg);

  const harRes = await fetch(`${base}/tests/${row.id}/har`, { headers: { authorization: `Bearer ${key}` } });
  assert.equal(harRes.status, 200);
  assert.match(String(harRes.headers.get('content-type')), /^application\/json/);
  assert.deepEqual(await harRes.json(), JSON.parse(har));
});

test('before completion: 409 test_not_completed, for artifacts and HAR alike', async () => {
  for (const status of ['queued', 'running', 'failed'] as const) {
    const row = await testRow(status);
    assertProblem(await call(`${base}/tests/${row.id}/artifacts`, { token: key }), 409, 'test_not_completed');
    assertProblem(await call(`${base}/tests/${row.id}/har`, { token: key }), 409, 'test_not_completed');
  }
});

test("another team's test is 404; a test without a HAR is 404", async () => {
  const other = await teamWithKey(env);
  const theirs = await testRow('completed', 'lighthouse', other.teamId);
  assertProblem(await call(`${base}/tests/${theirs.id}/artifacts`, { token: key }), 404, 'not_found');
  assertProblem(await call(`${base}/tests/${theirs.id}/har`, { token: key }), 404, 'not_found');
  const uptime = await testRow('completed', 'uptime');
  assert.deepEqual((await call(`${base}/tests/${uptime.id}/artifacts`, { token: key })).body, { data: [] });
  assertProblem(await call(`${base}/tests/${uptime.id}/har`, { token: key }), 404, 'not_found');
});

test('worker pods starting at once all find the bucket made: the ones not first to make it do not fail', async () => {
  const bucket = `${env.s3.S3_BUCKET}-race`;
  const pods = Array.from({ length: 4 }, () => createStorage({ ...env.s3, S3_BUCKET: bucket }));
  try {
    const started = await Promise.allSettled(pods.map((pod) => pod.ensureBucket()));
    assert.deepEqual(
      started.map((s) => (s.status === 'rejected' ? String(s.reason) : s.status)),
      pods.map(() => 'fulfilled'),
    );
  } finally {
    await pods[0]!.client.send(new DeleteBucketCommand({ Bucket: bucket }));
    for (const pod of pods) pod.close();
  }
});
