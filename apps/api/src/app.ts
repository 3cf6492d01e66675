import express, { type Express } from 'express';
import { createAdminService } from './admin/admin-service.ts';
import { adminRoutes } from './admin/routes.ts';
import { authenticateApiKey } from './auth/api-key-auth.ts';
import { requireAdminToken } from './auth/admin-token.ts';
import type { ApiDeps } from './deps.ts';
import { openApiRouter } from './http/openapi-router.ts';
import { ProblemError, problemHandler } from './http/problem.ts';
import './http/request-context.ts';
import { requestLogger } from './http/request-logger.ts';
import { adminSpec, publicSpec } from './openapi/load-spec.ts';
import { testRoutes } from './tests/routes.ts';

/** The HTTP app, apart from listening: main.ts serves it, tests start it on port 0. */
export function createApp(deps: ApiDeps): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('query parser', 'simple');
  app.use(requestLogger(deps.logger));

  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });

  const base = deps.config.PUBLIC_BASE_URL;
  app.use(
    '/admin/v1',
    openApiRouter(adminSpec, {
      serverUrl: `${base}/admin/v1`,
      authenticate: requireAdminToken(deps.config.ADMIN_TOKEN),
      routes: adminRoutes(createAdminService(deps.db)),
    }),
  );
  app.use(
    '/api/v1',
    openApiRouter(publicSpec, {
      serverUrl: `${base}/api/v1`,
      authenticate: authenticateApiKey(deps.db),
      routes: testRoutes(deps),
    }),
  );

  app.use((_req, _res, next) => next(new ProblemError(404, 'not_found', 'No such resource.')));
  app.use(problemHandler(deps.logger));
  return app;
}
