import type { Monitor, Prisma } from '@pageprobe/db';
import type { ParentDown } from './alert-policy.ts';

/**
 * For each of these monitors that depends on others (`depends_on`), the first of those that is down or
 * failing now: its failed checks are then held for that parent. A parent still short of its own
 * down_after counts (its dependents' checks often fail in the same slot, before its own verdict), and so
 * does one with a failed check in the batch being recorded (`failingNow`: not yet in its row). A paused
 * or deleted parent holds nothing. One query for the batch.
 */
export async function parentsDown(
  tx: Prisma.TransactionClient,
  monitorIds: string[],
  failingNow: ReadonlySet<string> = new Set(),
): Promise<Map<string, ParentDown>> {
  const found = new Map<string, ParentDown>();
  if (monitorIds.length === 0) return found;
  const rows = await tx.$queryRawUnsafe<Array<{ id: string; parent_id: string; name: string; failing: boolean }>>(
    `SELECT m.id::text, p.id::text AS parent_id, coalesce(p.name, p.url) AS name,
       (p.down OR p.consecutive_failures > 0) AS failing
     FROM monitors m JOIN monitors p ON p.id = ANY(m.depends_on)
     WHERE m.id = ANY($1::uuid[]) AND cardinality(m.depends_on) > 0
       AND p.deleted_at IS NULL AND p.status = 'active'
     ORDER BY m.id, array_position(m.depends_on, p.id)`,
    monitorIds,
  );
  for (const row of rows) {
    if (found.has(row.id) || !(row.failing || failingNow.has(row.parent_id))) continue;
    found.set(row.id, { id: row.parent_id, name: row.name });
  }
  return found;
}

/**
 * failures_since_parent_up after a check: a held failure starts the count again, the next failures add
 * to it, a good check (or failures none of which was held) leaves it null.
 */
export function followParent(
  monitor: Pick<Monitor, 'failuresSinceParentUp'>,
  failed: boolean,
  parent: ParentDown | null,
): number | null {
  if (!failed) return null;
  if (parent) return 0;
  return monitor.failuresSinceParentUp === null ? null : monitor.failuresSinceParentUp + 1;
}
