import type { Prisma } from '@pageprobe/db';
import { dashboardDeployUrl } from '@pageprobe/test-lifecycle';

// Issue 62 item 4 for real users: a rum.regressed names the release it may have come with. A site is
// not tied to monitors or tags as a deploy's checks are, and deploys carry no site: so it is the team's
// latest deploy of the production environment (the default a deploy is recorded with; teams have no
// other default) within the team's deploy_alert_window_minutes before the alert, as monitors' alerts do.

export const RUM_DEPLOY_ENVIRONMENT = 'production';

export interface RumAlertDeploy {
  id: string;
  environment: string;
  version: string;
  commit: string | null;
  url: string | null;
  created_at: string;
  dashboard_url: string;
}

export async function rumAlertDeploy(
  tx: Prisma.TransactionClient,
  teamId: string,
  at: Date,
  dashboardBaseUrl: string,
): Promise<RumAlertDeploy | null> {
  const [row] = await tx.$queryRaw<
    Array<{ id: string; environment: string; version: string; commit: string; url: string | null; created_at: Date }>
  >`
    SELECT d.id::text, d.environment, d.version, d.commit, d.url, d.created_at
    FROM deploys d JOIN teams t ON t.id = d.team_id
    WHERE d.team_id = ${teamId}::uuid AND d.environment = ${RUM_DEPLOY_ENVIRONMENT} AND d.created_at <= ${at}
      AND d.created_at > ${at}::timestamptz - make_interval(mins => t.deploy_alert_window_minutes)
    ORDER BY d.created_at DESC, d.id DESC LIMIT 1`;
  if (!row) return null;
  return {
    id: row.id,
    environment: row.environment,
    version: row.version,
    commit: row.commit || null,
    url: row.url,
    created_at: row.created_at.toISOString(),
    dashboard_url: dashboardDeployUrl(dashboardBaseUrl, row.id),
  };
}
