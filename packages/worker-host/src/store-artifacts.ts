import type { Db, Plan } from '@pageprobe/db';
import type { Storage } from '@pageprobe/storage';
import type { ArtifactUpload } from '@pageprobe/test-kinds';

export type { ArtifactUpload };

/**
 * Where a plan's artifacts live in the bucket: the bucket's lifecycle rules (infra/s3/lifecycle.json)
 * expire each prefix after the plan's days. A prefix, not an object tag: s3rver, the tests' S3, accepts
 * `x-amz-tagging` on PutObject but drops it, so a tag could not be proven here.
 */
export const retentionPrefix = (plan: Plan) => `${plan}/`;

/**
 * Uploads under the test's own prefix, within its team's plan's retention prefix, and records the rows.
 * A retried run replaces what an earlier attempt left, so the list always matches one run.
 */
export async function storeArtifacts(
  db: Db,
  storage: Storage,
  testId: string,
  artifacts: ArtifactUpload[],
): Promise<void> {
  const { team } = await db.test.findUniqueOrThrow({
    where: { id: testId },
    select: { team: { select: { plan: true } } },
  });
  const prefix = `${retentionPrefix(team.plan)}tests/${testId}/`;
  const keyed = artifacts.map((a) => ({ ...a, storageKey: `${prefix}${a.name}` }));
  await Promise.all(keyed.map((a) => storage.put(a.storageKey, a.body, a.contentType)));
  await db.$transaction([
    db.artifact.deleteMany({ where: { testId } }),
    db.artifact.createMany({
      data: keyed.map((a) => ({
        testId,
        kind: a.kind,
        name: a.name,
        storageKey: a.storageKey,
        contentType: a.contentType,
        sizeBytes: a.body.length,
        timingMs: a.timingMs,
      })),
    }),
  ]);
}
