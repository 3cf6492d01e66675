import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import express, { type Express, Router } from 'express';
import { createMail } from '@pageprobe/accounts';
import { createAdminService } from '@pageprobe/services';
import { adminRoutes } from './admin/routes.ts';
import { apiDocsRoutes } from './api-docs/routes.ts';
import { deployRoutes, githubDeployRoutes } from './deploys/routes.ts';
import { rumReadRoutes } from './rum/read-routes.ts';
import { rumAlertRoutes } from './rum/alert-routes.ts';
import { rumSiteRoutes } from './rum/site-routes.ts';
import { authenticateApiKey, writesNeedWriteScope } from './auth/api-key-auth.ts';
import { requireAdminToken } from './auth/admin-token.ts';
import { KeyCache } from './auth/key-cache.ts';
import { KeyLastUsed } from './auth/key-last-used.ts';
import { KeyRevocations } from './auth/key-revocations.ts';
import { creditRoutes } from './credits/routes.ts';
import { pageRoutes } from './pages/routes.ts';
import { cruxOf } from '@pageprobe/services';
import { confirmEmailRoutes } from './pages/confirm-email-routes.ts';
import type { ApiDeps } from './deps.ts';
import { openApiRouter } from './http/openapi-router.ts';
import { ProblemError, problemHandler } from './http/problem.ts';
import './http/request-context.ts';
import { requestLogger } from './http/request-logger.ts';
import { requestMetrics } from './http/request-metrics.ts';
import { checkReadiness, SlidingWindowLimiter } from '@pageprobe/ops';
import { adminSpec, publicSpec } from './openapi/load-spec.ts';
import { rateLimit } from './limits/rate-limit.ts';
import { PerAddressWindow } from './limits/per-address.ts';
import { artifactRoutes } from './test-routes/artifact-routes.ts';
import { compareRoutes } from './test-routes/compare-routes.ts';
import { alertChannelRoutes } from './alert-channels/routes.ts';
import { maintenanceWindowRoutes } from './maintenance-windows/routes.ts';
import { variableRoutes } from './variables/routes.ts';
import { monitorRoutes } from './monitors/routes.ts';
import { pingHandler } from './pings/routes.ts';
import { collectHandler } from './rum/collect-route.ts';
import { beaconRoute } from './rum/beacon-route.ts';
import { statusPageRoutes } from './status-pages/routes.ts';
import { incidentRoutes } from './incidents/routes.ts';
import { testRoutes } from './test-routes/routes.ts';
import { locationRoutes } from './locations/routes.ts';
import { mcpRoutes } from './mcp/routes.ts';
import { configRoutes } from './config-as-code/routes.ts';
import { CONFIG_PATHS } from './config-as-code/config-body.ts';
import { configSchemaErrors } from './config-as-code/entry-errors.ts';

/** The HTTP app, apart from listening: main.ts serves it, tests start it on port 0. */
export function createApp(deps: ApiDeps): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('query parser', 'simple');
  // The client address for per-address limits: behind N trusted proxies, the Nth address from the right.
  app.set('trust proxy', deps.config.TRUST_PROXY_HOPS);
  app.use(requestLogger(deps.logger));
  if (deps.registry) app.use(requestMetrics(deps.registry));

  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  // Ready when PostgreSQL and Redis answer: a replica that cannot reach them is taken out of the service.
  // This port is public, so the answer names the failing check but not its error (an internal address);
  // the log has that.
  app.get('/readyz', async (req, res) => {
    const result = await checkReadiness({
      postgres: () => deps.pool.query('SELECT 1'),
      redis: () => deps.redis.ping(),
    });
    if (!result.ready) req.log.warn({ checks: result.checks }, 'not ready');
    const checks = Object.fromEntries(
      Object.entries(result.checks).map(([name, r]) => [name, r === 'ok' ? 'ok' : 'failed']),
    );
    res.status(result.ready ? 200 : 503).json({ ready: result.ready, checks });
  });

  const { config } = deps;
  const base = config.PUBLIC_BASE_URL;
  // Heartbeats' pings (issue 47): no key, the token in the path, served by apiListener before Express.
  const pings = pingHandler({
    db: deps.db,
    pool: deps.pool,
    redis: deps.redis,
    logger: deps.logger,
    registry: deps.registry,
    prefix: config.QUEUE_PREFIX,
    perTeamPerMinute: config.PINGS_PER_TEAM_PER_MIN,
    perMonitorPerSecond: config.PINGS_PER_MONITOR_PER_SEC,
    perMonitorBurst: config.PINGS_PER_MONITOR_BURST,
    logBytesPerMonitorPerHour: config.PING_LOG_BYTES_PER_MONITOR_PER_HOUR,
    unknownPerMinute: config.AUTH_FAILURES_PER_MIN,
    trustProxyHops: config.TRUST_PROXY_HOPS,
  });
  app.locals.servePing = pings.serve;
  // Real-user beacons (issue 61): no key, the site key in the body; served by apiListener before Express.
  const beacons = collectHandler({
    pool: deps.pool,
    logger: deps.logger,
    registry: deps.registry,
    countryHeader: config.RUM_COUNTRY_HEADER,
    geoip: deps.rumGeoIp,
    flushMs: config.RUM_FLUSH_MS,
    trustProxyHops: config.TRUST_PROXY_HOPS,
  });
  app.locals.serveBeacon = beacons.serve;
  const keyCache = new KeyCache();
  const revocations = new KeyRevocations(deps.redis, config.QUEUE_PREFIX, keyCache, deps.logger);
  const validateResponses = config.OPENAPI_VALIDATE_RESPONSES;
  // Invitations made over the admin API are mailed as the dashboard's are (when SMTP_URL is set).
  const mail = createMail(config);
  const adminRouter = openApiRouter(adminSpec, {
    serverUrl: `${config.ADMIN_PORT === undefined ? base : `http://${config.HOST}:${config.ADMIN_PORT}`}/admin/v1`,
    guards: [requireAdminToken(config.ADMIN_TOKEN, new PerAddressWindow(config.ADMIN_AUTH_FAILURES_PER_MIN))],
    routes: adminRoutes(
      createAdminService(deps.db, {
        onKeyRevoked: (id) => {
          keyCache.forgetKeyId(id);
          void revocations.announce(id);
        },
        mail,
        dashboardBaseUrl: config.DASHBOARD_BASE_URL,
        publicBaseUrl: base,
      }),
    ),
    validateResponses,
  });
  // With ADMIN_PORT the admin API is not on the public port at all: main.ts serves app.locals.adminApp
  // on its own port, which a deployment keeps inside its network.
  if (config.ADMIN_PORT === undefined) app.use('/admin/v1', adminRouter);
  else app.locals.adminApp = adminOnlyApp(adminRouter, deps);
  const publicRoutes = Router().use(
    testRoutes(deps),
    monitorRoutes(deps),
    statusPageRoutes(deps),
    incidentRoutes(deps),
    alertChannelRoutes(deps),
    maintenanceWindowRoutes(deps),
    variableRoutes(deps),
    deployRoutes(deps),
    rumReadRoutes(deps),
    rumAlertRoutes(deps),
    rumSiteRoutes(deps),
    locationRoutes(deps),
    artifactRoutes(deps.db, deps.storage),
    compareRoutes(deps.pool, deps.config.PUBLIC_BASE_URL),
    creditRoutes(deps),
    configRoutes(deps),
  );
  const lastUsed = new KeyLastUsed(deps.pool, config.KEY_LAST_USED_FLUSH_MS, deps.logger);
  const authenticate = authenticateApiKey(
    deps.db,
    keyCache,
    new PerAddressWindow(config.AUTH_FAILURES_PER_MIN),
    lastUsed,
  );
  app.use(
    '/api/v1',
    openApiRouter(publicSpec, {
      serverUrl: `${base}/api/v1`,
      // The docs, and GitHub's deploy webhook (signed by GitHub, not sent with a key).
      open: Router().use(apiDocsRoutes(), githubDeployRoutes(deps)),
      guards: [
        authenticate,
        rateLimit(
          new SlidingWindowLimiter(deps.redis, config.QUEUE_PREFIX),
          { readsPerMinute: config.RATE_LIMIT_READS_PER_MIN, writesPerMinute: config.RATE_LIMIT_WRITES_PER_MIN },
          deps.logger,
        ),
        writesNeedWriteScope,
      ],
      routes: publicRoutes,
      validateResponses,
      // A configuration of up to 1,000 resources (issue 50).
      bulk: { paths: CONFIG_PATHS, limit: '5mb', invalid: configSchemaErrors },
    }),
  );

  app.use(mcpRoutes({ authenticate }));
  // Real-user monitoring's script (issue 61): at the root, no key, loaded by any site's pages.
  app.use(beaconRoute());
  // Email channels' confirmation links (issue 44): served whether or not reports are.
  app.use(confirmEmailRoutes({ db: deps.db, perMinute: config.REPORTS_PER_MIN }));

  if (config.REPORTS_ENABLED)
    app.use(
      pageRoutes({
        db: deps.db,
        pool: deps.pool,
        storage: deps.storage,
        logger: deps.logger,
        publicBaseUrl: base,
        perMinute: config.REPORTS_PER_MIN,
        crux: cruxOf(deps),
        services: deps,
      }),
    );

  app.use((_req, _res, next) => next(new ProblemError(404, 'not_found', 'No such resource.')));
  // What createApp opened (the revocation subscriber, the monitors' queue), for main.ts and tests to close;
  // keys used since the last flush are stamped before the pool closes.
  app.locals.close = async () => {
    revocations.close();
    mail.close();
    // Beacons summed since the last flush are written here, before the pool closes.
    await Promise.all([lastUsed.close(), pings.close(), beacons.close()]);
  };
  app.use(problemHandler(deps.logger));
  return app;
}

/**
 * The public port's request listener: pings and real-user beacons are answered before Express sees them
 * (pings/routes.ts and rum/collect-route.ts say why), everything else by the app.
 */
export function apiListener(app: Express): RequestListener {
  const servePing: (req: IncomingMessage, res: ServerResponse) => boolean = app.locals.servePing;
  const serveBeacon: (req: IncomingMessage, res: ServerResponse) => boolean = app.locals.serveBeacon;
  return (req, res) => {
    if (!servePing(req, res) && !serveBeacon(req, res)) app(req, res);
  };
}

/**
 * The admin API alone, for ADMIN_PORT: the same router, logging and problem answers, nothing else. No
 * proxy is trusted here (the port is not behind the ingress), so X-Forwarded-For cannot dodge the
 * per-address limit on wrong tokens.
 */
function adminOnlyApp(adminRouter: Router, deps: ApiDeps): Express {
  const admin = express();
  admin.disable('x-powered-by');
  admin.use(requestLogger(deps.logger));
  admin.use('/admin/v1', adminRouter);
  admin.use((_req, _res, next) => next(new ProblemError(404, 'not_found', 'No such resource.')));
  admin.use(problemHandler(deps.logger));
  return admin;
}
