import { createAdminService } from '@pageprobe/api';
import type { TestEnv } from './test-env.ts';

/** A team with a write key (and credits), made through the admin service as the dashboard would. */
export async function teamWithKey(
  env: TestEnv,
  { plan = 'pro', credits = 0 }: { plan?: 'free' | 'pro'; credits?: number } = {},
) {
  const admin = createAdminService(env.db);
  const team = await admin.createTeam({ name: `team ${plan}`, plan });
  if (credits > 0) await admin.adjustCredits(team.id, { amount: credits, reason: 'test' });
  const { key } = await admin.createApiKey(team.id, { scope: 'write' });
  return { teamId: team.id, key, admin };
}
