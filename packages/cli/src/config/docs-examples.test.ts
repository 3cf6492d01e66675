import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { parse } from 'yaml';
import { loadConfig } from './load-config.ts';

// docs/monitoring-as-code.md's examples are what readers copy: each file in it passes the schema the CLI
// checks with, and its workflow passes only inputs the Action has.
const root = new URL('../../../../', import.meta.url);
const PAGE = readFileSync(new URL('docs/monitoring-as-code.md', root), 'utf8');
const blocks = (lang: string) =>
  [...PAGE.matchAll(new RegExp(`\`\`\`${lang}\\n([\\s\\S]*?)\`\`\``, 'g'))].map((m) => m[1]!);

/** Every ${VARIABLE} the text uses, set (a URL where the name says so). */
const envFor = (text: string) =>
  Object.fromEntries(
    [...text.matchAll(/\$\{([A-Z_][A-Z0-9_]*)\}/g)].map(([, name]) => [
      name!,
      name!.endsWith('_URL') ? 'https://hooks.slack.com/services/T0/B0/x' : 'a-secret',
    ]),
  );

function folder(t: { after: (fn: () => void) => void }) {
  // Inside the package: a pageprobe.config.ts imports @pageprobe/client as in a user's project.
  const dir = mkdtempSync(join(new URL('../..', import.meta.url).pathname, '.docs-example-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

test('every pageprobe.yaml in docs/monitoring-as-code.md passes the schema, with its secrets as variables', async (t) => {
  const files = blocks('yaml').filter((b) => b.startsWith('# yaml-language-server: $schema='));
  assert.ok(files.length >= 1);
  for (const text of files) {
    const cwd = folder(t);
    writeFileSync(join(cwd, 'pageprobe.yaml'), text);
    const config = await loadConfig(undefined, { cwd, env: envFor(text) });
    assert.deepEqual(config.warnings, [], 'the example keeps its secrets in variables');
    const all = Object.values(config.state).flat();
    assert.ok(all.length >= 4, 'the example shows every section');
  }
});

test("the docs' pageprobe.config.ts passes the schema through defineConfig", async (t) => {
  const [code] = blocks('ts').filter((b) => b.includes('defineConfig'));
  assert.ok(code);
  const cwd = folder(t);
  writeFileSync(join(cwd, 'pageprobe.config.ts'), code);
  const config = await loadConfig(undefined, { cwd, env: {} });
  assert.deepEqual(
    config.state.monitors?.map((m) => m.key),
    ['speed-home', 'speed-pricing', 'speed-docs'],
  );
});

test("the docs' workflow uses the Action with inputs it has and command plan or apply", () => {
  const inputs = Object.keys((parse(readFileSync(new URL('action.yml', root), 'utf8')) as { inputs: object }).inputs);
  const workflows = blocks('yaml').filter((b) => b.includes('uses: pageprobe/pageprobe@'));
  assert.ok(workflows.length >= 1);
  for (const text of workflows) {
    const steps = Object.values(
      (parse(text) as { jobs: Record<string, { steps: Array<{ uses?: string; with: Record<string, string> }> }> }).jobs,
    )
      .flatMap((job) => job.steps)
      .filter((s) => String(s.uses).startsWith('pageprobe/pageprobe@'));
    for (const step of steps) {
      for (const name of Object.keys(step.with)) assert.ok(inputs.includes(name), `the Action has no input ${name}`);
      assert.match(step.with.command ?? '', /'apply'.*'plan'/);
    }
  }
});
