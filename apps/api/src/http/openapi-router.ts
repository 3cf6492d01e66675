import express, { type RequestHandler, Router } from 'express';
import * as OpenApiValidator from 'express-openapi-validator';
import type { OpenApiDocument } from '../openapi/load-spec.ts';

/**
 * A router for one OpenAPI document: JSON bodies up to 64 KB, the document served (without auth) at
 * /openapi.json with its absolute server address, then the guards (authentication, rate limits), then
 * validation of every request (and, when asked, every response) against the document, then the routes.
 */
export function openApiRouter(
  spec: OpenApiDocument,
  {
    serverUrl,
    guards,
    routes,
    validateResponses,
  }: { serverUrl: string; guards: RequestHandler[]; routes: Router; validateResponses: boolean },
): Router {
  const router = Router();
  const served = { ...spec, servers: [{ url: serverUrl }] };
  router.get('/openapi.json', (_req, res) => {
    res.json(served);
  });
  router.use(express.json({ limit: '64kb', type: ['application/json', 'application/*+json'] }));
  router.use(...guards);
  router.use(
    OpenApiValidator.middleware({
      // The validator resolves $refs in place: give it its own copy.
      apiSpec: structuredClone(spec) as never,
      validateRequests: { allowUnknownQueryParameters: false, coerceTypes: false },
      validateResponses,
      validateSecurity: false,
      validateFormats: true,
      // No multipart bodies here: skip the upload middleware on every request.
      fileUploader: false,
      // Dereference once at start instead of resolving $refs per request.
      $refParser: { mode: 'dereference' },
    }),
  );
  router.use(routes);
  return router;
}
