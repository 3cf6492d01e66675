import { audit } from '@pageprobe/accounts';
import { html, type SafeHtml } from '@pageprobe/html';
import * as oidc from 'openid-client';
import type { PageContext, PageRoute } from '../http/page-context.ts';
import { enrolmentRefusal, spendEnrolmentProof } from '../passkeys/strong-enrolment.ts';
import { beginFlow, type OidcFlow, takeFlow } from '../sso/oidc-flow.ts';
import { providerOf, redirectUri } from '../sso/oidc-provider.ts';
import { linkIdentity, matchPerson, type SsoClaims, type SsoRefusal } from '../sso/sso-person.ts';
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
  not_linked: {
    text: 'No account here is linked to this identity, and your provider’s word alone does not open one for this address. Sign in another way (or accept your invitation from its mail), then link single sign-on under Security.',
    status: 403,
  },
  identity_taken: {
    text: 'This identity at your provider is linked to another account here.',
    status: 409,
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

/** A new flow for this browser, then off to the provider's authorization endpoint. */
async function startFlow(ctx: PageContext, link?: OidcFlow['link']): Promise<void> {
  const { config, logger, redis } = ctx.deps;
  const provider = providerOf(config, logger)!;
  const configuration = await provider.get();
  if (!configuration) return refuse(ctx, 'unavailable');
  const flow: OidcFlow = {
    state: oidc.randomState(),
    nonce: oidc.randomNonce(),
    codeVerifier: oidc.randomPKCECodeVerifier(),
    ...(link ? { link } : {}),
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
}

/** The end of a linking flow: the identity joins the person who started it, still signed in here. */
async function finishLink(ctx: PageContext, flow: OidcFlow, issuer: string, subject: string): Promise<void> {
  const session = ctx.session;
  if (!session || session.id !== flow.link!.sessionId || session.userId !== flow.link!.userId)
    return refuse(ctx, 'failed');
  const refusal = await enrolmentRefusal(ctx);
  if (refusal) return message(ctx, 'Confirm by mail first', refusal, 403);
  const outcome = await linkIdentity(ctx.deps.db, issuer, subject, session.userId);
  if (outcome !== 'linked' && outcome !== 'already') {
    const says = SAYS[outcome];
    return message(ctx, 'Not linked', says.text, says.status);
  }
  if (outcome === 'linked') {
    await spendEnrolmentProof(ctx);
    const teams = await ctx.deps.db.membership.findMany({ where: { userId: session.userId } });
    for (const teamId of teams.length ? teams.map((t) => t.teamId) : [null]) {
      await audit(ctx.deps.db, ctx.actor, { teamId, action: 'sso.linked', target: subject, details: { issuer } });
    }
  }
  ctx.res.redirect(303, ctx.href('/security'));
}

/** Security's Single sign-on section (with OIDC_ISSUER): the identities linked, and a way to link one. */
export async function ssoSection(ctx: PageContext): Promise<SafeHtml | ''> {
  if (!providerOf(ctx.deps.config, ctx.deps.logger)) return '';
  const identities = await ctx.deps.db.ssoIdentity.findMany({ where: { userId: ctx.session!.userId } });
  return html`<h2>Single sign-on</h2>
<p>${identities.length ? `Linked to ${identities.length === 1 ? 'an identity' : `${identities.length} identities`} at your provider: you may sign in with SSO.` : 'No identity at your provider is linked to your account yet.'}</p>
<p><a class="button secondary" role="button" href="${ctx.href('/security/sso/link')}">Link single sign-on</a></p>`;
}

export const ssoRoutes: PageRoute[] = [
  {
    method: 'get',
    path: '/auth/oidc/start',
    access: 'public',
    async handle(ctx) {
      if (!providerOf(ctx.deps.config, ctx.deps.logger)) return notConfigured(ctx);
      if (ctx.session) return ctx.res.redirect(303, ctx.href('/'));
      await startFlow(ctx);
    },
  },
  {
    // Security's "Link single sign-on": a GET, as the sign-in button is (the CSP's form-action covers a
    // form's redirects). It changes nothing by itself: the callback links, for the session that started it.
    method: 'get',
    path: '/security/sso/link',
    access: 'signed-in',
    async handle(ctx) {
      if (!providerOf(ctx.deps.config, ctx.deps.logger)) return notConfigured(ctx);
      const session = ctx.session!;
      // Under a team's requirement, a password alone does not link SSO (issue 56, item 7).
      const refusal = await enrolmentRefusal(ctx);
      if (refusal) return message(ctx, 'Confirm by mail first', refusal, 403);
      await startFlow(ctx, { sessionId: session.id, userId: session.userId });
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
      const issuer = configuration.serverMetadata().issuer;
      if (flow.link) return finishLink(ctx, flow, issuer, claims.sub);
      const match = await matchPerson(db, issuer, claims, {
        openSignUp: config.SIGNUP === 'open',
        actor: ctx.actor,
        emailDomains: config.OIDC_EMAIL_DOMAINS,
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
