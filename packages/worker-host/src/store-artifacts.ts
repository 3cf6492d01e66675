import type { ArtifactKind, Db } from '@pageprobe/db';
import type { Storage } from '@pageprobe/storage';

export interface ArtifactUpload {
  kind: ArtifactKind;
  /** Its name under the test's prefix, e.g. `filmstrip/00-120ms.jpg`. */
  name: string;
  body: Buffer;
  contentType: string;
  timingMs: number | null;
}

/**
 * Uploads under the test's own prefix and records the rows. A retried run replaces what an earlier
 * attempt left, so the list always matches one run.
 */
export async function storeArtifacts(
  db: Db,
  storage: Storage,
  testId: string,
  artifacts: ArtifactUpload[],
): Promise<void> {
  const keyed = artifacts.map((a) => ({ ...a, storageKey: `tests/${testId}/${a.name}` }));
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
