import { audit, findPasskey, recordPasskeyUse } from '@pageprobe/accounts';
import { html } from '@pageprobe/html';
import { generateAuthenticationOptions, verifyAuthenticationResponse } from '@simplewebauthn/server';
import type { PageContext, PageRoute } from '../http/page-context.ts';
import { keepChallenge, takeChallenge } from '../passkeys/challenges.ts';
import { authenticationResponse } from '../passkeys/credential-json.ts';
import { relyingParty } from '../passkeys/relying-party.ts';
import { passkeyScripts } from '../passkeys/scripts.ts';
import { signIn } from './sign-in.ts';

// Signing in with a passkey alone (issue 45): a discoverable-credential ceremony, so nobody types an
// address; the authenticator offers the person's passkeys for this site and says whose the chosen one is.
// Both endpoints are public; the app refuses them from other sites as it refuses any POST.

const answer = (ctx: PageContext, status: number, body: object) => void ctx.res.status(status).json(body);

/** The sign-in page's passkey button (shown once the script finds WebAuthn) and where its errors go. */
export const passkeySignInButton = (ctx: PageContext) =>
  html`<p><button type="button" class="secondary" hidden data-passkey-sign-in data-status="passkey-sign-in-status" data-options="${ctx.href('/sign-in/passkey/options')}" data-verify="${ctx.href('/sign-in/passkey')}">Sign in with a passkey</button></p>
<p class="problem" role="alert" id="passkey-sign-in-status" hidden></p>
${passkeyScripts(ctx)}`;

/** One answer for every refusal (unknown passkey, bad signature, replayed counter), audited. */
async function refuse(ctx: PageContext, user: { id: string; email: string } | null, reason: string) {
  const teams = user ? await ctx.deps.db.membership.findMany({ where: { userId: user.id } }) : [];
  for (const teamId of teams.length ? teams.map((t) => t.teamId) : [null]) {
    await audit(
      ctx.deps.db,
      { ...ctx.actor, id: user?.id, email: user?.email },
      { teamId, action: 'sign_in_failed', details: { method: 'passkey', reason } },
    );
  }
  answer(ctx, 401, { error: 'This passkey could not sign you in.' });
}

export const passkeySignInRoutes: PageRoute[] = [
  {
    method: 'post',
    path: '/sign-in/passkey/options',
    access: 'public',
    async handle(ctx) {
      const options = await generateAuthenticationOptions({
        rpID: relyingParty(ctx.deps.config).id,
        userVerification: 'preferred',
        // No allow list: the credential is discoverable, the authenticator knows whose it is.
        allowCredentials: [],
      });
      await keepChallenge(ctx, { kind: 'sign-in', challenge: options.challenge });
      answer(ctx, 200, options);
    },
  },
  {
    method: 'post',
    path: '/sign-in/passkey',
    access: 'public',
    async handle(ctx) {
      const pending = await takeChallenge(ctx, 'sign-in');
      if (!pending) return answer(ctx, 400, { error: 'This request has expired: try again.' });
      const response = authenticationResponse(ctx.req.body.response);
      if (!response) return answer(ctx, 400, { error: 'The browser sent no passkey.' });
      const passkey = await findPasskey(ctx.deps.db, response.id);
      if (!passkey) return refuse(ctx, null, 'unknown_passkey');
      // The user handle, when the authenticator gives one, must name the passkey's owner.
      const handle = response.response.userHandle;
      if (handle && handle !== Buffer.from(passkey.userId).toString('base64url'))
        return refuse(ctx, passkey.user, 'wrong_user_handle');
      const rp = relyingParty(ctx.deps.config);
      const verification = await verifyAuthenticationResponse({
        response,
        expectedChallenge: pending.challenge,
        expectedOrigin: rp.origin,
        expectedRPID: rp.id,
        credential: {
          id: passkey.id,
          publicKey: new Uint8Array(passkey.publicKey),
          counter: Number(passkey.counter),
          transports: passkey.transports,
        },
        requireUserVerification: false,
      }).catch((error: Error) => {
        ctx.deps.logger.info({ err: error.message }, 'passkey sign-in refused');
        return null;
      });
      if (!verification?.verified) return refuse(ctx, passkey.user, 'not_verified');
      await recordPasskeyUse(ctx.deps.db, passkey.id, verification.authenticationInfo.newCounter);
      await signIn(ctx, passkey.user, 'passkey');
      answer(ctx, 200, { redirect: ctx.href('/') });
    },
  },
];
