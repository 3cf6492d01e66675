// Issue 14, faults: the S3 server's disk is full. A 4 MiB file system (tmpfs) holds the S3 server's
// data; once the worker has made its bucket, the disk is filled. Storing the crawl's artifact fails, the
// test is tried again and then ends failed with internal_error, its credit refunded: a clear failure,
// never `completed` with an artifact missing. Mounting needs root (CI and these machines run as root).
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { startS3 } from '@pageprobe/local-services';
import { startTest, waitForTest } from '@pageprobe/testing';
import { startApiInProcess } from '../support/api-in-process.ts';
import { startApp } from '../support/app-process.ts';
import { startServer } from '../support/servers.ts';
import { teamWithKey } from '../support/teams.ts';
import { createTestEnv } from '../support/test-env.ts';

const root = mkdtempSync(join(tmpdir(), 'pageprobe-s3-full-'));
const mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=4m', 'tmpfs', root]).status === 0;

test('S3 disk full during upload: failed, internal_error, credit refunded', {
  skip: !mounted && 'cannot mount a tmpfs here (needs root)',
}, async () => {
  const env = await createTestEnv();
  const s3 = await startS3({ dataDir: join(root, 'data') });
  after(async () => {
    await s3.stop();
    spawnSync('umount', ['-l', root]);
    rmSync(root, { recursive: true, force: true });
  });
  const { origin } = await startApiInProcess(env, { ALLOW_PRIVATE_TARGETS: 'true' });
  const site = await startServer((_req, res) =>
    res
      .writeHead(200, { 'content-type': 'text/html' })
      .end('<!doctype html><html lang="en"><title>t</title><h1>x</h1></html>'),
  );
  await startApp(
    'worker-browser',
    env.appEnv({
      ALLOW_PRIVATE_TARGETS: 'true',
      BROWSER_TEST_TYPES: 'seo_crawl',
      S3_ENDPOINT: s3.url,
      SEO_MAX_PAGES: '1',
    }),
  );
  // The worker made its bucket at start; now nothing more fits.
  mkdirSync(join(root, 'filler'), { recursive: true });
  try {
    writeFileSync(join(root, 'filler', 'zeros'), Buffer.alloc(8 * 1024 * 1024));
  } catch {
    // ENOSPC: full, as intended.
  }
  assert.match(execFileSync('df', ['--output=avail', root], { encoding: 'utf8' }), /\s0\s*$/);

  const { key, teamId } = await teamWithKey(env, { credits: 2 });
  const { id } = await startTest(origin, key, { url: `${site.url}/`, type: 'seo_crawl' });
  const t = await waitForTest<{ status: string; error: { code: string; message: string } | null }>(origin, key, id, {
    timeoutMs: 90_000,
  });
  assert.equal(t.status, 'failed');
  assert.equal(t.error?.code, 'internal_error');
  assert.equal((await env.db.team.findUniqueOrThrow({ where: { id: teamId } })).creditsBalance, 2);
  assert.equal(await env.db.artifact.count({ where: { testId: id } }), 0);
});
