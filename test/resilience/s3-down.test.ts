// Issue 14, faults: the S3 server unreachable while a worker stores a test's artifacts. The test is
// tried again (the job's tries: storage may come back) and, still failing, ends `failed` with
// internal_error and its credit refunded: the fault is ours, not the site's. Never `completed` with
// artifacts missing, never stuck `running`.
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { type AddressInfo, connect, createServer, type Socket } from 'node:net';
import { test } from 'node:test';
import { seoCrawl } from '@pageprobe/test-kinds';
import { startApiInProcess } from '../support/api-in-process.ts';
import { startApp } from '../support/app-process.ts';
import { call } from '../support/http.ts';
import { eventually, startServer } from '../support/servers.ts';
import { teamWithKey } from '../support/teams.ts';
import { createTestEnv } from '../support/test-env.ts';

const env = await createTestEnv();
const { origin } = await startApiInProcess(env, { ALLOW_PRIVATE_TARGETS: 'true' });
const site = await startServer((_req, res) =>
  res
    .writeHead(200, { 'content-type': 'text/html' })
    .end('<!doctype html><html lang="en"><head><title>Site</title></head><body><h1>Hi</h1></body></html>'),
);
// The worker reaches S3 through this forwarder, up while the worker starts (it checks its bucket) and
// cut before the test: every PutObject then fails to connect.
const s3 = new URL(env.s3.S3_ENDPOINT);
const open = new Set<Socket>();
const forwarder = createServer((client) => {
  const upstream = connect(Number(s3.port), s3.hostname);
  open.add(client).add(upstream);
  client.pipe(upstream).pipe(client);
  const close = () => {
    client.destroy();
    upstream.destroy();
  };
  client.on('error', close);
  upstream.on('error', close);
});
forwarder.listen(0, '127.0.0.1');
await once(forwarder, 'listening');
const deadS3 = `http://127.0.0.1:${(forwarder.address() as AddressInfo).port}`;
const worker = await startApp(
  'worker-browser',
  env.appEnv({
    ALLOW_PRIVATE_TARGETS: 'true',
    BROWSER_TEST_TYPES: 'seo_crawl',
    S3_ENDPOINT: deadS3,
    SEO_MAX_PAGES: '1',
  }),
);

test('storage unreachable during upload: tried again, then failed as our fault with the credit refunded', async () => {
  forwarder.close();
  for (const socket of open) socket.destroy();
  const { key, teamId } = await teamWithKey(env, { credits: 3 });
  const res = await call<{ id: string }>(`${origin}/api/v1/tests`, {
    method: 'POST',
    token: key,
    body: { url: `${site.url}/`, type: 'seo_crawl' },
  });
  assert.equal(res.status, 202, JSON.stringify(res.body));
  const done = await eventually(
    async () => {
      const t = await call<{ status: string; error: { code: string; message: string } | null }>(
        `${origin}/api/v1/tests/${res.body.id}`,
        { token: key },
      );
      return t.body.status === 'completed' || t.body.status === 'failed' ? t.body : undefined;
    },
    90_000,
    'the test ended',
  ).catch((error: Error) => {
    throw new Error(`${error.message}\n${worker.output().split('\n').slice(-15).join('\n')}`);
  });
  assert.equal(done.status, 'failed');
  assert.equal(done.error?.code, 'internal_error');
  assert.match(done.error?.message ?? '', /refunded/);
  const team = await env.db.team.findUniqueOrThrow({ where: { id: teamId } });
  assert.equal(team.creditsBalance, 3, 'the credit came back');
  // Each of the kind's tries ran the crawl and failed at the upload.
  const tries = worker.output().match(/"msg":"test run failed"/g)?.length ?? 0;
  assert.equal(tries, seoCrawl.job.attempts);
  assert.equal(await env.db.artifact.count({ where: { testId: res.body.id } }), 0);
});
