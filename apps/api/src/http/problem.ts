import type { ErrorRequestHandler, Response } from 'express';
import './request-context.ts';
import type { Logger } from '@pageprobe/logger';
import { isBackendUnavailable } from '@pageprobe/db';
import { ProblemError, problemType } from '@pageprobe/services';

export { type FieldError, ProblemError, problemType } from '@pageprobe/services';

// Every error leaves the API as RFC 9457 problem+json with a snake_case `code`. Routes throw
// ProblemError; this module maps everything else (validator, body parser, unknown) in one place.

export function sendProblem(res: Response, problem: ProblemError): void {
  if (problem.headers) res.set(problem.headers);
  res
    .status(problem.status)
    .type('application/problem+json')
    .json({
      type: problemType(problem.code),
      title: problem.title,
      status: problem.status,
      detail: problem.message,
      code: problem.code,
      ...(problem.errors ? { errors: problem.errors } : {}),
    });
}

interface ValidatorError {
  status?: number;
  statusCode?: number;
  type?: string;
  message?: string;
  /** body-parser's limit in bytes, on entity.too.large. */
  limit?: number;
  errors?: Array<{ path?: string; message?: string }>;
}

/**
 * Turns whatever was thrown into a ProblemError; a database out of reach is a 503 with Retry-After,
 * unknown errors a 500 without internals.
 */
export function toProblem(error: unknown): ProblemError {
  if (error instanceof ProblemError) return error;
  if (isBackendUnavailable(error)) {
    return new ProblemError(503, 'service_unavailable', 'The service is briefly unavailable; try again shortly.', {
      headers: { 'Retry-After': '5' },
    });
  }
  const e = (error ?? {}) as ValidatorError;
  const status = e.status ?? e.statusCode;
  if (e.type === 'entity.parse.failed')
    return new ProblemError(400, 'validation_failed', 'The request body is not valid JSON.');
  if (e.type === 'entity.too.large') {
    const kb = e.limit ? `${Math.round(e.limit / 1024)} KB` : 'the limit';
    return new ProblemError(413, 'payload_too_large', `The request body is larger than ${kb}.`);
  }
  if (e.type === 'charset.unsupported' || e.type === 'encoding.unsupported') {
    return new ProblemError(415, 'unsupported_media_type', e.message ?? 'Unsupported body encoding.');
  }
  switch (status) {
    case 400: {
      const errors = (e.errors ?? []).map((x) => ({
        path: (x.path ?? '')
          .replace(/^\/?(body|query|params|headers)\/?/, '$1.')
          .replace(/\/+/g, '.')
          .replace(/\.$/, ''),
        message: x.message ?? 'is invalid',
      }));
      const detail = errors.map((x) => `${x.path} ${x.message}`).join('; ') || 'The request is invalid.';
      return new ProblemError(400, 'validation_failed', detail, { errors });
    }
    case 404:
      return new ProblemError(404, 'not_found', 'No such resource.');
    case 405:
      return new ProblemError(405, 'method_not_allowed', 'This method is not allowed on this resource.');
    case 413:
      return new ProblemError(413, 'payload_too_large', 'The request body is too large.');
    case 415:
      return new ProblemError(415, 'unsupported_media_type', 'Send the body as application/json.');
    default:
      return new ProblemError(500, 'internal_error', 'Something went wrong on our side.');
  }
}

export function problemHandler(logger: Logger): ErrorRequestHandler {
  return (error, req, res, _next) => {
    const problem = toProblem(error);
    if (problem.status >= 500) (req.log ?? logger).error({ err: error }, 'request failed');
    sendProblem(res, problem);
  };
}
