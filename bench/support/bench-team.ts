import { createAdminService } from '@pageprobe/api';
import type { Db } from '@pageprobe/db';

/** A pro team with `credits` and a write key, made as the dashboard would. */
export async function benchTeam(db: Db, name: string, credits = 0): Promise<{ teamId: string; key: string }> {
  const admin = createAdminService(db);
  const team = await admin.createTeam({ name, plan: 'pro' });
  if (credits > 0) await admin.adjustCredits(team.id, { amount: credits, reason: 'bench' });
  const { key } = await admin.createApiKey(team.id, { scope: 'write' });
  return { teamId: team.id, key };
}
