import { randomUUIDv7 } from 'node:crypto';
import type { Db, TeamVariable } from '@pageprobe/db';
import { seal } from '@pageprobe/secrets';
import { teamPlaceholdersAt, VARIABLE_NAME, variableSealContext } from '@pageprobe/test-kinds';
import { auditCaller, type Caller } from '../caller.ts';
import type { ServiceDeps } from '../deps.ts';
import { ProblemError } from '../problem.ts';
import { createWithinLimit } from '../team-limit.ts';

// A team's variables and secrets (issue 59 item 5), whichever door asks: the API's /variables, the CLI and
// MCP through it, and the dashboard's Variables page. Checks use them as {{vars.NAME}} and
// {{secrets.NAME}}; the workers read them at each run (@pageprobe/worker-host loadTemplateValues), so a
// replaced value takes effect at the next run. A secret's value is sealed here and never shown again.

/** Variables one team may have: a check names a few; a hundred leaves room for many environments. */
export const VARIABLES_PER_TEAM = 100;
/** A value's size as UTF-8: a token, a password, a host name; a 4 KB JWT still fits. */
export const MAX_VALUE_BYTES = 4096;

export interface VariableInput {
  value: string;
  secret?: boolean;
}

/** A variable as the API shows it: a secret's value is null, always. */
export function presentVariable(row: TeamVariable) {
  return {
    name: row.name,
    secret: row.secret,
    value: row.secret ? null : row.value,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export type PresentedVariable = ReturnType<typeof presentVariable>;

const invalid = (path: string, message: string) =>
  new ProblemError(400, 'validation_failed', `${path.replace(/^(body|params)\./, '')} ${message}.`, {
    errors: [{ path, message }],
  });

function checkName(name: string): void {
  if (!VARIABLE_NAME.test(name)) {
    throw invalid(
      'params.name',
      'must start with a letter or _ and hold only letters, digits and _ (at most 64 characters)',
    );
  }
}

async function named(db: Db, teamId: string, name: string): Promise<TeamVariable> {
  checkName(name);
  const row = await db.teamVariable.findUnique({ where: { teamId_name: { teamId, name } } });
  if (!row) throw new ProblemError(404, 'not_found', `The team has no variable named ${name}.`);
  return row;
}

/** GET /variables: all of the team's (at most VARIABLES_PER_TEAM), by name; one page. */
export async function listVariables(deps: ServiceDeps, caller: Caller) {
  const rows = await deps.db.teamVariable.findMany({ where: { teamId: caller.teamId }, orderBy: { name: 'asc' } });
  return { data: rows.map(presentVariable), next_cursor: null };
}

export const getVariable = async (deps: ServiceDeps, caller: Caller, name: string): Promise<PresentedVariable> =>
  presentVariable(await named(deps.db, caller.teamId, name));

/**
 * PUT /variables/{name}: creates the variable (created: true) or replaces its value. A variable keeps its
 * kind: a secret cannot become plain (its value would show) nor a plain one secret (checks naming it as
 * {{vars.NAME}} would stop resolving); either is 409 `variable_kind_change`, delete it first.
 */
export async function putVariable(
  deps: ServiceDeps,
  caller: Caller,
  name: string,
  input: VariableInput,
): Promise<{ variable: PresentedVariable; created: boolean }> {
  checkName(name);
  const { teamId } = caller;
  if (typeof input.value !== 'string') throw invalid('body.value', 'is required (a string)');
  if (Buffer.byteLength(input.value) > MAX_VALUE_BYTES) {
    throw invalid('body.value', `must be at most ${MAX_VALUE_BYTES} bytes as UTF-8`);
  }
  const current = await deps.db.teamVariable.findUnique({ where: { teamId_name: { teamId, name } } });
  const secret = input.secret ?? current?.secret ?? false;
  if (current && current.secret !== secret) {
    throw new ProblemError(
      409,
      'variable_kind_change',
      current.secret
        ? `${name} is a secret and stays one; delete it first to make a plain variable of that name.`
        : `${name} is a plain variable; delete it first to make a secret of that name.`,
    );
  }
  if (secret && !deps.config.SECRETS_KEY) {
    throw new ProblemError(501, 'secrets_unavailable', 'This deployment has no SECRETS_KEY to seal secrets with.');
  }
  const columns = secret
    ? {
        value: null,
        sealed: new Uint8Array(seal(deps.config.SECRETS_KEY!, input.value, variableSealContext(teamId, name))),
      }
    : { value: input.value, sealed: null };
  let row: TeamVariable;
  let created = false;
  if (current) {
    row = await deps.db.teamVariable.update({ where: { id: current.id }, data: columns });
  } else {
    try {
      row = await createWithinLimit(
        deps.db,
        teamId,
        { max: VARIABLES_PER_TEAM, code: 'variable_limit_reached', noun: 'variables' },
        (tx) => tx.teamVariable.count({ where: { teamId } }),
        (tx) => tx.teamVariable.create({ data: { id: randomUUIDv7(), teamId, name, secret, ...columns } }),
      );
      created = true;
    } catch (error) {
      // Two PUTs of a new name at once: the second replaces what the first made.
      if ((error as { code?: string }).code !== 'P2002') throw error;
      row = await deps.db.teamVariable.update({ where: { teamId_name: { teamId, name } }, data: columns });
    }
  }
  // Never the value: the entry says which variable, its kind, and whether it was made or replaced.
  await auditCaller(deps.db, caller, created ? 'variable.created' : 'variable.replaced', row.id, {
    name,
    secret: row.secret,
  });
  return { variable: presentVariable(row), created };
}

/**
 * DELETE /variables/{name}. Allowed while checks name it (they cannot all be found: header values are
 * sealed with each monitor): a check that still does fails its next run saying which placeholder has no
 * value, and an uptime monitor pauses (monitor.paused, `variable_missing`) until it is set again.
 */
export async function deleteVariable(deps: ServiceDeps, caller: Caller, name: string): Promise<void> {
  const row = await named(deps.db, caller.teamId, name);
  await deps.db.teamVariable.delete({ where: { id: row.id } });
  await auditCaller(deps.db, caller, 'variable.deleted', row.id, { name, secret: row.secret });
}

/** The fields of a test or monitor body a check sends or types: where its placeholders may be. */
const CHECK_FIELDS = [
  'url',
  'headers',
  'cookies',
  'basic_auth',
  'method',
  'body',
  'content_type',
  'expect',
  'steps',
  'requests',
];

/** The fields of a body that `checkPlaceholders` reads, under their own names (so paths stay `body.<field>`). */
export const checkFieldsOf = (body: object): Record<string, unknown> =>
  Object.fromEntries(Object.entries(body).filter(([k]) => CHECK_FIELDS.includes(k)));

/**
 * Acceptance (POST /tests, monitors, configuration): every {{vars.X}} and {{secrets.X}} in what a request
 * gives must name a variable the team has, of that kind; else 400 naming each string's path. `prefix` is
 * the path of `value` (`body`, or a configuration entry's `body.monitors.3`).
 */
export async function checkPlaceholders(db: Db, teamId: string, value: unknown, prefix = 'body'): Promise<void> {
  const used = teamPlaceholdersAt(value, prefix);
  if (used.length === 0) return;
  const rows = await db.teamVariable.findMany({
    where: { teamId, name: { in: [...new Set(used.map((p) => p.name))] } },
    select: { name: true, secret: true },
  });
  const kinds = new Map(rows.map((r) => [r.name, r.secret]));
  const errors = used.flatMap((p) => {
    const secret = kinds.get(p.name);
    const written = `{{${p.scope}.${p.name}}}`;
    if (secret === undefined) {
      return [
        { path: p.path, message: `${written} names no ${p.scope === 'vars' ? 'variable' : 'secret'} of the team` },
      ];
    }
    if (secret !== (p.scope === 'secrets')) {
      const is = secret ? `a secret: write {{secrets.${p.name}}}` : `a plain variable: write {{vars.${p.name}}}`;
      return [{ path: p.path, message: `${written}: ${p.name} is ${is}` }];
    }
    return [];
  });
  if (errors.length === 0) return;
  const first = errors[0]!;
  throw new ProblemError(400, 'validation_failed', `${first.path.replace(/^body\./, '')}: ${first.message}.`, {
    errors,
  });
}
