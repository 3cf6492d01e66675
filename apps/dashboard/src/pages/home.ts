import { html } from '@pageprobe/test-kinds';
import type { PageRoute } from '../http/page-context.ts';
import { page } from '../views/layout.ts';

/** The entry page: the team worked in now (the dashboard's overview comes with issue 46). */
export const homeRoutes: PageRoute[] = [
  {
    method: 'get',
    path: '/',
    access: 'signed-in',
    async handle(ctx) {
      const session = ctx.session!;
      if (!session.teamId) {
        page(ctx, 'Welcome', html`<p>You are in no team yet. Ask a team's admin for an invitation.</p>`);
        return;
      }
      const team = await ctx.deps.db.team.findUniqueOrThrow({ where: { id: session.teamId } });
      page(
        ctx,
        team.name,
        html`<dl>
<dt>Your role</dt><dd>${session.role}</dd>
<dt>Plan</dt><dd>${team.plan}</dd>
<dt>Credits</dt><dd>${team.creditsBalance}</dd>
</dl>`,
      );
    },
  },
];
