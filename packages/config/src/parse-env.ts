import type { z } from 'zod';
import { productionRefusals } from './production-refusals.ts';

/** Raised when the environment does not satisfy an app's schema; names every bad variable. */
export class ConfigError extends Error {
  readonly variables: string[];
  constructor(problems: Array<{ variable: string; message: string }>) {
    const lines = problems.map((p) => `  ${p.variable || '(environment)'}: ${p.message}`);
    super(`Invalid configuration:\n${lines.join('\n')}`);
    this.name = 'ConfigError';
    this.variables = problems.map((p) => p.variable);
  }
}

/** Parses the environment once; everything below takes the typed result and never reads process.env. */
export function parseEnv<S extends z.ZodType>(schema: S, env: NodeJS.ProcessEnv = process.env): z.output<S> {
  const result = schema.safeParse(env);
  if (!result.success) {
    throw new ConfigError(
      result.error.issues.map((issue) => ({ variable: issue.path.map(String).join('.'), message: issue.message })),
    );
  }
  return result.data;
}

/**
 * For main.ts files: parse, refuse production settings that are only fit for a laptop
 * (production-refusals.ts), or print the reason and exit 1 before anything else starts.
 */
export function loadConfigOrExit<S extends z.ZodType>(schema: S, env: NodeJS.ProcessEnv = process.env): z.output<S> {
  try {
    const config = parseEnv(schema, env);
    const refusals = productionRefusals(config as Record<string, unknown>, env);
    if (refusals.length > 0) throw new ConfigError(refusals);
    return config;
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}
