import { type Plan, RETENTION } from '@pageprobe/db';
import { lighthouse } from '@pageprobe/test-kinds';
import { alertQuotaUse, costsFor, remainingAllowance } from '@pageprobe/test-lifecycle';
import type { ServiceDeps } from '../deps.ts';
import { ProblemError } from '../problem.ts';

/** What GET /credits answers: the balance, the plan, what it costs and what it keeps (issues 29, 44). */
export interface CreditsView {
  plan: Plan;
  credits_balance: number;
  costs: ReturnType<typeof costsFor>;
  free_lighthouse: { limit: number; window_seconds: number; remaining: number; resets_at: string | null } | null;
  retention: { checks_days: number; aggregates_days: number; artifacts_days: number };
  alert_quota: {
    messages: { limit: number; used: number; remaining: number };
    emails: { limit: number; used: number; remaining: number };
    resets_at: string;
  };
}

/** What the plan keeps, and for how long (issue 29). */
function retentionOf(plan: Plan) {
  const r = RETENTION[plan];
  return { checks_days: r.checksDays, aggregates_days: r.aggregatesDays, artifacts_days: r.artifactsDays };
}

/**
 * The team's credits and plan, as GET /credits and the dashboard's overview (issue 46) show them: the
 * balance, the costs, the free lighthouse allowance left, what the plan keeps and the alert quota's use.
 */
export async function creditsOf(deps: Pick<ServiceDeps, 'db' | 'config'>, teamId: string): Promise<CreditsView> {
  const team = await deps.db.team.findUniqueOrThrow({
    where: { id: teamId },
    select: { plan: true, creditsBalance: true },
  });
  // CONTRACT.md names the one allowance there is: lighthouse on the free plan.
  const window = lighthouse.allowance;
  let free: CreditsView['free_lighthouse'] = null;
  if (window && team.plan === window.plan) {
    const allowance = await remainingAllowance(deps.db, teamId, lighthouse.name, {
      limit: deps.config.FREE_LIGHTHOUSE_PER_HOUR,
      windowSeconds: window.windowSeconds,
    });
    free = {
      limit: allowance.limit,
      window_seconds: window.windowSeconds,
      remaining: allowance.remaining,
      resets_at: allowance.resetsAt?.toISOString() ?? null,
    };
  }
  // What the team's alerts may send this hour, and have sent (issue 44).
  const quota = await alertQuotaUse(deps.db, teamId, team.plan);
  return {
    plan: team.plan,
    credits_balance: team.creditsBalance,
    costs: costsFor(team.plan),
    free_lighthouse: free,
    retention: retentionOf(team.plan),
    alert_quota: { messages: quota.messages, emails: quota.emails, resets_at: quota.resetsAt.toISOString() },
  };
}

/** One entry of the team's credit ledger: a grant, a test's debit or its refund. */
export interface LedgerEntryView {
  id: string;
  delta: number;
  balance_after: number;
  reason: string;
  test_id: string | null;
  created_at: string;
}

/** The ledger's cursor: the id of the last entry of a page (ids only grow, so newest first is id order). */
const encodeLedgerCursor = (id: bigint) => Buffer.from(`l${id}`).toString('base64url');

function decodeLedgerCursor(cursor: string): bigint {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  if (!/^l[1-9][0-9]{0,18}$/.test(text)) {
    throw new ProblemError(400, 'validation_failed', 'cursor is not a next_cursor this service gave out.', {
      errors: [{ path: 'query.cursor', message: 'is not a valid cursor' }],
    });
  }
  return BigInt(text.slice(1));
}

/**
 * A page of the team's credit ledger, newest first, keyset by id on its (team_id, id) index: a page costs
 * the same at the millionth entry as at the first.
 */
export async function ledgerPage(
  deps: Pick<ServiceDeps, 'db'>,
  teamId: string,
  { cursor, limit = 50 }: { cursor?: string; limit?: number } = {},
): Promise<{ data: LedgerEntryView[]; next_cursor: string | null }> {
  const before = cursor ? decodeLedgerCursor(cursor) : null;
  const rows = await deps.db.creditLedgerEntry.findMany({
    where: { teamId, ...(before === null ? {} : { id: { lt: before } }) },
    orderBy: { id: 'desc' },
    take: limit + 1,
  });
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    data: page.map((r) => ({
      id: String(r.id),
      delta: r.delta,
      balance_after: r.balanceAfter,
      reason: r.reason,
      test_id: r.testId,
      created_at: r.createdAt.toISOString(),
    })),
    next_cursor: rows.length > limit && last ? encodeLedgerCursor(last.id) : null,
  };
}
