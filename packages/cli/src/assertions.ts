import { readFileSync } from 'node:fs';
import type { CreateTest } from '@pageprobe/client';

export type Assertions = NonNullable<CreateTest['assertions']>;
type Level = 'error' | 'warn' | 'off';

const LEVELS = new Set<string>(['error', 'warn', 'off']);
const isLevel = (s: string | undefined): s is Level => s !== undefined && LEVELS.has(s);

export class UsageError extends Error {
  override readonly name = 'UsageError';
}

/**
 * One `--assert <key>=<expr>`, expr being `<level>`, `<operator>:<number>` or `<level>:<operator>:<number>`
 * (level `error` when left out): `categories:performance=minScore:0.9`,
 * `largest-contentful-paint=warn:maxNumericValue:2500`, `cache-insight=error`.
 */
export function parseAssert(arg: string): [string, Assertions[string]] {
  const at = arg.indexOf('=');
  if (at <= 0) throw new UsageError(`--assert ${arg}: expected <key>=<expr>`);
  const key = arg.slice(0, at);
  const parts = arg.slice(at + 1).split(':');
  if (parts.length === 1 && isLevel(parts[0])) return [key, parts[0]];
  const [level, operator, value] = parts.length === 3 ? parts : ['error', ...parts];
  const number = Number(value);
  if (!isLevel(level) || !operator || value === undefined || value === '' || !Number.isFinite(number)) {
    throw new UsageError(`--assert ${arg}: expected <key>=[<level>:]<operator>:<number> or <key>=<level>`);
  }
  return [key, [level, { [operator]: number }]];
}

/** A lighthouserc (JSON): its `ci.assert.assertions` (or top-level `assertions`) and `ci.collect.numberOfRuns`. */
export function readLighthouserc(path: string): { assertions: Assertions; runs?: number } {
  let rc: Record<string, any>;
  try {
    rc = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new UsageError(`--config ${path}: ${(error as Error).message}`);
  }
  const assertions = rc.ci?.assert?.assertions ?? rc.assertions ?? {};
  if (typeof assertions !== 'object' || Array.isArray(assertions)) {
    throw new UsageError(`--config ${path}: ci.assert.assertions must be an object`);
  }
  const runs = rc.ci?.collect?.numberOfRuns;
  return { assertions, ...(typeof runs === 'number' ? { runs } : {}) };
}

/**
 * The assertions of a test: a lighthouserc's (and its numberOfRuns), then `--assert` expressions and a
 * JSON object of Lighthouse CI assertions on top, each later one winning for its key.
 */
export function gatherAssertions(
  config: string | undefined,
  exprs: string[],
  json: Assertions = {},
): { assertions?: Assertions; runs?: number } {
  const rc = config ? readLighthouserc(config) : { assertions: {} };
  const assertions: Assertions = { ...rc.assertions, ...json };
  for (const arg of exprs) {
    const [key, expr] = parseAssert(arg);
    assertions[key] = expr;
  }
  return { ...(Object.keys(assertions).length ? { assertions } : {}), ...(rc.runs ? { runs: rc.runs } : {}) };
}
