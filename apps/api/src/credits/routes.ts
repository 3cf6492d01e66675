import { RETENTION } from '@pageprobe/db';
import { Router } from 'express';
import { requireScope } from '../auth/api-key-auth.ts';
import type { ApiDeps } from '../deps.ts';
import { lighthouse } from '@pageprobe/test-kinds';
import { alertQuotaUse, costsFor, remainingAllowance } from '@pageprobe/test-lifecycle';

/** What the plan keeps, and for how long (issue 29). */
function retentionOf(plan: keyof typeof RETENTION) {
  const r = RETENTION[plan];
  return { checks_days: r.checksDays, aggregates_days: r.aggregatesDays, artifacts_days: r.artifactsDays };
}

export function creditRoutes(deps: ApiDeps): Router {
  const router = Router();
  router.get('/credits', requireScope('read'), async (req, res) => {
    const { teamId } = req.auth!;
    const team = await deps.db.team.findUniqueOrThrow({
      where: { id: teamId },
      select: { plan: true, creditsBalance: true },
    });
    // CONTRACT.md names the one allowance there is: lighthouse on the free plan.
    const window = lighthouse.allowance;
    let free = null;
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
    res.json({
      plan: team.plan,
      credits_balance: team.creditsBalance,
      costs: costsFor(team.plan),
      free_lighthouse: free,
      retention: retentionOf(team.plan),
      alert_quota: { messages: quota.messages, emails: quota.emails, resets_at: quota.resetsAt.toISOString() },
    });
  });
  return router;
}
