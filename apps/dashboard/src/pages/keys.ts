import { alertLinks } from '../http/alert-links.ts';
import { audit, createApiKey, KeyExpiryInPast, keyRevokedChannel, revokeApiKey } from '@pageprobe/accounts';
import type { KeyScope } from '@pageprobe/db';
import { html, type SafeHtml } from '@pageprobe/html';
import type { PageContext, PageRoute } from '../http/page-context.ts';
import { confirmed, confirmPage, dangerButton } from '../views/confirm.ts';
import { field, form, page, problem } from '../views/layout.ts';
import { listTable } from '../views/list-table.ts';
import { teamNav } from './team.ts';

const day = (d: Date | null) => (d ? d.toISOString().slice(0, 10) : '');

/** The keys page: the team's keys and the form that makes one; after a make, the new key once. */
async function keysPage(ctx: PageContext, top: SafeHtml | string = '', status = 200) {
  const keys = await ctx.deps.db.apiKey.findMany({
    where: { teamId: ctx.session!.teamId! },
    include: { createdBy: { select: { email: true } } },
    orderBy: { createdAt: 'desc' },
  });
  page(
    ctx,
    'API and MCP access',
    html`${teamNav(ctx)}${top}
<p>Callbacks and webhook alerts are signed with the team's <a href="${ctx.href('/webhook-secret')}">webhook secret</a>.</p>
<h2>Make a key</h2>
${form(
  ctx,
  '/keys',
  html`${field('Name', 'name', 'text', html`maxlength="100" required`)}
<fieldset><legend>Scope</legend>
<label><input type="radio" name="scope" value="read" checked> Read: get tests, monitors and usage</label>
<label><input type="radio" name="scope" value="write"> Write: also start tests and change monitors</label>
</fieldset>
${field('Expires on (optional)', 'expires_on', 'date')}
<p><button type="submit">Create key</button></p>`,
)}
<h2>Keys</h2>
${listTable(
  'Keys',
  [
    { head: 'Key' },
    { head: 'Name' },
    { head: 'Scope' },
    { head: 'Made by' },
    { head: 'Created' },
    { head: 'Last used' },
    { head: 'Expires' },
    { head: 'Revoke', hidden: true },
  ],
  keys.map((k) => [
    html`<code>${k.prefix}…</code>`,
    { content: k.name ?? '', id: `key-${k.id}` },
    k.scope,
    k.createdBy?.email ?? html`<span class="muted">admin API</span>`,
    day(k.createdAt),
    day(k.lastUsedAt) || html`<span class="muted">never</span>`,
    day(k.expiresAt),
    k.revokedAt
      ? html`<span class="muted">Revoked ${day(k.revokedAt)}</span>`
      : form(
          ctx,
          `/keys/${k.id}/revoke`,
          dangerButton('Revoke', html`aria-describedby="key-${k.id}"`),
          html`class="inline"`,
        ),
  ]),
)}`,
    status,
  );
}

/** The new key, shown once, with a copy button and what to paste where. */
function newKey(ctx: PageContext, key: string): SafeHtml {
  const api = ctx.deps.config.PUBLIC_BASE_URL;
  const mcp = JSON.stringify(
    { mcpServers: { pageprobe: { type: 'http', url: `${api}/mcp`, headers: { Authorization: `Bearer ${key}` } } } },
    null,
    2,
  );
  return html`<section aria-labelledby="new-key-title"><h2 id="new-key-title">Your new key</h2>
<p>Copy it now: it is not shown again.</p>
<pre><code id="key-value" data-testid="new-key">${key}</code></pre>
<button type="button" data-copy="key-value" hidden>Copy</button>
<h3>curl</h3><pre><code>curl -s ${api}/api/v1/credits -H 'Authorization: Bearer ${key}'</code></pre>
<h3>The CLI</h3><pre><code>export PAGEPROBE_API_URL=${api}
export PAGEPROBE_API_KEY=${key}
npx @pageprobe/cli test https://example.com</code></pre>
<h3>An MCP client (remote, at /mcp)</h3><pre><code>${mcp}</code></pre>
</section>`;
}

export const keyRoutes: PageRoute[] = [
  { method: 'get', path: '/keys', access: 'keys.manage', handle: (ctx) => keysPage(ctx) },
  {
    method: 'post',
    path: '/keys',
    access: 'keys.manage',
    async handle(ctx) {
      const name = String(ctx.req.body.name ?? '')
        .trim()
        .slice(0, 100);
      const scope: KeyScope = ctx.req.body.scope === 'write' ? 'write' : 'read';
      const expiresOn = String(ctx.req.body.expires_on ?? '');
      const expiresAt = /^\d{4}-\d{2}-\d{2}$/.test(expiresOn) ? new Date(`${expiresOn}T23:59:59Z`) : null;
      if (!name) return keysPage(ctx, problem('Give the key a name.'), 400);
      try {
        const teamId = ctx.session!.teamId!;
        const { row, key } = await createApiKey(ctx.deps.db, {
          teamId,
          scope,
          name,
          expiresAt,
          createdById: ctx.session!.userId,
        });
        await audit(ctx.deps.db, ctx.actor, {
          teamId,
          action: 'key.created',
          target: row.prefix,
          details: { name, scope },
        });
        await keysPage(ctx, newKey(ctx, key), 201);
      } catch (error) {
        if (!(error instanceof KeyExpiryInPast)) throw error;
        await keysPage(ctx, problem('The expiry must be in the future.'), 400);
      }
    },
  },
  {
    method: 'post',
    path: '/keys/:id/revoke',
    access: 'keys.manage',
    async handle(ctx) {
      const teamId = ctx.session!.teamId!;
      const id = String(ctx.req.params.id);
      const key = /^[0-9a-f-]{36}$/i.test(id)
        ? await ctx.deps.db.apiKey.findFirst({ where: { id, teamId, revokedAt: null } })
        : null;
      if (key && !confirmed(ctx))
        return confirmPage(ctx, {
          title: `Revoke the key ${key.name ?? `${key.prefix}…`}?`,
          consequence: `It stops working at once on every API replica, and any monitors made with it pause. This cannot be undone.`,
          action: `/keys/${id}/revoke`,
          button: 'Revoke the key',
          back: '/keys',
        });
      const revoked = key ? await revokeApiKey(ctx.deps.db, id, alertLinks(ctx.deps.config), teamId) : null;
      if (!revoked) return keysPage(ctx, problem('No such key in this team.'), 404);
      // Every API replica forgets the key at once (their caches bound it to a few seconds without Redis).
      await ctx.deps.redis.publish(keyRevokedChannel(ctx.deps.config.QUEUE_PREFIX), id).catch(() => 0);
      await audit(ctx.deps.db, ctx.actor, {
        teamId,
        action: 'key.revoked',
        target: id,
        details: { paused_monitors: revoked.pausedMonitors.length },
      });
      ctx.res.redirect(303, ctx.href('/keys'));
    },
  },
];
