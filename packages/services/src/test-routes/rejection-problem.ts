import type { RejectionCode, TestRejected } from '@pageprobe/test-lifecycle';
import { ProblemError } from '../problem.ts';

const STATUS: Record<RejectionCode, number> = {
  validation_failed: 400,
  url_not_allowed: 400,
  location_unavailable: 400,
  insufficient_credits: 402,
  idempotency_key_in_flight: 409,
  idempotency_key_reused: 422,
  free_tier_rate_limited: 429,
  test_type_unavailable: 501,
  secrets_unavailable: 501,
  service_unavailable: 503,
};

/** A refused test as problem+json: its status by code, Retry-After when trying again may work. */
export function rejectionProblem(rejection: TestRejected): ProblemError {
  return new ProblemError(STATUS[rejection.code], rejection.code, rejection.message, {
    ...(rejection.field ? { errors: [rejection.field] } : {}),
    ...(rejection.retryAfterSeconds !== undefined
      ? { headers: { 'Retry-After': String(rejection.retryAfterSeconds) } }
      : {}),
  });
}
