import { audit } from '@pageprobe/accounts';
import * as oidc from 'openid-client';
import type { PageContext, PageRoute } from '../http/page-context.ts';
import { beginFlow, takeFlow } from '../sso/oidc-flow.ts';
import { providerOf, redirectUri } from '../sso/oidc-provider.ts';
import { matchPerson, type SsoClaims, type SsoRefusal } from '../sso/sso-person.ts';
import { message } from '../views/layout.ts';
import { signIn, signInPage } from './sign-in.ts';

// Sign-in with OpenID Connect (issue 45): the authorization code flow with PKCE (S256), state and nonce,
// all three kept on the server (sso/oidc-flow.ts) and checked by openid-client when the provider sends the
// person back. What went wrong is logged and audited; the person is told only what they can act on.

type Failure = SsoRefusal | 'unavailable' | 'failed';

const SAYS: Record<Failure, { text: string; status: number }> = {
  unavailable: {
    text: 'Single sign-on is unavailable right now. Try again in a minute, or sign in another way.',
    status: 503,
  },
  failed: { text: 'Single sign-on did not complete. Start again from this page.', status: 400 },
  email_unverified: {
    text: 'Your identity provider has not confirmed your email address, so it cannot be matched to an account here.',
    status: 403,
  },
  no_account: {
    text: 'There is no account here for the address your identity provider gave. Ask a team admin for an invitation.',
    status: 403,
  },
  other_identity: {
    text: 'The account with this address signs in with another identity at your provider.',
    status: 403,
  },
};

async function refuse(
  ctx: PageContext,
  failure: Failure,
  who: { email?: string | null; userId?: string | null } = {},
): Promise<void> {
  const { db } = ctx.deps;
  const teams = who.userId ? await db.membership.findMany({ where: { userId: who.userId } }) : [];
  for (const teamId of teams.length ? teams.map((t) => t.teamId) : [null]) {
    await audit(
      db,
      { ...ctx.actor, email: who.email ?? null },
      { teamId, action: 'sign_in_failed', details: { method: 'sso', reason: failure } },
    );
  }
  await signInPage(ctx, SAYS[failure].text, SAYS[failure].status);
}

const notConfigured = (ctx: PageContext) => message(ctx, 'Not found', 'There is no such page.', 404);

export const ssoRoutes: PageRoute[] = [
  {
    method: 'get',
    path: '/auth/oidc/start',
    access: 'public',
    async handle(ctx) {
      const { config, logger, redis } = ctx.deps;
      const provider = providerOf(config, logger);
      if (!provider) return notConfigured(ctx);
      if (ctx.session) return ctx.res.redirect(303, ctx.href('/'));
      const configuration = await provider.get();
      if (!configuration) return refuse(ctx, 'unavailable');
      const flow = {
        state: oidc.randomState(),
        nonce: oidc.randomNonce(),
        codeVerifier: oidc.randomPKCECodeVerifier(),
      };
      await beginFlow(redis, config, ctx.res, flow);
      const url = oidc.buildAuthorizationUrl(configuration, {
        redirect_uri: redirectUri(config),
        scope: 'openid email profile',
        state: flow.state,
        nonce: flow.nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(flow.codeVerifier),
        code_challenge_method: 'S256',
      });
      ctx.res.redirect(303, url.href);
    },
  },
  {
    method: 'get',
    path: '/auth/oidc/callback',
    access: 'public',
    async handle(ctx) {
      const { config, logger, redis, db } = ctx.deps;
      const provider = providerOf(config, logger);
      if (!provider) return notConfigured(ctx);
      // Taken first, whatever follows: a callback's flow is used once.
      const flow = await takeFlow(redis, config, ctx.req, ctx.res);
      const configuration = await provider.get();
      if (!configuration) return refuse(ctx, 'unavailable');
      if (!flow) return refuse(ctx, 'failed');
      // The URL the provider was given, with what it sent back (a proxy in front may change the host).
      const currentUrl = new URL(redirectUri(config));
      currentUrl.search = new URL(ctx.req.originalUrl, 'http://dashboard').search;
      let claims: SsoClaims;
      try {
        const tokens = await oidc.authorizationCodeGrant(configuration, currentUrl, {
          pkceCodeVerifier: flow.codeVerifier,
          expectedState: flow.state,
          expectedNonce: flow.nonce,
          idTokenExpected: true,
        });
        const idToken = tokens.claims()!;
        claims = { sub: idToken.sub, email: idToken.email, email_verified: idToken.email_verified, name: idToken.name };
        // Many providers put the address in the ID token only when asked for it there: userinfo has it.
        if (claims.email === undefined && configuration.serverMetadata().userinfo_endpoint) {
          const info = await oidc.fetchUserInfo(configuration, tokens.access_token, idToken.sub);
          claims = { sub: idToken.sub, email: info.email, email_verified: info.email_verified, name: info.name };
        }
      } catch (error) {
        const { code, message: reason } = error as { code?: string; message?: string };
        logger.warn({ code, reason }, 'single sign-on refused');
        return refuse(ctx, 'failed');
      }
      const match = await matchPerson(db, configuration.serverMetadata().issuer, claims, {
        openSignUp: config.SIGNUP === 'open',
        actor: ctx.actor,
      });
      if ('refused' in match) return refuse(ctx, match.refused, match);
      for (const { teamId, role } of match.joined) {
        await audit(
          db,
          { ...ctx.actor, id: match.user.id, email: match.user.email },
          { teamId, action: 'member.joined', target: match.user.email, details: { role, via: 'sso' } },
        );
      }
      await signIn(ctx, match.user, 'sso', match.teamId ?? match.joined[0]?.teamId);
      ctx.res.redirect(303, ctx.href('/'));
    },
  },
];
