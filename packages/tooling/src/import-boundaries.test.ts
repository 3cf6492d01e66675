// Imports run one way (issue 57): no app imports another app, no package imports an app. The check reads
// the sources and the package.json files of apps/* and packages/*.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { boundaryViolations, specifiers } from './import-boundaries.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

test('no app imports another app, and no package imports an app', () => {
  const violations = boundaryViolations(ROOT);
  assert.deepEqual(
    violations.map((v) => `${v.file} imports ${v.imports}: ${v.rule}`),
    [],
    'imports that run the wrong way',
  );
});

const dirs: string[] = [];
after(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function tree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'pageprobe-boundaries-'));
  dirs.push(root);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

const manifest = (name: string, dependencies: Record<string, string> = {}) => JSON.stringify({ name, dependencies });

test('the check finds an app importing another app, by name, by path or as a dependency', () => {
  const root = tree({
    'apps/api/package.json': manifest('@x/api'),
    'apps/api/src/own.ts': "import { a } from './b.ts';\nimport { c } from '@x/lib';\n",
    'apps/dashboard/package.json': manifest('@x/dashboard', { '@x/api': 'workspace:*' }),
    'apps/dashboard/src/page.ts': "import { checkInput } from '@x/api/services';\n",
    'apps/dashboard/src/other.ts': "export { x } from '../../api/src/own.ts';\nconst y = await import('@x/api');\n",
    'packages/lib/package.json': manifest('@x/lib'),
    'packages/lib/src/index.ts': "import type { T } from '@x/dashboard';\nimport { readFileSync } from 'node:fs';\n",
  });
  const found = boundaryViolations(root).map((v) => `${v.file} -> ${v.imports}`);
  assert.deepEqual(found.sort(), [
    'apps/dashboard/package.json -> @x/api',
    'apps/dashboard/src/other.ts -> ../../api/src/own.ts',
    'apps/dashboard/src/other.ts -> @x/api',
    'apps/dashboard/src/page.ts -> @x/api/services',
    'packages/lib/src/index.ts -> @x/dashboard',
  ]);
});

test('an import inside a string or a file read by path is no import', () => {
  assert.deepEqual(
    specifiers(
      "const doc = new URL('../../../apps/api/src/openapi/public.yaml', import.meta.url);\n" +
        "const words = 'import from the API';\nimport {\n  a,\n  b,\n} from '@x/lib';\n",
    ),
    ['@x/lib'],
  );
});
