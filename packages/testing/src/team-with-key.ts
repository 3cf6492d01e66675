import { createAdminService } from '@pageprobe/services';
import type { Db } from '@pageprobe/db';

/** A team with a key (and credits), made through the admin service as the dashboard backend would. */
export async function teamWithKey(
  db: Db,
  {
    name,
    plan = 'pro',
    credits = 0,
    scope = 'write',
  }: { name?: string; plan?: 'free' | 'pro'; credits?: number; scope?: 'read' | 'write' } = {},
) {
  const admin = createAdminService(db);
  const team = await admin.createTeam({ name: name ?? `team ${plan}`, plan });
  if (credits > 0) await admin.adjustCredits(team.id, { amount: credits, reason: 'test' });
  const { key } = await admin.createApiKey(team.id, { scope });
  return { teamId: team.id, key, admin };
}
