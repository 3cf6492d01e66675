import { type Db, Prisma } from '@pageprobe/db';

// The audit log as people read it (issue 60): each entry with who acted (the person's name and address as
// they are now, or the key's name) and what it was done to (the resource's name or URL, and whether it is
// still there), read in one query: the page's entries by keyset, each joined to its person, its key and
// its resource through primary keys, so a page costs its 50 rows whatever the team's size.

/** What an entry's target names, by the first part of its action (`monitor.deleted` → monitor). */
export type ResourceKind =
  | 'monitor'
  | 'alert_channel'
  | 'maintenance_window'
  | 'status_page'
  | 'rum_site'
  | 'incident'
  | 'variable'
  | 'key'
  | 'member';

export interface AuditRow {
  id: string;
  created_at: Date;
  action: string;
  target: string | null;
  details: Record<string, unknown>;
  ip: string | null;
  user_agent: string | null;
  actor_email: string | null;
  /** The person as they are now (null: no person, or since deleted). */
  user_name: string | null;
  user_email: string | null;
  /** The key that acted, when a key did (null when none did, or it is gone). */
  key_name: string | null;
  key_prefix: string | null;
  /** The resource the target names, when it is still there (a deleted monitor too: `live` false). */
  resource_kind: ResourceKind | null;
  resource_label: string | null;
  resource_url: string | null;
  resource_type: string | null;
  resource_live: boolean | null;
}

const UUID = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';

/** A page of the team's entries, newest first, after the cursor (an entry's id), and the next cursor. */
export async function auditRows(db: Db, teamId: string, limit: number, before: string | null) {
  const rows = await db.$queryRaw<AuditRow[]>`
    SELECT a.id, a.created_at, a.action, a.target, a.details, a.ip, a.user_agent, a.actor_email,
      u.name AS user_name, u.email AS user_email, k.name AS key_name, k.prefix AS key_prefix,
      r.kind AS resource_kind, r.label AS resource_label, r.url AS resource_url, r.type AS resource_type,
      r.live AS resource_live
    FROM audit_log a
    CROSS JOIN LATERAL (SELECT
      split_part(a.action, '.', 1) AS kind,
      CASE WHEN a.target ~ ${UUID} THEN a.target::uuid END AS id,
      CASE WHEN a.details->>'key_id' ~ ${UUID} THEN (a.details->>'key_id')::uuid END AS key_id) t
    LEFT JOIN users u ON u.id = a.actor_id
    LEFT JOIN api_keys k ON k.id = t.key_id AND k.team_id = a.team_id
    LEFT JOIN LATERAL (
      SELECT 'monitor' AS kind, coalesce(m.name, m.url) AS label, m.url, m.type::text AS type, m.deleted_at IS NULL AS live
        FROM monitors m WHERE t.kind = 'monitor' AND m.id = t.id AND m.team_id = a.team_id
      UNION ALL SELECT 'alert_channel', c.name, NULL, NULL, true
        FROM alert_channels c WHERE t.kind = 'alert_channel' AND c.id = t.id AND c.team_id = a.team_id
      UNION ALL SELECT 'maintenance_window', w.name, NULL, NULL, true
        FROM maintenance_windows w WHERE t.kind = 'maintenance_window' AND w.id = t.id AND w.team_id = a.team_id
      UNION ALL SELECT 'status_page', s.title, NULL, NULL, true
        FROM status_pages s WHERE t.kind = 'status_page' AND s.id = t.id AND s.team_id = a.team_id
      UNION ALL SELECT 'rum_site', rs.name, NULL, NULL, rs.deleted_at IS NULL
        FROM rum_sites rs WHERE t.kind = 'rum_site' AND rs.id = t.id AND rs.team_id = a.team_id
      UNION ALL SELECT 'incident', i.title, NULL, NULL, true
        FROM incidents i WHERE t.kind = 'incident' AND i.id = t.id AND i.team_id = a.team_id
      UNION ALL SELECT 'variable', v.name, NULL, NULL, true
        FROM team_variables v WHERE t.kind = 'variable' AND v.id = t.id AND v.team_id = a.team_id
      -- key.created names the key by its prefix, key.revoked by its id.
      UNION ALL SELECT 'key', coalesce(ak.name, ak.prefix || '…'), ak.prefix, NULL, ak.revoked_at IS NULL
        FROM api_keys ak WHERE t.kind = 'key' AND (ak.id = t.id OR ak.prefix = a.target) AND ak.team_id = a.team_id
      UNION ALL SELECT 'member', coalesce(mu.name, mu.email), mu.email, NULL, true
        FROM users mu JOIN memberships ms ON ms.user_id = mu.id AND ms.team_id = a.team_id
        WHERE t.kind = 'member' AND a.action <> 'member.invited' AND mu.email = a.target
      LIMIT 1) r ON true
    WHERE a.team_id = ${teamId}::uuid ${before ? Prisma.sql`AND a.id < ${before}::uuid` : Prisma.empty}
    ORDER BY a.id DESC LIMIT ${limit + 1}`;
  return { entries: rows.slice(0, limit), next: rows.length > limit ? rows[limit - 1]!.id : null };
}
