import type { Db } from '@pageprobe/db';
import { open } from '@pageprobe/secrets';
import {
  fillDeep,
  MissingValue,
  type Outcome,
  redactDeep,
  redactor,
  usesTeamValues,
  variableSealContext,
} from '@pageprobe/test-kinds';

// The team's variables and secrets (issue 59 item 5), read by the worker at each run, never carried in a
// job: a value replaced between two runs is the next run's, and Redis never holds a secret.

/** A team's variables by name, and its secrets opened, by name. */
export interface TeamValues {
  vars: Record<string, string>;
  secrets: Record<string, string>;
}

/**
 * Reads the team's variables and opens its secrets with the keyring (one query: a team has at most 100).
 * Throws SecretsError when no key of the ring opens a secret (SECRETS_KEY dropped), and an Error when the
 * team has secrets and the process no key at all (our fault).
 */
export async function loadTemplateValues(db: Db, keyring: readonly Buffer[], teamId: string): Promise<TeamValues> {
  const rows = await db.teamVariable.findMany({
    where: { teamId },
    select: { name: true, secret: true, value: true, sealed: true },
  });
  const values: TeamValues = { vars: {}, secrets: {} };
  for (const row of rows) {
    if (!row.secret) values.vars[row.name] = row.value ?? '';
    else {
      if (keyring.length === 0) throw new Error('the team has secrets and this worker has no SECRETS_KEY');
      values.secrets[row.name] = open<string>(keyring, row.sealed!, variableSealContext(teamId, row.name));
    }
  }
  return values;
}

/** What a run's check is after the team's values are put in, and how to take the secrets back out. */
export interface Filled<T> {
  value: T;
  /** Replaces every secret value with `[redacted]` in a text; the identity when no secret was used. */
  redact: (text: string) => string;
  /** The secrets' values the check was given (what the runner must keep out of what it shows). */
  secretValues: string[];
  /** Fills the team's placeholders in another value with the same values (a step, when it is done). */
  fill: <V>(value: V) => V;
}

const identity = (text: string) => text;

/**
 * `value` (a check's url, options and opened credentials together) with the team's placeholders filled,
 * or `value` itself, read from nothing, when it names none: a plain check pays one walk of its text.
 * `{{name}}` placeholders (a multistep check's extracted values) are left for the runner. Throws
 * MissingValue for a variable or secret the team no longer has.
 */
export async function fillTeamValues<T>(
  db: Db,
  keyring: readonly Buffer[],
  teamId: string,
  value: T,
): Promise<Filled<T>> {
  if (!usesTeamValues(value)) return { value, redact: identity, secretValues: [], fill: (v) => v };
  const values = await loadTemplateValues(db, keyring, teamId);
  const filled = fillDeep(value, values, true);
  const secretValues = Object.values(values.secrets);
  return { value: filled, redact: redactor(secretValues), secretValues, fill: (v) => fillDeep(v, values, true) };
}

/** A check named a variable or secret the team does not have: the run fails at once, saying which. */
export function missingValue(error: unknown): Outcome | null {
  if (!(error instanceof MissingValue)) return null;
  return {
    status: 'failed',
    error: {
      code: 'variable_missing',
      message: `${error.message}: set it again (PUT /variables/${error.placeholder.name}).`,
    },
    // Nothing was measured; a team that deleted a variable should not pay for the runs that meet it.
    refund: true,
  };
}

/** An outcome with every secret value the check used replaced by `[redacted]` (its result and error). */
export function redactOutcome(outcome: Outcome, redact: (text: string) => string): Outcome {
  if (redact === identity) return outcome;
  if (outcome.status === 'failed') return { ...outcome, error: redactDeep(outcome.error, redact) };
  // Plain JSON only: a Prisma sentinel (DbNull) is kept as it is.
  const plain = (v: unknown) =>
    typeof v === 'string' ||
    Array.isArray(v) ||
    (v !== null && typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype);
  const fields = Object.fromEntries(
    Object.entries(outcome.fields).map(([k, v]) => [k, plain(v) ? redactDeep(v, redact) : v]),
  ) as typeof outcome.fields;
  return { ...outcome, fields };
}
