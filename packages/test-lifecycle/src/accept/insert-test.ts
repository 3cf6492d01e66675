import { randomBytes, randomUUIDv7 } from 'node:crypto';
import { batchedStatement, type Pool, type Prisma, type Test } from '@pageprobe/db';
import { seal } from '@pageprobe/secrets';
import { kindNamed, parseAssertions, requestOptions } from '@pageprobe/test-kinds';
import { TEST_COLUMNS } from '../test-columns.ts';
import type { Caller, TestRequest } from './accept-test.ts';

// The common POST /tests (no Idempotency-Key, no free-plan allowance to count) in one statement: the
// test rows and, for those that cost credits, their ledger debits, atomically. The ledger trigger refuses
// a balance below zero (SQLSTATE 23514) and the whole statement rolls back. The tests asked for in one
// turn of the event loop share the statement (`batchedStatement`: one commit instead of one each; if it
// fails, each runs alone, so only the team short of credits is refused).
const SQL = `
  WITH input AS (
    SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::"TestType"[], $5::text[], $6::"Device"[],
      $7::text[], $8::text[], $9::int[], $10::jsonb[], $11::int[], $12::uuid[], $13::jsonb[], $14::bytea[], $15::text[],
      $16::jsonb[], $17::int[])
      AS i(id, team_id, api_key_id, type, url, device, callback_url, report_token, credits_spent, assertions,
        run_count, monitor_id, options, sealed, context, locations, quorum)
  ), test AS (
    INSERT INTO tests (id, team_id, api_key_id, type, url, device, callback_url, report_token, credits_spent, assertions, run_count, monitor_id, options, locations, quorum, updated_at)
    SELECT id, team_id, api_key_id, type, url, device, callback_url, report_token, credits_spent, assertions, run_count, monitor_id, options,
      CASE WHEN locations IS NULL THEN NULL ELSE ARRAY(SELECT jsonb_array_elements_text(locations)) END, quorum, now()
    FROM input
    RETURNING *
  ), secrets AS (
    INSERT INTO test_secrets (test_id, sealed, context)
    SELECT id, sealed, context FROM input WHERE sealed IS NOT NULL
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
  /** Where it runs from (issue 32); null: the default location alone. */
  locations: string[] | null;
  quorum: number | null;
}

async function insertTests(pool: Pool, tests: readonly NewTest[]): Promise<Test[]> {
  const { rows } = await pool.query<Test>({
    name: 'insert-tests',
    text: SQL,
    values: [
      tests.map((t) => t.id),
      tests.map((t) => t.teamId),
      tests.map((t) => t.apiKeyId),
      tests.map((t) => t.type),
      tests.map((t) => t.url),
      tests.map((t) => t.device),
      tests.map((t) => t.callbackUrl),
      tests.map((t) => t.reportToken),
      tests.map((t) => t.creditsSpent),
      tests.map((t) => (t.assertions === undefined ? null : JSON.stringify(t.assertions))),
      tests.map((t) => t.runCount),
      tests.map((t) => t.monitorId),
      tests.map((t) => (t.options === null ? null : JSON.stringify(t.options))),
      tests.map((t) => (t.secrets ? Buffer.from(t.secrets.sealed) : null)),
      tests.map((t) => t.secrets?.context ?? null),
      // An array of arrays would be flattened by unnest: each test's list goes as JSON.
      tests.map((t) => (t.locations ? JSON.stringify(t.locations) : null)),
      tests.map((t) => t.quorum),
    ],
  });
  const byId = new Map(rows.map((row) => [row.id, row]));
  return tests.map((t) => byId.get(t.id)!);
}

const inserters = new WeakMap<Pool, (t: NewTest) => Promise<Test>>();

export function insertTest(pool: Pool, t: NewTest): Promise<Test> {
  let insert = inserters.get(pool);
  if (!insert) {
    insert = batchedStatement((tests: readonly NewTest[]) => insertTests(pool, tests));
    inserters.set(pool, insert);
  }
  return insert(t);
}

/** The request's assertions as [{key, level, operator, expected}] (validated before: acceptTest). */
function assertionList(input: TestRequest): Prisma.InputJsonArray {
  const parsed = parseAssertions(input.assertions, kindNamed(input.type).assertionRules, { stored: true });
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

/** Of n locations, how many failing make the whole fail by default: 1 of 1, 2 of 2, 2 of 3, 3 of 4. */
export const majority = (n: number): number => Math.floor(n / 2) + 1;

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
    locations: input.locations ?? null,
    quorum: input.locations ? (input.quorum ?? majority(input.locations.length)) : null,
  };
}
