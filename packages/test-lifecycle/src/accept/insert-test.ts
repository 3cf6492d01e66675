import { randomBytes, randomUUIDv7 } from 'node:crypto';
import type { Pool, Prisma, Test } from '@pageprobe/db';
import { seal } from '@pageprobe/secrets';
import { kindNamed, parseAssertions, requestOptions } from '@pageprobe/test-kinds';
import { TEST_COLUMNS } from '../test-columns.ts';
import type { Caller, TestRequest } from './accept-test.ts';

// The common POST /tests (no Idempotency-Key, no free-plan allowance to count) in one statement: the
// test row and, when it costs credits, its ledger debit, atomically. The ledger trigger refuses a
// balance below zero (SQLSTATE 23514) and the whole statement rolls back.
const SQL = `
  WITH test AS (
    INSERT INTO tests (id, team_id, api_key_id, type, url, device, callback_url, report_token, credits_spent, assertions, run_count, monitor_id, options, updated_at)
    VALUES ($1, $2, $3, $4::"TestType", $5, $6::"Device", $7, $8, $9, $10::jsonb, $11, $12, $13::jsonb, now())
    RETURNING *
  ), secrets AS (
    INSERT INTO test_secrets (test_id, sealed, context)
    SELECT id, $14::bytea, $15 FROM test WHERE $14::bytea IS NOT NULL
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
  /** The request options as shown (secret values redacted); null without any. */
  options: Prisma.InputJsonObject | null;
  /** The secret values, sealed for the worker (their own row, deleted when the test ends). */
  secrets: { sealed: Uint8Array<ArrayBuffer>; context: string } | null;
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
      t.options === null ? null : JSON.stringify(t.options),
      t.secrets ? Buffer.from(t.secrets.sealed) : null,
      t.secrets?.context ?? null,
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

/** The options as the test shows them and its sealed secrets, from the request or from its monitor. */
function optionsOf(id: string, input: TestRequest, key: Buffer | null): Pick<NewTest, 'options' | 'secrets'> {
  if (input.fromMonitor) {
    const { options, secrets } = input.fromMonitor;
    return { options, secrets: secrets ? { sealed: new Uint8Array(secrets.sealed), context: secrets.context } : null };
  }
  const { shown, secrets } = requestOptions(input, kindNamed(input.type).options);
  const options = Object.keys(shown).length ? (shown as Prisma.InputJsonObject) : null;
  if (!secrets) return { options, secrets: null };
  if (!key) throw new Error('secrets must be refused before the test is made when there is no SECRETS_KEY');
  const context = `test:${id}`;
  return { options, secrets: { sealed: new Uint8Array(seal(key, secrets, context)), context } };
}

/** A new test's row; the id is made here so a debit (and its secrets) can name it in the same statement. */
export function newTest(auth: Caller, input: TestRequest, cost: number, secretsKey: Buffer | null): NewTest {
  const id = randomUUIDv7();
  return {
    id,
    ...optionsOf(id, input, secretsKey),
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
