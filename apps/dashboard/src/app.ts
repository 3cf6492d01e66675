import { timingSafeEqual } from 'node:crypto';
import { allows, readSession, renewSession } from '@pageprobe/accounts';
import { isBackendUnavailable } from '@pageprobe/db';
import express, { type Express, type Request, type Response } from 'express';
import { ASSETS } from './assets.ts';
import { readCookie, sessionCookieName, setSessionCookie } from './http/cookies.ts';
import type { DashboardDeps, PageContext, PageRoute } from './http/page-context.ts';
import { fromOwnPages } from './http/same-origin.ts';
import { securityHeaders } from './http/security-headers.ts';
import { spendWrite } from './http/write-limit.ts';
import { sessionSettings } from './http/session-settings.ts';
import { ROUTES } from './routes.ts';
import { message } from './views/layout.ts';

const sameToken = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/**
 * The dashboard (issue 45): pages rendered on the server over the domain packages, behind a session
 * cookie. Every route is one of ROUTES; this checks, before a route runs, that its caller may reach it:
 * signed in, a member whose role holds the route's permission, from the dashboard's own pages with the
 * session's CSRF token for anything that changes state, within the API's write limit.
 */
export function createDashboardApp(deps: DashboardDeps, routes: PageRoute[] = ROUTES): Express {
  const { config } = deps;
  const origin = new URL(config.DASHBOARD_BASE_URL).origin;
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.TRUST_PROXY_HOPS);
  app.use(securityHeaders(deps.config.PUBLIC_BASE_URL));
  const router = express.Router();
  for (const asset of Object.values(ASSETS)) {
    router.get(asset.path, (_req, res) => {
      res.set('cache-control', 'public, max-age=31536000, immutable').type(asset.type).send(asset.body);
    });
  }
  // A test's or monitor's form asks for a journey in step rows (up to 50 steps of five fields, and its
  // JSON view) and a request body (up to 64 KB): those read what the API's routes for them read.
  router.post(['/tests', '/monitors'], express.urlencoded({ extended: false, limit: '256kb', parameterLimit: 400 }));
  router.use(express.urlencoded({ extended: false, limit: '16kb', parameterLimit: 50 }));

  const contextOf = async (req: Request, res: Response): Promise<PageContext> => {
    const session = await readSession(deps.pool, readCookie(req, sessionCookieName(config)), sessionSettings(config));
    // A new id on any change of rights (issue 45): the old cookie stops working from this answer on.
    if (session?.renew) setSessionCookie(res, config, await renewSession(deps.db, session.id, {}));
    return {
      deps,
      req,
      res,
      session,
      actor: { id: session?.userId, email: session?.email, ip: req.ip, userAgent: req.get('user-agent') },
      href: (path) => `${config.BASE_PATH}${path}`,
    };
  };

  for (const route of routes) {
    router[route.method](route.path, async (req, res) => {
      const ctx = await contextOf(req, res);
      const { session } = ctx;
      if (route.method === 'post') {
        if (!fromOwnPages(req, origin)) return message(ctx, 'Refused', 'This form was sent from another site.', 403);
        // Without a session there is nothing to forge: that answer is the 401 below.
        if (route.access !== 'public' && session && !sameToken(String(req.body?._csrf ?? ''), session.csrfToken)) {
          return message(ctx, 'Refused', 'This form has expired: reload the page and try again.', 403);
        }
      }
      if (route.access !== 'public' && !session) {
        if (route.method === 'get') return res.redirect(303, ctx.href('/sign-in'));
        return message(ctx, 'Signed out', 'Sign in again to continue.', 401);
      }
      if (route.access !== 'public' && route.access !== 'signed-in') {
        if (!session!.role || !allows(session!.role, route.access)) {
          return message(ctx, 'Not allowed', 'Your role in this team does not allow this.', 403);
        }
        if (session!.teamRequiresStrongSignIn && session!.method === 'password') {
          return message(
            ctx,
            'A passkey or SSO is required',
            'This team asks its members to sign in with a passkey or single sign-on. Add a passkey under Security, then sign in with it.',
            403,
          );
        }
      }
      // The API's write limit, per person and team (issue 56), before anything changes.
      const writes = typeof route.limit === 'function' ? route.limit(ctx) : route.limit !== false;
      if (route.method === 'post' && route.access !== 'public' && writes && !(await spendWrite(ctx))) return;
      await route.handle(ctx);
    });
  }
  app.use(config.BASE_PATH || '/', router);
  app.use(async (req, res) => message(await contextOf(req, res), 'Not found', 'There is no such page.', 404));
  app.use(async (error: unknown, req: Request, res: Response, _next: express.NextFunction) => {
    const status = (error as { status?: number }).status;
    if (status && status >= 400 && status < 500)
      return message(await contextOf(req, res), 'Bad request', 'That request could not be read.', status);
    // PostgreSQL failing over or restarting: a moment's wait, said so, never a 500. Plain text, since a
    // page's frame would need the session the database holds.
    if (isBackendUnavailable(error)) {
      deps.logger.warn({ err: error }, 'dashboard request: backend unavailable');
      return void res
        .status(503)
        .set('Retry-After', '5')
        .type('text')
        .send('Pageprobe is briefly unavailable; try again in a few seconds.');
    }
    deps.logger.error({ err: error }, 'dashboard request failed');
    res.status(500).type('text').send('Something went wrong on our side.');
  });
  return app;
}
