import type { Prisma } from '@pageprobe/db';

/**
 * Makes a team's monitors due now, out of their schedule (issue 62: a deploy's checks): those with these
 * ids and those with any of these tags, active and not heartbeats (which are told, never run). The tick
 * claims them within a quarter second, as any due monitor; after the run their grid goes on. A monitor
 * whose run is still in flight is not run twice: its first run after now is the one that counts.
 * Returns the monitors made due, by id.
 */
export async function runMonitorsNow(
  tx: Prisma.TransactionClient,
  teamId: string,
  select: { ids: readonly string[]; tags: readonly string[] },
): Promise<Array<{ id: string; type: string }>> {
  if (select.ids.length === 0 && select.tags.length === 0) return [];
  return tx.$queryRaw<Array<{ id: string; type: string }>>`
    UPDATE monitors SET next_run_at = now()
    WHERE team_id = ${teamId}::uuid AND status = 'active' AND deleted_at IS NULL AND type <> 'heartbeat'
      AND (id = ANY(${select.ids as string[]}::uuid[]) OR tags && ${select.tags as string[]}::text[])
    RETURNING id::text, type::text`;
}
