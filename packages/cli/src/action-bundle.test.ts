import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { tempDir } from './testing/temp-dir.ts';
import { promisify } from 'node:util';

const PACKAGE = new URL('..', import.meta.url).pathname;
const COMMITTED = new URL('../../../action/index.mjs', import.meta.url).pathname;

// GitHub runs the committed file as it is (action.yml: `using: node24`), so a change to the CLI or the
// client that is not rebuilt into it would never reach the Action's users.
test('the Action bundle in the repository is the one action.ts builds to', async () => {
  const fresh = join(tempDir('action-bundle-'), 'index.mjs');
  await promisify(execFile)(
    process.execPath,
    [join(PACKAGE, '../../scripts/bundle.mjs'), 'src/action.ts', fresh, '--self-contained'],
    { cwd: PACKAGE },
  );
  assert.ok(
    readFileSync(COMMITTED, 'utf8') === readFileSync(fresh, 'utf8'),
    'action/index.mjs is stale: run `pnpm --filter @pageprobe/cli build` and commit it',
  );
});
