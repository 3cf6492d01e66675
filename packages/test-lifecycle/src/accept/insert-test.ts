import { randomBytes, randomUUIDv7 } from 'node:crypto';
import type { Pool, Prisma, Test } from '@pageprobe/db';
import { kindNamed, parseAssertions } from '@pageprobe/test-kinds';
import { TEST_COLUMNS } from '../test-columns.ts';
import type { Caller, TestRequest } from './accept-test.ts';

// The common POST /tests (no Idempotency-Key, no free-plan allowance to count) in one statement: the
// test row and, when it costs credits, its ledger debit, atomically. The ledger trigger refuses a
// balance below zero (SQLSTATE 23514) and the whole statement rolls back.
const SQL = `
  WITH test AS (
    INSERT INTO tests (id, team_id, api_key_id, type, url, device, callback_url, report_token, credits_spent, assertions, run_count, monitor_id, updated_at)
    VALUES ($1, $2, $3, $4::"TestType", $5, $6::"Device", $7, $8, $9, $10::jsonb, $11, $12, now())
    RETURNING *
  ), debit AS (
    INSERT INTO credit_ledger (team_id, delta, reason, test_id)
    SELECT team_id, -credits_spent, 'test', id FROM test WHERE credits_spent > 0
  )
  SELECT ${TEST_COLUMNS} FROM test`;

export interface NewTest {
  id: string;
  teamId: string;
  apiKeyId: string | null;
  type: Test['type'];
  url: string;
  device: Test['device'];
  callbackUrl: string | null;
  reportToken: string;
  creditsSpent: number;
  runCount: number;
  monitorId: string | null;
  /** The assertions parsed into a list, in the order given (jsonb would not keep an object's key order). */
  assertions: Prisma.InputJsonArray | undefined;
}

export async function insertTest(pool: Pool, t: NewTest): Promise<Test> {
  const { rows } = await pool.query<Test>({
    name: 'insert-test',
    text: SQL,
    values: [
      t.id,
      t.teamId,
      t.apiKeyId,
      t.type,
      t.url,
      t.device,
      t.callbackUrl,
      t.reportToken,
      t.creditsSpent,
      t.assertions === undefined ? null : JSON.stringify(t.assertions),
      t.runCount,
      t.monitorId,
    ],
  });
  return rows[0]!;
}

/** The request's assertions as [{key, level, operator, expected}] (validated before: acceptTest). */
function assertionList(input: TestRequest): Prisma.InputJsonArray {
  const parsed = parseAssertions(input.assertions, kindNamed(input.type).assertionRules);
  if (!parsed.ok) throw new Error('assertions must be validated before the test is made');
  return parsed.assertions as unknown as Prisma.InputJsonArray;
}

/** A new test's row; the id is made here so a debit can name it in the same statement. */
export function newTest(auth: Caller, input: TestRequest, cost: number): NewTest {
  return {
    id: randomUUIDv7(),
    teamId: auth.teamId,
    apiKeyId: auth.keyId,
    type: input.type,
    url: input.url,
    device: input.device,
    callbackUrl: input.callback_url ?? null,
    reportToken: randomBytes(32).toString('base64url'),
    creditsSpent: cost,
    runCount: input.runs ?? 1,
    monitorId: input.monitorId ?? null,
    assertions: input.assertions === undefined ? undefined : assertionList(input),
  };
}
