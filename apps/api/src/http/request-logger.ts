import { randomUUID } from 'node:crypto';
import type { Logger } from '@pageprobe/logger';
import type { NextFunction, Request, RequestHandler, Response } from 'express';

/** An id the load balancer or client already gave the request is kept, so one id follows it through. */
const UPSTREAM_ID = /^[\w.:-]{1,128}$/;

/**
 * The first path segments of routes that carry a token: reports, monitor pages, badges, pings, email
 * confirmations (and, under `status`, a subscriber's links: loggedPath).
 */
const TOKEN_ROOTS = new Set(['reports', 'badges', 'ping', 'confirm-email']);
/**
 * The segments of those routes that are not tokens: their words, a stylesheet's or a badge's file, an
 * artifact's id (a UUID, never the shape of a token), a ping's exit code.
 */
const ROUTE_WORD =
  /^(?:monitors|compare|artifacts|assets|report|start|fail|\d{1,3}|report-[0-9a-f]{12}\.css|[a-z0-9-]{1,32}\.svg|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

/**
 * A token in a URL is its only key (`/reports/{token}`, `/reports/{token}/compare/{token}`,
 * `/reports/monitors/{token}`, `/badges/{token}/status.svg`): the access log keeps the route, never a
 * token. Under those roots every segment that is not one of the routes' own words is masked, so a route
 * added later, a misspelt one or an encoded one (`/reports/%6Donitors/{token}`) cannot log its token.
 * Case-insensitive, as Express's routing is.
 */
const loggedPath = (path: string) => {
  const segments = path.split('/');
  // The root is the first real segment: `//reports/{token}` is not served, but its token is still one.
  const root = segments.findIndex((s) => s !== '' && s !== '.');
  // A status page subscriber's own links (issue 58): `/status/{slug}/subscription/{token}[/unsubscribe]`.
  if (root >= 0 && segments[root]!.toLowerCase() === 'status') {
    const at = segments.findIndex((s, i) => i > root && s.toLowerCase() === 'subscription');
    return at < 0
      ? path
      : segments.map((s, i) => (i > at && s.toLowerCase() !== 'unsubscribe' ? '[token]' : s)).join('/');
  }
  if (root < 0 || !TOKEN_ROOTS.has(segments[root]!.toLowerCase())) return path;
  return segments.map((s, i) => (i <= root || s === '' || ROUTE_WORD.test(s) ? s : '[token]')).join('/');
};

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
