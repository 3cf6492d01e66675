import express, { type ErrorRequestHandler, type RequestHandler, Router } from 'express';
import * as OpenApiValidator from 'express-openapi-validator';
import type { OpenApiDocument } from '../openapi/load-spec.ts';
import { deprecationHeaders } from './deprecation.ts';
import { ProblemError } from './problem.ts';

/**
 * A router for one OpenAPI document: the document served (without auth) at /openapi.json with its
 * absolute server address (its externalDocs link made absolute the same way), then the `open` routes
 * (without auth too: the public document's reference page), then the guards (authentication, rate
 * limits: decided before the body is read, so a bad key is 401 whatever the body and every answer
 * carries the RateLimit headers), then JSON bodies up to 64 KB (256 KB for a test or monitor, `bulk.limit` for
 * bulk routes) that must be objects, then validation of
 * every request (and, when asked, every response) against the document, then the routes.
 */
export function openApiRouter(
  spec: OpenApiDocument,
  {
    serverUrl,
    guards,
    routes,
    validateResponses,
    open,
    bulk,
  }: {
    serverUrl: string;
    guards: RequestHandler[];
    routes: Router;
    validateResponses: boolean;
    open?: Router;
    /**
     * Routes taking many resources in one body (issue 50's /config/*): a larger body, every schema problem
     * listed rather than the first, and `invalid` to answer them (it receives the validator's 400).
     */
    bulk?: { paths: RegExp; limit: string; invalid: ErrorRequestHandler };
  },
): Router {
  const router = Router();
  const served: OpenApiDocument = { ...spec, servers: [{ url: serverUrl }] };
  // A link written beside the servers' (`/api/v1/docs`, `/api/v1`) moves with them.
  const written = (spec.servers as Array<{ url: string }> | undefined)?.[0]?.url;
  const docs = spec.externalDocs as { url: string } | undefined;
  if (docs && written && docs.url.startsWith(`${written}/`))
    served.externalDocs = { ...docs, url: serverUrl + docs.url.slice(written.length) };
  router.get('/openapi.json', (_req, res) => {
    res.json(served);
  });
  if (open) router.use(open);
  router.use(...guards);
  const json = (limit: string) =>
    express.json({ limit, type: ['application/json', 'application/*+json'], strict: false });
  const small = json('64kb');
  // A test or monitor can carry a request body of its own (uptime's `body`, up to 64 KB as UTF-8),
  // escaped inside the JSON: those routes read up to 256 KB.
  const large = json('256kb');
  const bulky = bulk ? json(bulk.limit) : small;
  router.use((req, res, next) =>
    (bulk?.paths.test(req.path) ? bulky : CARRIES_REQUEST_BODY.test(req.path) ? large : small)(req, res, next),
  );
  router.use(jsonObjectBody);
  // The validator sees the path under the router's mount (`/api/v1//config/plan`): match its end.
  const isBulk = (path: string) =>
    bulk?.paths.test(path.includes('//') ? path.slice(path.indexOf('//') + 1) : path) === true;
  const validator = (allErrors: boolean, ignorePaths: (path: string) => boolean) =>
    OpenApiValidator.middleware({
      // The validator resolves $refs in place: give it its own copy, of the document as served (the
      // validator checks the document itself too, and refuses a relative externalDocs URL).
      apiSpec: structuredClone(served) as never,
      validateRequests: { allowUnknownQueryParameters: false, coerceTypes: false, allErrors },
      validateResponses,
      validateSecurity: false,
      validateFormats: true,
      // No multipart bodies here: skip the upload middleware on every request.
      fileUploader: false,
      // Dereference once at start instead of resolving $refs per request.
      $refParser: { mode: 'dereference' },
      ignorePaths,
    });
  router.use(validator(false, isBulk));
  if (bulk) {
    // Its own validator, reached by the bulk routes alone (every other request is validated once, above).
    const bulkValidation = Router().use(
      validator(true, (path) => !isBulk(path)),
      bulk.invalid,
    );
    router.use((req, res, next) => (bulk.paths.test(req.path) ? bulkValidation(req, res, next) : next()));
  }
  router.use(deprecationHeaders);
  router.use(routes);
  return router;
}

const WITH_BODY = new Set(['POST', 'PUT', 'PATCH']);
/** The routes whose JSON may carry a request body for the target (POST /tests, POST and PATCH /monitors). */
const CARRIES_REQUEST_BODY = /^\/(tests|monitors(\/[^/]+)?)\/?$/;

/**
 * A body is a JSON object: `null`, `[]` or `"x"` are refused as such (not as "not valid JSON"), and an
 * empty body is an empty object, so the validator names the missing fields (`url`) rather than "body".
 */
const jsonObjectBody: RequestHandler = (req, _res, next) => {
  if (!WITH_BODY.has(req.method)) return next();
  const empty = req.body === undefined && (req.headers['content-length'] === '0' || !req.headers['content-length']);
  if (empty && !req.headers['transfer-encoding']) {
    // Nothing sent has no type either: read it as `{}`, so the answer is about the fields it lacks.
    req.body = {};
    req.headers['content-type'] ??= 'application/json';
    return next();
  }
  if (req.body !== undefined && (req.body === null || typeof req.body !== 'object' || Array.isArray(req.body))) {
    return next(new ProblemError(400, 'validation_failed', 'The request body must be a JSON object.'));
  }
  next();
};
