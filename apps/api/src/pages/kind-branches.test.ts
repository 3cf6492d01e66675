import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { monitorKindNames } from '@pageprobe/test-kinds';

// Issue 44 item 11: a monitor's page and badges show what the monitor's kind declares in its folder
// (`monitor.page`), so adding a kind touches its folder and the registry only. The code that loads and
// draws pages names no kind of monitor (a heartbeat's too): no `type === 'uptime'`, no table keyed by kind names.
const here = import.meta.dirname;
const FOLDERS = [here, join(here, '../../../../packages/pages/src')];

const sources = FOLDERS.flatMap((dir) =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
    .map((f) => ({ file: join(dir, f), text: readFileSync(join(dir, f), 'utf8') })),
);

/** A kind's name as a string (a comparison, a `case`) or as the key of a table by kind. */
const naming = (name: string) => new RegExp(`(['"\`])${name}\\1|^\\s*${name}\\s*:\\s*[[{]`, 'm');

test('the pattern finds the branches the pages had before', () => {
  assert.match("  runWord: monitor.type === 'uptime' ? 'check' : 'test',", naming('uptime'));
  assert.match("const score = test.type === 'seo_crawl' ? a : b;", naming('seo_crawl'));
  assert.match('const CHARTS = {\n  lighthouse: [\n', naming('lighthouse'));
  // A figure that shares a kind's name is no branch on the kind.
  assert.doesNotMatch('  uptime: Record<string, number | null>;', naming('uptime'));
  assert.doesNotMatch("  uptime_24h: { file: 'uptime-24h' },", naming('uptime'));
});

test("no code that loads or draws a monitor's page branches on a kind's name", () => {
  assert.ok(sources.length >= 10, `read ${sources.length} files`);
  const found = sources.flatMap(({ file, text }) =>
    monitorKindNames.filter((name) => naming(name).test(text)).map((name) => `${file}: ${name}`),
  );
  assert.deepEqual(found, [], "declare it in the kind's folder (monitor.page) instead");
});
