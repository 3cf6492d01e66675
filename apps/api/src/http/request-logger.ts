import { randomUUID } from 'node:crypto';
import type { Logger } from '@pageprobe/logger';
import type { RequestHandler } from 'express';

/** One child logger per request, bound to its id; one line when it ends. */
export function requestLogger(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const id = randomUUID();
    const started = performance.now();
    req.log = logger.child({ reqId: id });
    res.setHeader('X-Request-Id', id);
    res.on('finish', () => {
      req.log.info(
        { method: req.method, path: req.path, status: res.statusCode, ms: Math.round(performance.now() - started) },
        'request',
      );
    });
    next();
  };
}
