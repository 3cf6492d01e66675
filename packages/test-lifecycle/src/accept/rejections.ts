/** Why a test was not accepted; the API maps each code to its HTTP status (problem+json). */
export type RejectionCode =
  | 'validation_failed'
  | 'url_not_allowed'
  | 'location_unavailable'
  | 'test_type_unavailable'
  | 'secrets_unavailable'
  | 'service_unavailable'
  | 'insufficient_credits'
  | 'free_tier_rate_limited'
  | 'idempotency_key_reused'
  | 'idempotency_key_in_flight';

export class TestRejected extends Error {
  readonly code: RejectionCode;
  /** When trying again may succeed, in seconds. */
  readonly retryAfterSeconds: number | undefined;
  /** The request field at fault, with what is wrong with it. */
  readonly field: { path: string; message: string } | undefined;
  constructor(
    code: RejectionCode,
    detail: string,
    extra: { retryAfterSeconds?: number; field?: { path: string; message: string } } = {},
  ) {
    super(detail);
    this.name = 'TestRejected';
    this.code = code;
    this.retryAfterSeconds = extra.retryAfterSeconds;
    this.field = extra.field;
  }
}
