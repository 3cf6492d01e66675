import type { Pool } from '@pageprobe/db';
import type { AttemptResult } from './post-callback.ts';

// The dispatcher's two statements per attempt, through node-postgres: a delivery is read with its
// team's current secret in one query, and its attempt and outcome are written in one statement.
// Through Prisma the same work took three to five round trips per delivery (measured with bench/).

export interface DeliveryToSend {
  id: string;
  /** The test whose callback it is; null for a monitor's alert. */
  testId: string | null;
  alertId: string | null;
  url: string;
  event: string;
  payload: string;
  state: 'pending' | 'delivered' | 'failed';
  secret: string | null;
}

export async function loadDelivery(pool: Pool, deliveryId: string): Promise<DeliveryToSend | null> {
  const { rows } = await pool.query<DeliveryToSend>({
    name: 'load-delivery',
    text: `SELECT d.id, d.test_id AS "testId", d.alert_id AS "alertId", d.url, d.event, d.payload, d.state,
             team.webhook_secret AS secret
           FROM callback_deliveries d JOIN teams team ON team.id = d.team_id
           WHERE d.id = $1`,
    values: [deliveryId],
  });
  return rows[0] ?? null;
}

/** Records the attempt and, when it settles the delivery, its final state: atomically. */
export async function recordAttempt(
  pool: Pool,
  deliveryId: string,
  number: number,
  result: AttemptResult,
  finalState: 'delivered' | 'failed' | null,
): Promise<void> {
  await pool.query({
    name: 'record-attempt',
    text: `WITH attempt AS (
             INSERT INTO callback_attempts (delivery_id, number, started_at, duration_ms, status_code, error, response_snippet)
             VALUES ($1, $2, $3, $4, $5, $6, $7)
           )
           UPDATE callback_deliveries SET state = $8::"DeliveryState", finished_at = now()
           WHERE id = $1 AND $8::text IS NOT NULL`,
    values: [
      deliveryId,
      number,
      result.startedAt,
      result.durationMs,
      result.statusCode,
      result.error,
      result.responseSnippet,
      finalState,
    ],
  });
}
