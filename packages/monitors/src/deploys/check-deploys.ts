import type { CallbackDelivery, Db, Deploy, Prisma, Test } from '@pageprobe/db';
import { runsChecks } from '@pageprobe/test-kinds';
import {
  type AlertLinkBases,
  compareReportUrl,
  dashboardDeployUrl,
  dashboardMonitorUrl,
} from '@pageprobe/test-lifecycle';
import { REASONS } from '../checks/check-row.ts';
import { checkVerdict, type DeployCheck, deployStatus, pendingCheck, testVerdict } from './deploy-verdict.ts';

// Issue 62: the dispatcher's sweep decides the deploys still checking. Each monitor a deploy named ran at
// once (its next_run_at set to the deploy's time); its first run after the deploy, once finished, is
// judged against its last run before. When none is pending, the deploy gets its status and deploy.checked
// goes to the channels of its monitors and to its callback_url, in the same transaction as the status
// (whichever dispatcher's sweep gets there first: the update is conditional on `checking`).

/** A monitor with no finished run this long after the deploy counts as failed (its run never came). */
export const DEPLOY_CHECK_TIMEOUT_MS = 30 * 60_000;
/** Deploys one sweep looks at. */
const BATCH = 50;

export const DEPLOY_CHECKED = 'deploy.checked';

const asChecks = (json: unknown) => (Array.isArray(json) ? (json as DeployCheck[]) : []);

/**
 * A monitor whose run was still in flight when the deploy made it due had that slot skipped (a run at a
 * time), and its next slot is half an interval on: once it is free and no run of it has started since the
 * deploy, it is made due again.
 */
async function dueAgain(db: Db, deploy: Deploy, monitorId: string, startedSince: boolean): Promise<void> {
  if (startedSince) return;
  await db.$executeRaw`
    UPDATE monitors SET next_run_at = now()
    WHERE id = ${monitorId}::uuid AND running_since IS NULL AND status = 'active' AND deleted_at IS NULL
      AND next_run_at > now() AND coalesce(last_run_at, '-infinity') < ${deploy.createdAt}`;
}

/** One monitor's check, decided if its run after the deploy has finished. */
async function decide(db: Db, deploy: Deploy, check: DeployCheck, type: string): Promise<DeployCheck> {
  if (runsChecks(type)) {
    const [row] = await db.$queryRaw<Array<{ at: Date; up: boolean; degraded: boolean; reason: number | null }>>`
      SELECT at, up, coalesce(degraded, false) AS degraded, reason FROM monitoring.checks
      WHERE monitor_id = ${check.monitor_id}::uuid AND at >= ${deploy.createdAt}
      ORDER BY at LIMIT 1`;
    if (!row) {
      await dueAgain(db, deploy, check.monitor_id, false);
      return check;
    }
    return checkVerdict(check.monitor_id, { ...row, reason: row.reason ? (REASONS[row.reason - 1] ?? null) : null });
  }
  const runs = await db.test.findMany({
    where: { monitorId: check.monitor_id, createdAt: { gte: deploy.createdAt } },
    orderBy: { createdAt: 'asc' },
    take: 1,
  });
  const after = runs[0];
  if (!after || (after.status !== 'completed' && after.status !== 'failed')) {
    await dueAgain(db, deploy, check.monitor_id, after !== undefined);
    return check;
  }
  const before = await db.test.findFirst({
    where: { monitorId: check.monitor_id, createdAt: { lt: deploy.createdAt }, status: 'completed' },
    orderBy: { createdAt: 'desc' },
  });
  return testVerdict(check.monitor_id, after, before);
}

/** The body of deploy.checked (serialised once: the bytes stored are the bytes signed and sent). */
function serialiseChecked(
  deploy: Deploy,
  status: string,
  checks: DeployCheck[],
  monitors: Map<string, { name: string | null; url: string }>,
  tests: Map<string, Pick<Test, 'reportToken'>>,
  links: AlertLinkBases,
  checkedAt: Date,
): string {
  return JSON.stringify({
    event: DEPLOY_CHECKED,
    deploy: {
      id: deploy.id,
      environment: deploy.environment,
      version: deploy.version,
      commit: deploy.commit || null,
      url: deploy.url,
      status,
      created_at: deploy.createdAt.toISOString(),
      checked_at: checkedAt.toISOString(),
      dashboard_url: dashboardDeployUrl(links.dashboardBaseUrl, deploy.id),
    },
    checks: checks.map((c) => {
      const m = monitors.get(c.monitor_id);
      const head = c.after_test_id ? tests.get(c.after_test_id) : undefined;
      const base = c.before_test_id ? tests.get(c.before_test_id) : undefined;
      return {
        ...c,
        monitor_name: m ? (m.name ?? m.url) : null,
        monitor_url: m?.url ?? null,
        dashboard_url: dashboardMonitorUrl(links.dashboardBaseUrl, c.monitor_id),
        compare_url: head && base ? compareReportUrl(links.publicBaseUrl, head, base) : null,
      };
    }),
  });
}

/** Decides the deploys still checking; returns the deliveries of those decided, for their jobs. */
export async function checkDeploys(db: Db, links: AlertLinkBases, now = new Date()): Promise<CallbackDelivery[]> {
  const open = await db.deploy.findMany({ where: { status: 'checking' }, orderBy: { createdAt: 'asc' }, take: BATCH });
  const out: CallbackDelivery[] = [];
  for (const deploy of open) {
    const before = asChecks(deploy.checks);
    const ids = before.map((c) => c.monitor_id);
    const monitors = await db.monitor.findMany({
      where: { id: { in: ids } },
      select: { id: true, type: true, name: true, url: true },
    });
    const byId = new Map(monitors.map((m) => [m.id, m]));
    const late = now.getTime() - deploy.createdAt.getTime() > DEPLOY_CHECK_TIMEOUT_MS;
    const checks: DeployCheck[] = [];
    for (const c of before) {
      const m = byId.get(c.monitor_id);
      let next = c.verdict === 'pending' && m ? await decide(db, deploy, c, m.type) : c;
      if (next.verdict === 'pending' && (late || !m)) {
        next = {
          ...pendingCheck(c.monitor_id),
          verdict: 'failed',
          reason: m ? 'no run finished within 30 minutes of the deploy' : 'the monitor was deleted',
        };
      }
      checks.push(next);
    }
    const status = deployStatus(checks);
    if (status === 'checking') {
      // Keep what is decided so far (the API shows each monitor's verdict as it comes).
      if (JSON.stringify(checks) !== JSON.stringify(before)) {
        await db.deploy.updateMany({
          where: { id: deploy.id, status: 'checking' },
          data: { checks: checks as unknown as Prisma.InputJsonArray },
        });
      }
      continue;
    }
    const testIds = checks.flatMap((c) => [c.after_test_id, c.before_test_id]).filter((t): t is string => !!t);
    const tests = new Map(
      (await db.test.findMany({ where: { id: { in: testIds } }, select: { id: true, reportToken: true } })).map((t) => [
        t.id,
        t,
      ]),
    );
    const checkedAt = new Date();
    const payload = serialiseChecked(deploy, status, checks, byId, tests, links, checkedAt);
    const delivered = await db.$transaction(async (tx) => {
      const { count } = await tx.deploy.updateMany({
        where: { id: deploy.id, status: 'checking' },
        data: { status, checks: checks as unknown as Prisma.InputJsonArray, checkedAt },
      });
      if (count === 0) return []; // another dispatcher decided it first
      const channels = await tx.monitorAlertChannel.findMany({
        where: { monitorId: { in: ids } },
        select: { channelId: true },
        distinct: ['channelId'],
      });
      const common = { teamId: deploy.teamId, deployId: deploy.id, event: DEPLOY_CHECKED, payload };
      const data = [
        ...(deploy.callbackUrl ? [{ ...common, url: deploy.callbackUrl }] : []),
        ...channels.map(({ channelId }) => ({ ...common, channelId })),
      ];
      return data.length ? tx.callbackDelivery.createManyAndReturn({ data }) : [];
    });
    out.push(...delivered);
  }
  return out;
}
