import type { CallbackAttempt, CallbackDelivery } from '@pageprobe/db';

// The tests row in Prisma's Test shape, for the hot paths that skip Prisma (POST and GET /tests/{id}),
// so that presenting a test stays shared.
export const TEST_COLUMNS = `
  id, team_id AS "teamId", api_key_id AS "apiKeyId", type, url, device, status,
  callback_url AS "callbackUrl", report_token AS "reportToken", credits_spent AS "creditsSpent",
  performance_score AS "performanceScore", structure_score AS "structureScore", grade, scores,
  vitals, audits, seo_issues AS "seoIssues", result, error_code AS "errorCode",
  error_message AS "errorMessage", created_at AS "createdAt", started_at AS "startedAt",
  completed_at AS "completedAt", updated_at AS "updatedAt", assertions, assertion_results AS "assertionResults", passed,
  run_count AS "runCount", run_results AS "runResults", spread, monitor_id AS "monitorId", options,
  locations, location_results AS "locationResults", quorum`;

/** The Prisma `include` that loads a test's callback delivery with its attempts. */
export const withCallback = { delivery: { include: { attempts: { orderBy: { number: 'asc' as const } } } } };

export type DeliveryWithAttempts = CallbackDelivery & { attempts: CallbackAttempt[] };
