import { html } from '@pageprobe/html';
import type { PageContext } from '../http/page-context.ts';

/** Under the sign-in form: the way back in without a password, and sign-up where it is open. */
export const gettingInLinks = (ctx: PageContext) =>
  html`<p class="getting-in"><a href="${ctx.href('/forgot-password')}">Forgot your password?</a>${
    ctx.deps.config.SIGNUP === 'open' ? html` · <a href="${ctx.href('/sign-up')}">Sign up</a>` : ''
  }</p>`;
