import { randomUUID } from 'node:crypto';
import type { Logger } from '@pageprobe/logger';
import type { RequestHandler } from 'express';

/**
 * One access-log line per request, and `req.log`: a child logger bound to the request id (and the
 * team and key once authenticated), made only when something logs through it, since most requests
 * never do and a pino child costs more than the rest of a cached read.
 */
export function requestLogger(logger: Logger): RequestHandler {
  const logsRequests = logger.isLevelEnabled('info');
  return (req, res, next) => {
    const id = randomUUID();
    const started = performance.now();
    let child: Logger | undefined;
    Object.defineProperty(req, 'log', {
      configurable: true,
      get: () => (child ??= logger.child({ reqId: id, teamId: req.auth?.teamId, keyId: req.auth?.keyId })),
    });
    res.setHeader('X-Request-Id', id);
    if (logsRequests) {
      res.on('finish', () => {
        logger.info(
          {
            reqId: id,
            teamId: req.auth?.teamId,
            method: req.method,
            path: req.path,
            status: res.statusCode,
            ms: Math.round(performance.now() - started),
          },
          'request',
        );
      });
    }
    next();
  };
}
