import type { Prisma } from '@pageprobe/db';
import { type AlertLinkBases, compareReportUrl, dashboardDeployUrl } from '../report-url.ts';
import type { AlertEvent } from './alert-payload.ts';

// Issue 62: an alert that something got worse names the deploy it may have come with: the latest deploy
// before it, within the team's window (teams.deploy_alert_window_minutes), of those that cover the monitor
// (name it by id or by one of its tags, or name no monitor at all: a deploy of the whole site).

/** The events that name a deploy: something got worse. */
export const NAMES_DEPLOY: readonly AlertEvent[] = ['monitor.down', 'monitor.regressed', 'monitor.field_regressed'];

export interface AlertDeploy {
  id: string;
  environment: string;
  version: string;
  created_at: string;
  dashboard_url: string;
  /** The comparison of the monitor's runs before and after the deploy, when both are tests. */
  compare_url: string | null;
}

interface Row {
  monitor_id: string;
  id: string;
  environment: string;
  version: string;
  created_at: Date;
  before_token: string | null;
  after_token: string | null;
}

/** The deploy each monitor's alert at `at` names, by monitor id (monitors with none are absent). */
export async function alertDeploys(
  tx: Prisma.TransactionClient,
  monitorIds: readonly string[],
  at: Date,
  links: AlertLinkBases,
): Promise<Map<string, AlertDeploy>> {
  if (monitorIds.length === 0) return new Map();
  const rows = await tx.$queryRaw<Row[]>`
    SELECT DISTINCT ON (m.id) m.id::text AS monitor_id, d.id::text, d.environment, d.version, d.created_at,
      before.report_token AS before_token, after.report_token AS after_token
    FROM monitors m
      JOIN teams t ON t.id = m.team_id
      JOIN deploys d ON d.team_id = m.team_id AND d.created_at <= ${at}
        AND d.created_at > ${at}::timestamptz - make_interval(mins => t.deploy_alert_window_minutes)
        AND (m.id = ANY(d.run_monitor_ids) OR d.run_tags && m.tags
          OR (cardinality(d.run_monitor_ids) = 0 AND cardinality(d.run_tags) = 0))
      LEFT JOIN LATERAL (
        SELECT c->>'before_test_id' AS before_id, c->>'after_test_id' AS after_id
        FROM jsonb_array_elements(d.checks) c WHERE c->>'monitor_id' = m.id::text LIMIT 1
      ) ch ON true
      LEFT JOIN tests before ON before.id = ch.before_id::uuid
      LEFT JOIN tests after ON after.id = ch.after_id::uuid
    WHERE m.id = ANY(${monitorIds as string[]}::uuid[])
    ORDER BY m.id, d.created_at DESC`;
  return new Map(
    rows.map((r) => [
      r.monitor_id,
      {
        id: r.id,
        environment: r.environment,
        version: r.version,
        created_at: r.created_at.toISOString(),
        dashboard_url: dashboardDeployUrl(links.dashboardBaseUrl, r.id),
        compare_url:
          r.before_token && r.after_token
            ? compareReportUrl(links.publicBaseUrl, { reportToken: r.after_token }, { reportToken: r.before_token })
            : null,
      },
    ]),
  );
}
