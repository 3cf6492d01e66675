import type { Logger } from '@pageprobe/logger';

export interface AuthContext {
  teamId: string;
  keyId: string;
  scope: 'read' | 'write';
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
