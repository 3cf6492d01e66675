import { type Db, type Prisma, sqlState, UNIQUE_VIOLATION } from '@pageprobe/db';
import { ProblemError } from './problem.ts';

// A resource's `key` (issue 50): the stable name a configuration file gives it, unique per team among
// resources of its kind (a partial unique index per table, which a deleted monitor leaves).

// A RUM site (issue 61) has no key column: its name is its key, unique among the team's live sites.
export type ResourceKind = 'alert_channel' | 'monitor' | 'maintenance_window' | 'status_page' | 'rum_site';

export const NOUNS: Record<ResourceKind, string> = {
  alert_channel: 'alert channel',
  monitor: 'monitor',
  maintenance_window: 'maintenance window',
  status_page: 'status page',
  rum_site: 'RUM site',
};

/** 409 `key_taken`: another resource of the team's of this kind has the key. */
export const keyTaken = (resource: ResourceKind, key: string) =>
  new ProblemError(409, 'key_taken', `Another ${NOUNS[resource]} of this team has the key "${key}".`, {
    errors: [{ path: 'body.key', message: `is taken by another ${NOUNS[resource]} of this team` }],
  });

type Client = Db | Prisma.TransactionClient;

/** The id of the team's resource of this kind with this key (a monitor not deleted), or null. */
export async function idWithKey(db: Client, resource: ResourceKind, teamId: string, key: string) {
  const where = { teamId, key };
  const select = { id: true } as const;
  const row =
    resource === 'monitor'
      ? await db.monitor.findFirst({ where: { ...where, deletedAt: null }, select })
      : resource === 'alert_channel'
        ? await db.alertChannel.findFirst({ where, select })
        : resource === 'maintenance_window'
          ? await db.maintenanceWindow.findFirst({ where, select })
          : resource === 'rum_site'
            ? await db.rumSite.findFirst({ where: { teamId, name: key, deletedAt: null }, select })
            : await db.statusPage.findFirst({ where, select });
  return row?.id ?? null;
}

/** 409 `key_taken` unless no other resource of the team's of this kind (than `self`) has the key. */
export async function checkKeyFree(db: Client, resource: ResourceKind, teamId: string, key: string, self?: string) {
  const id = await idWithKey(db, resource, teamId, key);
  if (id !== null && id !== self) throw keyTaken(resource, key);
}

/** Whether a database error is the key's unique index refusing a second resource with it. */
export const isKeyViolation = (error: unknown) =>
  sqlState(error) === UNIQUE_VIOLATION && /_team_id_key_key|\(team_id, key\)|team_id.*key/.test(describe(error));

function describe(error: unknown): string {
  try {
    return `${(error as Error)?.message ?? ''} ${JSON.stringify((error as { meta?: unknown })?.meta ?? {})}`;
  } catch {
    return String(error);
  }
}

/**
 * For a write's .catch: two requests giving one key at once both pass checkKeyFree, and the index
 * refuses the second: the same 409 as the check's.
 */
export const rethrowKeyTaken =
  (resource: ResourceKind, key: string | null | undefined) =>
  (error: unknown): never => {
    if (key && isKeyViolation(error)) throw keyTaken(resource, key);
    throw error;
  };
