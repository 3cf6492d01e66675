import { Router } from 'express';
import { requireScope } from '../auth/api-key-auth.ts';
import type { ApiDeps } from '../deps.ts';
import { costsFor, FREE_WINDOW_SECONDS } from '../tests/costs.ts';
import { freeLighthouseAllowance } from '../tests/free-allowance.ts';

export function creditRoutes(deps: ApiDeps): Router {
  const router = Router();
  router.get('/credits', requireScope('read'), async (req, res) => {
    const { teamId } = req.auth!;
    const team = await deps.db.team.findUniqueOrThrow({ where: { id: teamId }, select: { plan: true, creditsBalance: true } });
    let free = null;
    if (team.plan === 'free') {
      const allowance = await freeLighthouseAllowance(deps.db, teamId, deps.config.FREE_LIGHTHOUSE_PER_HOUR);
      free = {
        limit: allowance.limit,
        window_seconds: FREE_WINDOW_SECONDS,
        remaining: allowance.remaining,
        resets_at: allowance.resetsAt?.toISOString() ?? null,
      };
    }
    res.json({ plan: team.plan, credits_balance: team.creditsBalance, costs: costsFor(team.plan), free_lighthouse: free });
  });
  return router;
}
