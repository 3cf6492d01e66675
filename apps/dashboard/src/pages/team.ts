import type { Permission } from '@pageprobe/accounts';
import { ledgerPage, ProblemError } from '@pageprobe/services';
import { html, type SafeHtml } from '@pageprobe/html';
import type { PageContext, PageRoute } from '../http/page-context.ts';
import { form, may, page, problem } from '../views/layout.ts';
import { when } from './home.ts';
import { listTable } from '../views/list-table.ts';

/** The team's pages (issue 46), each shown to who may open it. */
export const TEAM_LINKS: ReadonlyArray<{ path: string; name: string; access: Permission; about: string }> = [
  { path: '/members', name: 'Members', access: 'team.read', about: 'Who is in the team, their roles, invitations.' },
  {
    path: '/keys',
    name: 'API and MCP access',
    access: 'keys.manage',
    about: 'Keys for the API, the CLI and MCP clients.',
  },
  {
    path: '/webhook-secret',
    name: 'Webhook secret',
    access: 'webhook-secret.manage',
    about: 'The secret that signs callbacks and webhook alerts.',
  },
  {
    path: '/variables',
    name: 'Variables',
    access: 'team.read',
    about: 'Values and secrets the checks use as {{vars.NAME}} and {{secrets.NAME}}.',
  },
  { path: '/audit-log', name: 'Audit log', access: 'audit.read', about: 'Every change made in the team, by whom.' },
  {
    path: '/team/settings',
    name: 'Settings',
    access: 'members.manage',
    about: 'The team’s name, its default location, deleting it.',
  },
  {
    path: '/team/credits',
    name: 'Credit ledger',
    access: 'team.read',
    about: 'Every credit granted, spent and refunded.',
  },
];

/** The team's sub-navigation, on each of its pages; the current one marked. */
export function teamNav(ctx: PageContext): SafeHtml {
  const here = ctx.req.path;
  return html`<nav aria-label="Team" class="subnav"><ul>${TEAM_LINKS.filter((l) => may(ctx, l.access)).map(
    (l) =>
      html`<li><a href="${ctx.href(l.path)}"${here === l.path ? html` aria-current="page"` : ''}>${l.name}</a></li>`,
  )}</ul></nav>`;
}

const LEDGER_PAGE = 50;

/** A ledger entry's reason as people read it: a test's debit or refund links to the test. */
const reasonOf = (ctx: PageContext, reason: string, testId: string | null) =>
  testId ? html`${reason} (<a href="${ctx.href(`/tests/${testId}`)}">test</a>)` : reason;

async function ledgerView(ctx: PageContext) {
  const teamId = ctx.session!.teamId!;
  const cursor = typeof ctx.req.query.cursor === 'string' ? ctx.req.query.cursor : undefined;
  let result: Awaited<ReturnType<typeof ledgerPage>>;
  try {
    result = await ledgerPage(ctx.deps, teamId, { cursor, limit: LEDGER_PAGE });
  } catch (error) {
    if (!(error instanceof ProblemError)) throw error;
    return page(
      ctx,
      'Credit ledger',
      html`${teamNav(ctx)}${problem('That page of the ledger does not exist.')}
<p><a href="${ctx.href('/team/credits')}">The newest entries</a></p>`,
      400,
    );
  }
  const team = await ctx.deps.db.team.findUniqueOrThrow({ where: { id: teamId }, select: { creditsBalance: true } });
  page(
    ctx,
    'Credit ledger',
    html`${teamNav(ctx)}
<p>Balance: <strong data-testid="balance">${team.creditsBalance.toLocaleString('en')}</strong> credits.</p>
${
  result.data.length
    ? listTable(
        'Credit ledger',
        [{ head: 'When' }, { head: 'Change', num: true }, { head: 'Balance after', num: true }, { head: 'Why' }],
        result.data.map((e) => [
          when(new Date(e.created_at)),
          e.delta > 0 ? `+${e.delta}` : String(e.delta),
          e.balance_after.toLocaleString('en'),
          reasonOf(ctx, e.reason, e.test_id),
        ]),
      )
    : html`<p class="muted">No entries${cursor ? ' past these' : ' yet'}.</p>`
}
<p>${cursor ? html`<a href="${ctx.href('/team/credits')}">Newest</a> ` : ''}${
      result.next_cursor
        ? html`<a href="${ctx.href(`/team/credits?cursor=${encodeURIComponent(result.next_cursor)}`)}" rel="next">Older</a>`
        : ''
    }</p>`,
  );
}

/** The team hub (issue 46): its pages, each shown to who may open it, and the credit ledger. */
export const teamHubRoutes: PageRoute[] = [
  {
    method: 'get',
    path: '/team',
    access: 'team.read',
    async handle(ctx) {
      const links = TEAM_LINKS.filter((l) => may(ctx, l.access));
      const mine = await ctx.deps.db.membership.findUnique({
        where: { teamId_userId: { teamId: ctx.session!.teamId!, userId: ctx.session!.userId } },
        select: { monthlyReport: true },
      });
      page(
        ctx,
        'Team',
        html`<nav aria-label="Team" class="hub"><ul>
${links.map((l) => html`<li><a href="${ctx.href(l.path)}">${l.name}</a><br><span class="muted">${l.about}</span></li>`)}
</ul></nav>
<h2>Monthly report</h2>
${form(
  ctx,
  '/team/monthly-report',
  html`<p><label class="check"><input type="checkbox" name="monthly_report" value="yes"${mine?.monthlyReport ? html` checked` : ''}> Mail me the team's uptime report at the start of each month</label></p><p><button type="submit" class="secondary">Save</button></p>`,
)}`,
      );
    },
  },
  {
    // Issue 58: a member's own choice, whatever their role.
    method: 'post',
    path: '/team/monthly-report',
    access: 'team.read',
    async handle(ctx) {
      await ctx.deps.db.membership.update({
        where: { teamId_userId: { teamId: ctx.session!.teamId!, userId: ctx.session!.userId } },
        data: { monthlyReport: ctx.req.body?.monthly_report === 'yes' },
      });
      ctx.res.redirect(303, ctx.href('/team'));
    },
  },
  { method: 'get', path: '/team/credits', access: 'team.read', handle: ledgerView },
];
