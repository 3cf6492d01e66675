// `pageprobe plan`, `apply` and `export` (issue 50). The file is read and checked here, then sent whole in
// one request (POST /config/plan or /config/apply): the API computes the changes, so plan and apply never
// disagree, and an apply of a hundred monitors is one write.
import { existsSync, writeFileSync } from 'node:fs';
import { basename, extname, resolve } from 'node:path';
import { type ConfigChange, type ConfigState, PageprobeError, type PageprobeClient } from '@pageprobe/client';
import { stringify } from 'yaml';
import type { Paint } from '../format.ts';
import { ConfigError } from './config-error.ts';
import { type LoadedConfig, loadConfig } from './load-config.ts';
import { planLines, planSummary } from './plan-lines.ts';

export interface ConfigOptions {
  file?: string;
  prune?: boolean;
  adopt?: boolean;
  cwd: string;
  env: Record<string, string | undefined>;
}

export interface Output {
  out: (line: string) => void;
  err: (line: string) => void;
  paint: Paint;
}

/** Where editors find the schema: the copy published with the CLI, beside the file in a project that installs it. */
export const SCHEMA_REFERENCE = './node_modules/@pageprobe/cli/schema/pageprobe.schema.json';

/** The file read, checked and sent; the changes the API answers. */
export async function planOrApply(
  client: PageprobeClient,
  action: 'plan' | 'apply',
  options: ConfigOptions,
  { out, err, paint }: Output,
): Promise<{ changes: ConfigChange[]; file: string }> {
  const config = await loadConfig(options.file, options);
  for (const warning of config.warnings) err(`warning: ${warning}`);
  const body: ConfigState = {
    ...(config.state as ConfigState),
    managed_by: config.name,
    prune: Boolean(options.prune),
    ...(options.adopt ? { adopt: true } : {}),
  };
  let changes: ConfigChange[];
  let notCompared: unknown[] | undefined;
  try {
    ({ changes, not_compared: notCompared } = await (action === 'plan'
      ? client.config.plan(body)
      : client.config.apply(body)));
  } catch (error) {
    throw entryProblems(error, config) ?? error;
  }
  for (const line of planLines(changes, paint)) out(line);
  const summary = planSummary(changes, config.file);
  out(action === 'apply' && changes.length ? `Applied: ${summary}` : summary);
  // A read key's plan does not compare secrets (issue 56).
  if (notCompared?.length)
    out(paint.dim(`(${notCompared.length} secret values not compared: a read key cannot; plan with a write key)`));
  if (action === 'plan' && !options.prune)
    out(paint.dim('(resources the file no longer lists are deleted only with --prune: plan --prune shows them)'));
  return { changes, file: config.file };
}

/**
 * The API's problems with entries (422 config_invalid, 409 key_conflict name `body.monitors.2.field`) as
 * the file's lines, like the schema's; null for other errors.
 */
export function entryProblems(error: unknown, config: { where: LoadedConfig['where'] }): ConfigError | null {
  if (!(error instanceof PageprobeError) || ![409, 422].includes(error.status)) return null;
  const named = error.errors.filter((e) => e.path?.startsWith('body.'));
  if (!named.length) return null;
  return new ConfigError(
    named.map((e) => {
      const path = e.path
        .slice('body.'.length)
        .split('.')
        .map((part) => (/^\d+$/.test(part) ? Number(part) : part));
      const entry = e as { resource?: string; key?: string | null; field?: string };
      const what = entry.resource
        ? `${entry.resource} ${entry.key ?? '(no key)'}: ${entry.field ? `${entry.field} ` : ''}`
        : `${e.path} `;
      return `${config.where(path)}: ${what}${e.message} (${error.code})`;
    }),
  );
}

/**
 * Writes the team's resources as a file (YAML, or JSON by the name's extension; `-`: standard output):
 * POST /config/export, one write, gives each resource without a key the one the file calls it by and has
 * the file (its name, `managed_by`) take over what it describes, so `plan` of it finds no change.
 */
export async function exportCommand(
  client: PageprobeClient,
  options: ConfigOptions & { force?: boolean },
  { out, err }: Output,
): Promise<void> {
  const file = options.file ?? 'pageprobe.yaml';
  const format = extname(file) === '.json' ? 'json' : ['.yaml', '.yml', ''].includes(extname(file)) ? 'yaml' : null;
  if (!format) throw new ConfigError([`${file}: export writes YAML (.yaml, .yml) or JSON (.json)`]);
  if (file !== '-' && existsSync(resolve(options.cwd, file)) && !options.force)
    throw new ConfigError([`${file} exists: give --force to replace it, or another --file`]);
  // The name plan and apply will send: the file's (standard output's is saved as pageprobe.yaml).
  const name = file === '-' ? 'pageprobe.yaml' : basename(file);
  const exported = await client.config.export({ managed_by: name });
  const sections = Object.fromEntries(Object.entries(exported.config).filter(([, entries]) => entries.length));
  const text =
    format === 'json'
      ? `${JSON.stringify({ $schema: SCHEMA_REFERENCE, ...sections }, null, 2)}\n`
      : `# yaml-language-server: $schema=${SCHEMA_REFERENCE}\n${stringify(sections, { lineWidth: 0 })}`;
  if (file === '-') out(text.trimEnd());
  else writeFileSync(resolve(options.cwd, file), text);
  const count = Object.values(exported.config).reduce((n, entries) => n + entries.length, 0);
  err(`${count} resources written to ${file === '-' ? 'standard output' : file}, now managed by ${name}.`);
  if (exported.keyed) err(`${exported.keyed} of them had no key and now have the one the file gives them.`);
  if (exported.left_out.length) {
    err(`Left out, managed by another file (${exported.left_out.length}):`);
    for (const l of exported.left_out) err(`  ${l.resource} ${l.key}  (${l.managed_by})`);
  }
  if (exported.variables.length) {
    err('Secrets are written as placeholders: set these variables where plan and apply run:');
    for (const v of exported.variables) err(`  ${v.name}  (${v.description})`);
  }
}
