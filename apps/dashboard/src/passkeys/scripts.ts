import { html } from '@pageprobe/html';
import { ASSETS } from '../assets.ts';
import type { PageContext } from '../http/page-context.ts';

/** The two scripts a page with a passkey control loads: the WebAuthn library, then ours (both 'self'). */
export const passkeyScripts = (ctx: PageContext) =>
  html`<script defer src="${ctx.href(ASSETS.webauthn.path)}"></script>
<script type="module" src="${ctx.href(ASSETS.passkeys.path)}"></script>`;
