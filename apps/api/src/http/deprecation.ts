import type { RequestHandler } from 'express';

// The compatibility policy (docs/api.md, "Compatibility", and the document's description): an operation the document marks `deprecated: true`
// names when it was deprecated (`x-deprecated-at`) and when it stops (`x-sunset`), at least
// NOTICE_DAYS apart; every answer to it says both, so clients and their logs see it coming.

/** The least notice between an operation's deprecation and its sunset. */
export const NOTICE_DAYS = 180;
/** Where the policy is explained (the Link of rel "deprecation", RFC 9745 section 3): the API's own reference. */
export const POLICY_URL = '/api/v1/docs';

export interface OperationLike {
  operationId?: string;
  deprecated?: boolean;
  'x-deprecated-at'?: string;
  'x-sunset'?: string;
}

/**
 * The headers a deprecated operation answers with: `Deprecation: @<epoch seconds>` (RFC 9745),
 * `Sunset: <HTTP-date>` (RFC 8594) and a Link to the policy. Null for an operation not deprecated.
 * Throws for a deprecated one whose dates are missing or closer than NOTICE_DAYS (the document's test
 * calls it for every operation, so such a document never ships).
 */
export function deprecationOf(op: OperationLike): Record<string, string> | null {
  if (!op.deprecated) return null;
  const since = Date.parse(op['x-deprecated-at'] ?? '');
  const sunset = Date.parse(op['x-sunset'] ?? '');
  if (Number.isNaN(since) || Number.isNaN(sunset)) {
    throw new Error(`${op.operationId}: a deprecated operation needs x-deprecated-at and x-sunset dates`);
  }
  if (sunset - since < NOTICE_DAYS * 86_400_000) {
    throw new Error(`${op.operationId}: its sunset must be at least ${NOTICE_DAYS} days after its deprecation`);
  }
  return {
    Deprecation: `@${Math.floor(since / 1000)}`,
    Sunset: new Date(sunset).toUTCString(),
    Link: `<${POLICY_URL}>; rel="deprecation"; type="text/html"`,
  };
}

/** After the validator: the operation it matched (req.openapi.schema) says whether it is deprecated. */
export const deprecationHeaders: RequestHandler = (req, res, next) => {
  const op = (req as { openapi?: { schema?: OperationLike } }).openapi?.schema;
  const headers = op && deprecationOf(op);
  if (headers) res.set(headers);
  next();
};
