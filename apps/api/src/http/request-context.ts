import type { Logger } from '@pageprobe/logger';

export interface AuthContext {
  teamId: string;
  keyId: string;
  /** The key's shown prefix, for the audit log (it names the key to people). */
  keyPrefix: string;
  scope: 'read' | 'write';
  /** The team's plan as of the key lookup (cached for a few seconds, like the key). */
  plan: 'free' | 'pro';
  /** Where the team's tests without `locations` run (issue 32); null: `default`. */
  defaultLocation: string | null;
}

declare global {
  namespace Express {
    interface Request {
      /** The request's child logger (request id bound). */
      log: Logger;
      /** Set by the API-key middleware on public routes. */
      auth?: AuthContext;
    }
  }
}
