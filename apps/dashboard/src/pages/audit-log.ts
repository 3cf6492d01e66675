import { auditPage } from '@pageprobe/accounts';
import { html } from '@pageprobe/html';
import type { PageRoute } from '../http/page-context.ts';
import { page } from '../views/layout.ts';
import { teamNav } from './team.ts';

const PER_PAGE = 50;

/** Who acted when no person did: an API key (by its prefix), the admin API or `pnpm admin`. */
const actorOther = (details: unknown) => {
  const { key_prefix, via } = (details ?? {}) as { key_prefix?: string; via?: string };
  if (key_prefix) return html`key <code>${key_prefix}…</code>`;
  return html`<span class="muted">${via ?? 'unknown'}</span>`;
};

/** The team's audit log, newest first, 50 a page (admins and owners). */
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
      const { entries, next } = await auditPage(ctx.deps.db, ctx.session!.teamId!, PER_PAGE, before);
      page(
        ctx,
        'Audit log',
        html`${teamNav(ctx)}<div class="scroll" role="region" tabindex="0" aria-label="Audit log"><table><thead><tr><th>When</th><th>Who</th><th>What</th><th>To what</th><th>From</th></tr></thead><tbody>
${entries.map(
  (
    e,
  ) => html`<tr><td><time datetime="${e.createdAt.toISOString()}">${e.createdAt.toISOString().replace('T', ' ').slice(0, 19)}</time></td>
<td>${e.actorEmail ?? actorOther(e.details)}</td><td><code>${e.action}</code></td><td>${e.target ?? ''}</td>
<td><span title="${e.userAgent ?? ''}">${e.ip ?? ''}</span></td></tr>`,
)}
</tbody></table></div>
${next ? html`<p><a href="${ctx.href(`/audit-log?before=${next}`)}">Older</a></p>` : ''}`,
      );
    },
  },
];
