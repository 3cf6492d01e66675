import { html, type SafeHtml } from '@pageprobe/html';
import type { PageContext } from '../http/page-context.ts';
import { providerOf } from './oidc-provider.ts';

/** A page waits this long for a discovery under way before it shows the button anyway. */
const STATUS_WAIT_MS = 2_000;

/**
 * The sign-in page's "Sign in with SSO": none without OIDC_ISSUER; disabled, and saying so, while the
 * provider cannot be reached. A link shown as a button, not a form: the pages' CSP `form-action 'self'`
 * also covers the redirects of a form's navigation, and the start redirects to the provider's origin.
 * It works without JavaScript and carries no secret.
 */
export async function ssoButton(ctx: PageContext): Promise<SafeHtml | ''> {
  const provider = providerOf(ctx.deps.config, ctx.deps.logger);
  if (!provider) return '';
  const status = await provider.status(STATUS_WAIT_MS);
  return html`<p class="sso">${
    status === 'unavailable'
      ? html`<button type="button" disabled>Sign in with SSO (unavailable)</button>`
      : html`<a class="button" role="button" href="${ctx.href('/auth/oidc/start')}">Sign in with SSO</a>`
  }</p>`;
}
