import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

/**
 * A YAML document read from disk (the OpenAPI documents: public.yaml is 285 KB). Parsing it took some 300 ms
 * of CPU, and the API parsed it twice at every start (its validator, then the services' `checkInput`), in
 * every replica, every CLI run and every test file that starts an app. So a document is parsed once per
 * process, and its parse is kept as JSON (about 100 times quicker to read) under `node_modules/.cache/`,
 * keyed by the text's hash: an edited file is parsed afresh, and a stale cache cannot be read. Where the
 * cache cannot be written (a read-only image), the document is simply parsed.
 */
const CACHE = fileURLToPath(new URL('../../../node_modules/.cache/pageprobe-yaml/', import.meta.url));
const parsed = new Map<string, unknown>();

export function readYamlFile(url: URL): unknown {
  const text = readFileSync(url, 'utf8');
  const hash = createHash('sha256').update(text).digest('hex');
  const known = parsed.get(hash);
  if (known !== undefined) return structuredClone(known);
  const value = fromCache(hash) ?? toCache(hash, parse(text));
  parsed.set(hash, value);
  return structuredClone(value);
}

function fromCache(hash: string): unknown {
  try {
    return JSON.parse(readFileSync(`${CACHE}${hash}.json`, 'utf8'));
  } catch {
    return undefined;
  }
}

function toCache(hash: string, value: unknown): unknown {
  try {
    mkdirSync(CACHE, { recursive: true });
    // Written aside, then renamed: a process reading at the same moment sees the whole file or none.
    const temporary = `${CACHE}${hash}.${process.pid}.tmp`;
    writeFileSync(temporary, JSON.stringify(value));
    renameSync(temporary, `${CACHE}${hash}.json`);
  } catch {
    // Read-only or missing: parsing again next time is correct, only slower.
  }
  return value;
}
