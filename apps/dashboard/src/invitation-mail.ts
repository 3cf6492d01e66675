import { type Actor, invite as inviteToTeam, type Mail } from '@pageprobe/accounts';
import type { Db, TeamRole } from '@pageprobe/db';
import type { DashboardConfig } from './config.ts';

/**
 * Invites an address from the members page: @pageprobe/accounts' invite() (which the admin API and
 * `pnpm admin users invite` use too), with links to this dashboard.
 */
export const invite = (
  deps: { db: Db; config: Pick<DashboardConfig, 'DASHBOARD_BASE_URL'>; mail: Mail },
  actor: Actor,
  input: { teamId: string; email: string; role: TeamRole },
) => inviteToTeam({ db: deps.db, mail: deps.mail, dashboardBaseUrl: deps.config.DASHBOARD_BASE_URL }, actor, input);
