import { audit } from '@pageprobe/accounts';
import { html, type SafeHtml } from '@pageprobe/html';
import {
  DEFAULT_OVERLAP_SECONDS,
  generateWebhookSecret,
  MAX_OVERLAP_SECONDS,
  removeWebhookSecret,
  rotateWebhookSecret,
  WebhookSecretError,
  webhookSecretStatus,
} from '@pageprobe/webhook-secrets';
import type { PageContext, PageRoute } from '../http/page-context.ts';
import { confirmed, confirmPage, dangerButton } from '../views/confirm.ts';
import { field, form, page, problem } from '../views/layout.ts';
import { teamNav } from './team.ts';

// The team's webhook secret (issue 45: "a team generates a webhook secret in the dashboard"), through the
// same domain functions as the admin API and `pnpm admin`, so the rules are theirs: generate replaces at
// once, rotate keeps the old secret signing beside the new one for the overlap, remove signs nothing.

const HOUR = 3600;
const DEFAULT_HOURS = DEFAULT_OVERLAP_SECONDS / HOUR;
const MAX_HOURS = MAX_OVERLAP_SECONDS / HOUR;

const when = (d: Date) => `${d.toISOString().replace('T', ' ').slice(0, 16)} UTC`;

/** The page: whether there is a secret, the overlap running if any, and what may be done now. */
async function secretPage(ctx: PageContext, top: SafeHtml | string = '', status = 200) {
  const { configured, previousExpiresAt } = await webhookSecretStatus(ctx.deps.db, ctx.session!.teamId!);
  const state = !configured
    ? html`<p>The team has no webhook secret: callbacks and webhook alerts are sent without a signature.</p>`
    : previousExpiresAt
      ? html`<p>The team has a webhook secret. The one it replaced keeps signing beside it until
<time datetime="${previousExpiresAt.toISOString()}">${when(previousExpiresAt)}</time>.</p>`
      : html`<p>The team has a webhook secret (it is not shown again).</p>`;
  const actions = !configured
    ? form(ctx, '/webhook-secret/generate', html`<p><button type="submit">Generate secret</button></p>`)
    : html`<h2>Rotate</h2>
<p>A new secret replaces this one, and the old one keeps working for the overlap: until it ends, every callback's
<code>X-Service-Signature</code> carries two signatures, <code>t=…,v1=&lt;new&gt;,v1=&lt;old&gt;</code> (as Stripe
signs), and either secret verifies it. Move your receivers to the new secret within the overlap.</p>
${form(
  ctx,
  '/webhook-secret/rotate',
  html`${field('Overlap in hours', 'overlap_hours', 'number', html`min="1" max="${MAX_HOURS}" step="1" value="${DEFAULT_HOURS}" required`)}
<p><button type="submit">Rotate secret</button></p>`,
)}
<h2>Replace or remove</h2>
<p>If the secret has leaked, replace it without an overlap: callbacks signed with it stop at once.</p>
${form(ctx, '/webhook-secret/generate', html`<p><button type="submit" class="secondary">Replace secret now</button></p>`)}
${form(ctx, '/webhook-secret/remove', html`<p>${dangerButton('Remove secret')}</p>`)}`;
  page(ctx, 'Webhook secret', html`${teamNav(ctx)}${top}${state}${actions}`, status);
}

/** The new secret, shown once, with a copy button. */
const newSecret = (secret: string) => html`<section aria-labelledby="new-secret-title">
<h2 id="new-secret-title">Your new webhook secret</h2>
<p>Copy it now: it is not shown again. Verify callbacks with it (<code>@pageprobe/webhook-verify</code>, or any
Stripe-style verifier).</p>
<pre><code id="secret-value" data-testid="new-webhook-secret">${secret}</code></pre>
<button type="button" data-copy="secret-value" hidden>Copy</button>
</section>`;

export const webhookSecretRoutes: PageRoute[] = [
  { method: 'get', path: '/webhook-secret', access: 'webhook-secret.manage', handle: (ctx) => secretPage(ctx) },
  {
    method: 'post',
    path: '/webhook-secret/generate',
    access: 'webhook-secret.manage',
    async handle(ctx) {
      const teamId = ctx.session!.teamId!;
      const { configured } = await webhookSecretStatus(ctx.deps.db, teamId);
      const { secret } = await generateWebhookSecret(ctx.deps.db, teamId);
      await audit(ctx.deps.db, ctx.actor, {
        teamId,
        action: 'webhook_secret.generated',
        details: { replaced: configured },
      });
      await secretPage(ctx, newSecret(secret), 201);
    },
  },
  {
    method: 'post',
    path: '/webhook-secret/rotate',
    access: 'webhook-secret.manage',
    async handle(ctx) {
      const teamId = ctx.session!.teamId!;
      const hours = Number(ctx.req.body.overlap_hours ?? DEFAULT_HOURS);
      if (!Number.isInteger(hours) || hours < 1 || hours > MAX_HOURS) {
        return secretPage(ctx, problem(`The overlap is a whole number of hours from 1 to ${MAX_HOURS}.`), 400);
      }
      const rotated = await rotateWebhookSecret(ctx.deps.db, teamId, { overlapSeconds: hours * HOUR }).catch(
        (error: unknown) => {
          // Removed in another tab meanwhile: nothing to rotate.
          if (error instanceof WebhookSecretError && error.code === 'no_webhook_secret') return null;
          throw error;
        },
      );
      if (!rotated) return secretPage(ctx, problem('There is no secret to rotate: generate one.'), 409);
      const { secret, previousExpiresAt } = rotated;
      await audit(ctx.deps.db, ctx.actor, {
        teamId,
        action: 'webhook_secret.rotated',
        details: { overlap_seconds: hours * HOUR, previous_expires_at: previousExpiresAt.toISOString() },
      });
      await secretPage(ctx, newSecret(secret));
    },
  },
  {
    method: 'post',
    path: '/webhook-secret/remove',
    access: 'webhook-secret.manage',
    async handle(ctx) {
      const teamId = ctx.session!.teamId!;
      if (!confirmed(ctx))
        return confirmPage(ctx, {
          title: 'Remove the webhook secret?',
          consequence:
            'Callbacks and webhook alerts go out unsigned from now on, and receivers that verify them refuse them.',
          action: '/webhook-secret/remove',
          button: 'Remove the webhook secret',
          back: '/webhook-secret',
        });
      await removeWebhookSecret(ctx.deps.db, teamId);
      await audit(ctx.deps.db, ctx.actor, { teamId, action: 'webhook_secret.removed' });
      ctx.res.redirect(303, ctx.href('/webhook-secret'));
    },
  },
];
