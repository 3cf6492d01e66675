import type { Db } from '@pageprobe/db';
import type { Storage } from '@pageprobe/storage';

// A bucket with lifecycle rules (infra/s3/lifecycle.json) drops expired objects itself; elsewhere this
// sweeper does, and everywhere it removes the expired tests' artifact rows. Each batch is three short
// steps: claim (one statement), delete the objects (no transaction open), forget the rows (one
// statement). A claim is a lease: it moves the tests' artifacts_sweep_at forward, so a sweeper that
// dies mid-batch leaves them to be claimed again once the lease ends, and two sweepers at once never
// take the same test (SKIP LOCKED, then the moved time no longer matches).

/** Tests one claim takes. */
export const ARTIFACT_SWEEP_BATCH = 200;
/** Batches one sweep runs at most: a backlog (the first sweep after the migration) is worked off over several. */
const MAX_BATCHES = 5;
/** How long a claimed batch is held before another sweeper may take it again. */
const LEASE = '10 minutes';

export interface ArtifactSweep {
  /** Tests whose objects and rows were removed. */
  tests: number;
  /** Objects deleted from the bucket. */
  objects: number;
}

export async function sweepExpiredArtifacts(
  db: Db,
  storage: Storage,
  { batch = ARTIFACT_SWEEP_BATCH, maxBatches = MAX_BATCHES } = {},
): Promise<ArtifactSweep> {
  const swept: ArtifactSweep = { tests: 0, objects: 0 };
  for (let n = 0; n < maxBatches; n++) {
    const rows = await db.$queryRaw<Array<{ id: string; storage_key: string | null }>>`
      WITH claimed AS (
        UPDATE tests SET artifacts_sweep_at = now() + ${LEASE}::interval
        WHERE id IN (
          SELECT id FROM tests WHERE artifacts_sweep_at <= now()
          ORDER BY artifacts_sweep_at LIMIT ${batch} FOR UPDATE SKIP LOCKED)
        RETURNING id)
      SELECT c.id::text AS id, a.storage_key FROM claimed c LEFT JOIN artifacts a ON a.test_id = c.id`;
    if (rows.length === 0) break;
    const ids = [...new Set(rows.map((r) => r.id))];
    const keys = rows.flatMap((r) => (r.storage_key === null ? [] : [r.storage_key]));
    // On failure the lease keeps the batch until it ends; then it is tried again.
    await storage.delete(keys);
    await db.$executeRaw`
      WITH gone AS (DELETE FROM artifacts WHERE test_id = ANY(${ids}::uuid[]))
      UPDATE tests SET artifacts_sweep_at = NULL WHERE id = ANY(${ids}::uuid[])`;
    swept.tests += ids.length;
    swept.objects += keys.length;
    if (ids.length < batch) break;
  }
  return swept;
}
