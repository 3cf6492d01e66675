import { checkSchema } from './check-schema.ts';
import { findConfigFile, readSource, type Source } from './read-source.ts';
import { substituteEnv } from './substitute-env.ts';

/** The desired state a file describes: what POST /config/plan and /config/apply take, less `prune`. */
export interface DesiredState {
  alert_channels?: Array<Record<string, unknown> & { key: string }>;
  monitors?: Array<Record<string, unknown> & { key: string }>;
  maintenance_windows?: Array<Record<string, unknown> & { key: string }>;
  status_pages?: Array<Record<string, unknown> & { key: string }>;
  /** Keyed by name (issue 61). */
  rum_sites?: Array<Record<string, unknown> & { name: string }>;
}

export interface LoadedConfig {
  /** The path read. */
  file: string;
  /** Its name: the resources' `managed_by`. */
  name: string;
  state: DesiredState;
  /** Secrets written in the file as they are. */
  warnings: string[];
  /** Where a value of the file was written (file:line:column), for the API's problems with it. */
  where: Source['where'];
}

/**
 * Reads the file (--file, else pageprobe.yaml, .yml, .json or pageprobe.config.ts in `cwd`), puts in the
 * environment's `${…}` values and checks it against the schema. Throws ConfigError naming each problem's
 * file:line:column; nothing is sent before it passes.
 */
export async function loadConfig(
  file: string | undefined,
  { cwd, env }: { cwd: string; env: Record<string, string | undefined> },
): Promise<LoadedConfig> {
  const source = await readSource(findConfigFile(file, cwd), cwd);
  const { value, warnings } = substituteEnv(source, env);
  checkSchema(source, value);
  const { $schema: _, ...state } = value as DesiredState & { $schema?: string };
  return { file: source.file, name: source.name, state, warnings, where: source.where };
}
