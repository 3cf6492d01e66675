import type { z } from 'zod';

/** Raised when the environment does not satisfy an app's schema; names every bad variable. */
export class ConfigError extends Error {
  readonly variables: string[];
  constructor(issues: z.core.$ZodIssue[]) {
    const lines = issues.map((issue) => `  ${issue.path.join('.') || '(environment)'}: ${issue.message}`);
    super(`Invalid configuration:\n${lines.join('\n')}`);
    this.name = 'ConfigError';
    this.variables = issues.map((issue) => String(issue.path[0] ?? ''));
  }
}

/** Parses the environment once; everything below takes the typed result and never reads process.env. */
export function parseEnv<S extends z.ZodType>(schema: S, env: NodeJS.ProcessEnv = process.env): z.output<S> {
  const result = schema.safeParse(env);
  if (!result.success) throw new ConfigError(result.error.issues);
  return result.data;
}

/** For main.ts files: parse or print the reason and exit 1, before anything else starts. */
export function loadConfigOrExit<S extends z.ZodType>(schema: S, env: NodeJS.ProcessEnv = process.env): z.output<S> {
  try {
    return parseEnv(schema, env);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}
