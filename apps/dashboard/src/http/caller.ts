import type { Caller } from '@pageprobe/services';
import type { PageContext } from './page-context.ts';

/**
 * The signed-in person as the API's services know a caller: their team, its plan and default location
 * (read now, not from the session, so a plan changed a moment ago applies), no key, and the person for
 * the audit log.
 */
export async function callerOf(ctx: PageContext): Promise<Caller> {
  const teamId = ctx.session!.teamId!;
  const team = await ctx.deps.db.team.findUniqueOrThrow({
    where: { id: teamId },
    select: { plan: true, defaultLocation: true },
  });
  return {
    teamId,
    plan: team.plan,
    defaultLocation: team.defaultLocation,
    keyId: null,
    keyPrefix: null,
    actor: ctx.actor,
  };
}
