import { randomBytes, randomUUIDv7 } from 'node:crypto';
import type { Deploy, Prisma } from '@pageprobe/db';
import { type DeployCheck, pendingCheck, runMonitorsNow } from '@pageprobe/monitors';
import { dashboardDeployUrl } from '@pageprobe/test-lifecycle';
import { auditCaller, type Caller } from '../caller.ts';
import type { ServiceDeps } from '../deps.ts';
import { after, NEWEST_FIRST, pageOf } from '../keyset.ts';
import { ProblemError } from '../problem.ts';

// Deploys (issue 62), whichever door tells of one: POST /deploys (the CLI, the Action and MCP through
// it), the dashboard, and GitHub's deployment_status webhook (github-webhook.ts). A deploy names the
// monitors to run at once (by id or tag): they are made due now in the same transaction as the deploy,
// and the dispatcher's sweep (@pageprobe/monitors checkDeploys) gives it its verdict when they finish.

export interface DeployInput {
  environment?: string;
  version: string;
  commit?: string;
  url?: string;
  description?: string;
  callback_url?: string;
  run?: { monitors?: string[]; tags?: string[] };
}

export type DeploySource = 'api' | 'github';

export const DEFAULT_ENVIRONMENT = 'production';

/** A deploy as the API shows it. */
export function presentDeploy(row: Deploy, dashboardBaseUrl: string) {
  return {
    id: row.id,
    environment: row.environment,
    version: row.version,
    commit: row.commit || null,
    url: row.url,
    description: row.description,
    source: row.source,
    status: row.status,
    run: { monitors: row.runMonitorIds, tags: row.runTags },
    checks: (Array.isArray(row.checks) ? row.checks : []) as unknown as DeployCheck[],
    created_at: row.createdAt.toISOString(),
    checked_at: row.checkedAt?.toISOString() ?? null,
    dashboard_url: dashboardDeployUrl(dashboardBaseUrl, row.id),
  };
}

export type PresentedDeploy = ReturnType<typeof presentDeploy>;

/**
 * Records a deploy and runs its monitors now. The same deploy told twice (environment, version and commit)
 * is the one recorded first, `created: false`, and runs nothing again.
 */
export async function recordDeploy(
  deps: ServiceDeps,
  caller: Pick<Caller, 'teamId'> & Partial<Caller>,
  input: DeployInput,
  source: DeploySource,
): Promise<{ deploy: PresentedDeploy; created: boolean }> {
  const environment = input.environment ?? DEFAULT_ENVIRONMENT;
  const commit = input.commit ?? '';
  const key = { teamId: caller.teamId, environment, version: input.version, commit };
  const ids = [...new Set(input.run?.monitors ?? [])];
  const tags = [...new Set(input.run?.tags ?? [])];
  const dashboard = deps.config.DASHBOARD_BASE_URL;
  const made = await deps.db.$transaction(async (tx) => {
    // ON CONFLICT DO NOTHING: two replicas told of the same deploy at once make one row, and one set of runs.
    const inserted = await tx.$queryRaw<Array<{ id: string }>>`
      INSERT INTO deploys (id, team_id, environment, version, commit, url, description, source, run_monitor_ids,
        run_tags, callback_url, status)
      VALUES (${randomUUIDv7()}::uuid, ${caller.teamId}::uuid, ${environment}, ${input.version}, ${commit},
        ${input.url ?? null}, ${input.description ?? null}, ${source}, ${ids}::uuid[], ${tags}::text[],
        ${input.callback_url ?? null}, 'recorded')
      ON CONFLICT (team_id, environment, version, commit) DO NOTHING
      RETURNING id::text`;
    const id = inserted[0]?.id;
    if (!id) return null;
    const due = await runMonitorsNow(tx, caller.teamId, { ids, tags });
    const checks = due.map((m) => pendingCheck(m.id));
    return tx.deploy.update({
      where: { id },
      data: {
        status: checks.length ? 'checking' : 'recorded',
        checks: checks as unknown as Prisma.InputJsonArray,
      },
    });
  });
  if (!made) {
    const existing = await deps.db.deploy.findUniqueOrThrow({
      where: { teamId_environment_version_commit: key },
    });
    return { deploy: presentDeploy(existing, dashboard), created: false };
  }
  if (caller.actor) {
    await auditCaller(deps.db, caller as Caller, 'deploy.recorded', made.id, {
      environment,
      version: input.version,
      source,
      monitors: (made.checks as unknown[]).length,
    });
  }
  return { deploy: presentDeploy(made, dashboard), created: true };
}

/** GET /deploys: the team's, newest first, a page at a time; `environment` narrows them. */
export async function listDeploys(
  deps: ServiceDeps,
  caller: Caller,
  query: { limit: number; cursor?: string; environment?: string },
) {
  const rows = await deps.db.deploy.findMany({
    where: {
      teamId: caller.teamId,
      ...(query.environment ? { environment: query.environment } : {}),
      ...after(query.cursor),
    },
    orderBy: NEWEST_FIRST,
    take: query.limit + 1,
  });
  const { page, nextCursor } = pageOf(rows, query.limit);
  return { data: page.map((d) => presentDeploy(d, deps.config.DASHBOARD_BASE_URL)), next_cursor: nextCursor };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function getDeploy(deps: ServiceDeps, caller: Pick<Caller, 'teamId'>, id: string) {
  const row = UUID.test(id) ? await deps.db.deploy.findFirst({ where: { id, teamId: caller.teamId } }) : null;
  if (!row) throw new ProblemError(404, 'not_found', 'The team has no deploy with that id.');
  return presentDeploy(row, deps.config.DASHBOARD_BASE_URL);
}

/**
 * POST /deploys/secret: a new secret for the deploy webhook (GitHub's "Secret"), shown this once; the one
 * before stops working at once.
 */
export async function rotateDeploySecret(deps: ServiceDeps, caller: Caller): Promise<{ secret: string }> {
  const secret = `ppd_${randomBytes(24).toString('base64url')}`;
  await deps.db.team.update({ where: { id: caller.teamId }, data: { deploySecret: secret } });
  await auditCaller(deps.db, caller, 'deploy_secret.rotated', 'the deploy webhook', {});
  return { secret };
}

/** The deploys on a monitor's charts (issue 62): those of the team that cover it, in [from, to). */
export const deployAnnotations = (
  db: ServiceDeps['db'],
  monitor: { id: string; teamId: string; tags: string[] },
  from: Date,
  to: Date,
) => deploysCovering(db, monitor.teamId, [monitor], from, to);

/**
 * The deploys on a chart (issues 61, 62): the team's deploys in [from, to) that cover one of `monitors`
 * (by id or tag) or every monitor (a deploy that names none), shaped as series' annotations. A RUM
 * site's chart passes its lab monitors: one without any still shows the deploys that name none.
 */
export async function deploysCovering(
  db: ServiceDeps['db'],
  teamId: string,
  monitors: ReadonlyArray<{ id: string; tags: string[] }>,
  from: Date,
  to: Date,
) {
  const ids = monitors.map((m) => m.id);
  const tags = [...new Set(monitors.flatMap((m) => m.tags))];
  const rows = await db.$queryRaw<
    Array<Pick<Deploy, 'id' | 'environment' | 'version' | 'status'> & { created_at: Date }>
  >`
    SELECT id::text, environment, version, status, created_at FROM deploys
    WHERE team_id = ${teamId}::uuid AND created_at >= ${from} AND created_at < ${to}
      AND (run_monitor_ids && ${ids}::uuid[] OR run_tags && ${tags}::text[]
        OR (cardinality(run_monitor_ids) = 0 AND cardinality(run_tags) = 0))
    ORDER BY created_at LIMIT 200`;
  return rows.map((r) => ({
    type: 'deploy' as const,
    at: r.created_at.toISOString(),
    id: r.id,
    environment: r.environment,
    version: r.version,
    status: r.status,
  }));
}
