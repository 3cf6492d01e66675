import type { Db, Plan, Test } from '@pageprobe/db';
import type { Storage } from '@pageprobe/storage';
import { Router } from 'express';
import { requireScope } from '../auth/api-key-auth.ts';
import { ProblemError } from '../http/problem.ts';
import { logTestId } from '../http/request-logger.ts';
import { artifactsExpired, retentionSentence } from './artifact-expiry.ts';
import { retryHint } from './retry-hint.ts';

/** How long an artifact's download address works. */
const URL_TTL_SECONDS = 900;

/** A completed test whose artifacts are still kept: 409 before it completes, 410 past its plan's retention. */
async function completedTest(db: Db, auth: { teamId: string; plan: Plan }, testId: string): Promise<Test> {
  const { teamId } = auth;
  const test = await db.test.findFirst({ where: { id: testId, teamId } });
  if (!test) throw new ProblemError(404, 'not_found', 'No test with that id.');
  if (test.status !== 'completed') {
    if (test.status === 'failed')
      throw new ProblemError(409, 'test_not_completed', 'The test failed, so it has no artifacts.');
    const wait = retryHint(test)!;
    throw new ProblemError(
      409,
      'test_not_completed',
      `The test is ${test.status}; its artifacts come when it completes. Poll GET /api/v1/tests/${test.id} (its Retry-After says when: about ${wait} s now) or pass a callback_url to be told.`,
      { headers: { 'Retry-After': String(wait) } },
    );
  }
  // Whether or not the objects are deleted yet: past the expiry they are not to be handed out.
  if (artifactsExpired(test)) {
    throw new ProblemError(
      410,
      'artifacts_expired',
      [
        `This test's artifacts and HAR expired at ${test.artifactsExpireAt.toISOString()}.`,
        retentionSentence(test, auth.plan),
        `Its scores, vitals and audits stay at GET /api/v1/tests/${test.id}.`,
      ]
        .filter(Boolean)
        .join(' '),
    );
  }
  return test;
}

/** GET /tests/{id}/artifacts and /har: what a completed test left in storage. */
export function artifactRoutes(db: Db, storage: Storage): Router {
  const router = Router();
  router.param('test_id', logTestId);

  router.get('/tests/:test_id/artifacts', requireScope('read'), async (req, res) => {
    const test = await completedTest(db, req.auth!, req.params.test_id as string);
    const artifacts = await db.artifact.findMany({
      where: { testId: test.id },
      orderBy: [{ kind: 'asc' }, { timingMs: 'asc' }, { name: 'asc' }],
    });
    const expiresAt = new Date(Date.now() + URL_TTL_SECONDS * 1000).toISOString();
    const data = await Promise.all(
      artifacts.map(async (a) => ({
        kind: a.kind,
        name: a.name,
        content_type: a.contentType,
        size_bytes: a.sizeBytes,
        timing_ms: a.timingMs,
        url: await storage.signedUrl(a.storageKey, URL_TTL_SECONDS),
        expires_at: expiresAt,
      })),
    );
    res.json({ data });
  });

  router.get('/tests/:test_id/har', requireScope('read'), async (req, res) => {
    const test = await completedTest(db, req.auth!, req.params.test_id as string);
    const har = await db.artifact.findFirst({ where: { testId: test.id, kind: 'har' } });
    if (!har)
      throw new ProblemError(
        404,
        'not_found',
        `This ${test.type} test has no HAR; lighthouse tests and browser checks have one.`,
      );
    res.type('application/json').send(await storage.get(har.storageKey));
  });

  return router;
}
