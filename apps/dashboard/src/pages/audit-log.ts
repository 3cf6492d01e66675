import { html } from '@pageprobe/html';
import type { PageRoute } from '../http/page-context.ts';
import { page } from '../views/layout.ts';
import { auditRows } from './audit-rows.ts';
import { actionWords, actorWords, targetWords } from './audit-words.ts';
import { teamNav } from './team.ts';
import { listTable } from '../views/list-table.ts';

const PER_PAGE = 50;

/** The team's audit log, newest first, 50 a page (admins and owners): who did what to what, in words. */
export const auditLogRoutes: PageRoute[] = [
  {
    method: 'get',
    path: '/audit-log',
    access: 'audit.read',
    async handle(ctx) {
      const before =
        typeof ctx.req.query.before === 'string' && /^[0-9a-f-]{36}$/i.test(ctx.req.query.before)
          ? ctx.req.query.before
          : null;
      const { entries, next } = await auditRows(ctx.deps.db, ctx.session!.teamId!, PER_PAGE, before);
      page(
        ctx,
        'Audit log',
        html`${teamNav(ctx)}${listTable(
          'Audit log',
          [{ head: 'When' }, { head: 'Who' }, { head: 'What' }, { head: 'To what' }, { head: 'From' }],
          entries.map((e) => [
            html`<time datetime="${e.created_at.toISOString()}">${e.created_at.toISOString().replace('T', ' ').slice(0, 19)}</time>`,
            actorWords(e),
            html`${actionWords(e.action)} <code class="action">${e.action}</code>`,
            targetWords(ctx, e),
            html`<span title="${e.user_agent ?? ''}">${e.ip ?? ''}</span>`,
          ]),
          'audit',
        )}
${next ? html`<p><a href="${ctx.href(`/audit-log?before=${next}`)}">Older</a></p>` : ''}`,
      );
    },
  },
];
