import type { ActiveSession, Actor, Permission } from '@pageprobe/accounts';
import type { ServiceDeps } from '@pageprobe/services';
import type { Request, Response } from 'express';
import type { DashboardConfig } from '../config.ts';
import type { Mail } from '../mail.ts';

/**
 * What the dashboard's pages use: the domain packages' stores and the API's services (a change made here
 * is the API's change), never the API over HTTP. The pool also runs the session check every signed-in
 * request makes.
 */
export interface DashboardDeps extends ServiceDeps {
  config: DashboardConfig;
  mail: Mail;
}

/** Who may reach a route: anyone, anyone signed in, or a member holding a permission in the current team. */
export type Access = 'public' | 'signed-in' | Permission;

/** A request as a page sees it. */
export interface PageContext {
  deps: DashboardDeps;
  req: Request;
  res: Response;
  /** The signed-in person's session (null on public routes without one). */
  session: ActiveSession | null;
  /** Who is acting, for the audit log. */
  actor: Actor;
  /** A path under the dashboard (`/keys` → `/app/keys`). */
  href(path: string): string;
}

/** One route: its method and path (under BASE_PATH), who may reach it, and what it does. */
export interface PageRoute {
  method: 'get' | 'post';
  path: string;
  access: Access;
  /**
   * A POST of a route that is not public spends one of the person's writes in the team
   * (RATE_LIMIT_WRITES_PER_MIN, http/write-limit.ts); `false` for the few that change nothing others see,
   * or a function saying whether this request does (a form sent only to be drawn again does not).
   */
  limit?: false | ((ctx: PageContext) => boolean);
  handle(ctx: PageContext): Promise<void> | void;
}
