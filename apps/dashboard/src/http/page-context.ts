import type { ActiveSession, Actor, Permission } from '@pageprobe/accounts';
import type { Db, Pool } from '@pageprobe/db';
import type { Logger } from '@pageprobe/logger';
import type { Request, Response } from 'express';
import type { Redis } from 'ioredis';
import type { DashboardConfig } from '../config.ts';
import type { Mail } from '../mail.ts';

/** What the dashboard's pages use: the domain packages' stores, never the API over HTTP. */
export interface DashboardDeps {
  config: DashboardConfig;
  db: Db;
  /** node-postgres, for the statement every signed-in request runs (the session check). */
  pool: Pool;
  redis: Redis;
  logger: Logger;
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
  handle(ctx: PageContext): Promise<void> | void;
}
