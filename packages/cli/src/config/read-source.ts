// Reads pageprobe.yaml, pageprobe.json or pageprobe.config.ts into a plain value, keeping where each part of
// it was written so that every later complaint (a missing variable, a misspelt field) names file:line:column.
import { existsSync, readFileSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { isMap, isSeq, LineCounter, type Node, parseDocument } from 'yaml';
import { ConfigError, type ValuePath } from './config-error.ts';

/** The names looked for, in this order, when no --file is given. */
export const CONFIG_FILES = ['pageprobe.yaml', 'pageprobe.yml', 'pageprobe.json', 'pageprobe.config.ts'];

export interface Source {
  /** The path as given (or found), for messages. */
  file: string;
  /** The file's name, sent as `managed_by`. */
  name: string;
  value: unknown;
  /**
   * `file:line:column` of the value at `path` (of its key with `key`), or `file` alone where the format
   * keeps no positions (a .ts file's object).
   */
  where(path: ValuePath, opts?: { key?: boolean }): string;
}

/** The file to read: --file, else the first of CONFIG_FILES in `cwd`. */
export function findConfigFile(file: string | undefined, cwd: string): string {
  if (file) {
    if (!existsSync(resolve(cwd, file))) throw new ConfigError([`${file}: no such file`]);
    return file;
  }
  const found = CONFIG_FILES.find((name) => existsSync(resolve(cwd, name)));
  if (!found) throw new ConfigError([`no ${CONFIG_FILES.join(', ')} here (or give --file)`]);
  return found;
}

/** YAML, and JSON (which YAML 1.2 reads as it is, with the same positions). */
export function readText(file: string, text: string): Source {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true });
  const at = (offset: number) => {
    const { line, col } = lineCounter.linePos(offset);
    return `${file}:${line}:${col}`;
  };
  if (doc.errors.length) throw new ConfigError(doc.errors.map((e) => `${at(e.pos[0])}: ${e.message.split('\n')[0]}`));
  return {
    file,
    name: basename(file),
    value: doc.toJS({ maxAliasCount: 100 }) ?? {},
    where(path, { key = false } = {}) {
      let node: Node | null = doc.contents;
      let keyNode: Node | null = null;
      for (const part of path) {
        if (isMap(node)) {
          const pair = node.items.find((p) => (p.key as { value?: unknown } | null)?.value === part);
          if (!pair) break;
          keyNode = pair.key as Node;
          node = pair.value as Node | null;
        } else if (isSeq(node) && typeof part === 'number') {
          keyNode = null;
          node = node.items[part] as Node | null;
        } else break;
      }
      const target = key && keyNode ? keyNode : node;
      return target?.range ? at(target.range[0]) : file;
    },
  };
}

/** pageprobe.config.ts (or .js, .mjs): its default export, an object or a promise of one (defineConfig's). */
async function readModule(file: string, cwd: string): Promise<Source> {
  let mod: { default?: unknown };
  try {
    mod = await import(pathToFileURL(resolve(cwd, file)).href);
  } catch (error) {
    const message = (error as Error).message.split('\n')[0] ?? '';
    const hint = /Unknown file extension/.test(message) ? ' (a .ts file needs Node 22.18 or later)' : '';
    throw new ConfigError([`${file}: ${message}${hint}`]);
  }
  const value = await mod.default;
  if (!value || typeof value !== 'object')
    throw new ConfigError([`${file}: export the configuration as default (export default defineConfig({...}))`]);
  // No positions in an object: the messages name the path in it.
  return { file, name: basename(file), value, where: () => file };
}

export async function readSource(file: string, cwd: string): Promise<Source> {
  if (/\.(c|m)?(t|j)s$/.test(file)) return readModule(file, cwd);
  let text: string;
  try {
    text = readFileSync(resolve(cwd, file), 'utf8');
  } catch (error) {
    throw new ConfigError([`${file}: ${(error as Error).message}`]);
  }
  return readText(file, text);
}
