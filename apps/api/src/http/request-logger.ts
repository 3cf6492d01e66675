import { randomUUID } from 'node:crypto';
import type { Logger } from '@pageprobe/logger';
import type { NextFunction, Request, RequestHandler, Response } from 'express';

/** An id the load balancer or client already gave the request is kept, so one id follows it through. */
const UPSTREAM_ID = /^[\w.:-]{1,128}$/;

/**
 * A report URL's tokens are its only key: the access log keeps the route, never a token, neither the
 * report's nor a comparison's base (`/reports/{token}/compare/{baseToken}`). Case-insensitive, as
 * Express's routing is.
 */
const loggedPath = (path: string) =>
  path
    .replace(/^\/reports\/(?!assets\/)[^/]+/i, '/reports/[token]')
    .replace(/^(\/reports\/\[token\]\/compare)\/[^/]+/i, '$1/[token]');

/**
 * One access-log line per request, and `req.log`: a child logger bound to the request id (and the
 * team and key once authenticated), made only when something logs through it, since most requests
 * never do and a pino child costs more than the rest of a cached read. The line carries the test id
 * when the request was about one (`res.locals.testId`, see logTestId).
 */
export function requestLogger(logger: Logger): RequestHandler {
  const logsRequests = logger.isLevelEnabled('info');
  return (req, res, next) => {
    const upstream = req.get('X-Request-Id');
    const id = upstream && UPSTREAM_ID.test(upstream) ? upstream : randomUUID();
    const started = performance.now();
    let child: Logger | undefined;
    Object.defineProperty(req, 'log', {
      configurable: true,
      get: () =>
        (child ??= logger.child({
          reqId: id,
          teamId: req.auth?.teamId,
          keyId: req.auth?.keyId,
          testId: res.locals.testId,
        })),
    });
    res.setHeader('X-Request-Id', id);
    if (logsRequests) {
      res.on('finish', () => {
        logger.info(
          {
            reqId: id,
            teamId: req.auth?.teamId,
            testId: res.locals.testId,
            method: req.method,
            // originalUrl: by now a router may have cut its mount path off req.path (`/tests/...`).
            path: loggedPath(req.originalUrl.split('?', 1)[0]!),
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

/** `router.param('test_id', logTestId)`: the request's log lines name the test it is about. */
export function logTestId(_req: Request, res: Response, next: NextFunction, testId: unknown): void {
  if (typeof testId === 'string') res.locals.testId = testId;
  next();
}
