import assert from 'node:assert/strict';
import { globSync, readFileSync } from 'node:fs';
import { test } from 'node:test';

// Issue 44 item 10: the docs pin the Action to a release tag. A branch (`@main`) runs whatever is pushed
// to it next, with the reader's API key; the tag is the one the next release (`npm run version`) makes.
const root = new URL('../../../', import.meta.url);
const read = (path: string) => readFileSync(new URL(path, root), 'utf8');

const BUMPS = ['patch', 'minor', 'major'] as const;

/** The version `npm run version` gives the published packages (one fixed group): now, or after the pending changesets. */
function releaseVersion(): string {
  const [group] = JSON.parse(read('.changeset/config.json')).fixed as string[][];
  let bump = -1;
  for (const file of globSync('.changeset/*.md', { cwd: root })) {
    if (file.endsWith('README.md')) continue;
    const front = read(file).split('---')[1] ?? '';
    for (const [, name, kind] of front.matchAll(/^"?([^":\s]+)"?:\s*(patch|minor|major)\s*$/gm))
      if (group!.includes(name!)) bump = Math.max(bump, BUMPS.indexOf(kind as (typeof BUMPS)[number]));
  }
  const [major, minor, patch] = (JSON.parse(read('packages/cli/package.json')).version as string)
    .split('.')
    .map(Number);
  if (bump === 2) return `${major! + 1}.0.0`;
  if (bump === 1) return `${major}.${minor! + 1}.0`;
  if (bump === 0) return `${major}.${minor}.${patch! + 1}`;
  return `${major}.${minor}.${patch}`;
}

test('the docs pin the Action to the release tag, never a branch', () => {
  const pages = [
    'README.md',
    'action.yml',
    ...globSync('docs/**/*.md', { cwd: root }),
    ...globSync('packages/*/README.md', { cwd: root }),
  ];
  const uses = pages.flatMap((page) =>
    [...read(page).matchAll(/pageprobe\/pageprobe@([\w.\-/]+)/g)].map((m) => ({ page, ref: m[1]! })),
  );
  assert.ok(
    uses.some((u) => u.page === 'docs/api.md'),
    'docs/api.md shows the Action',
  );
  const tag = `v${releaseVersion()}`;
  for (const { page, ref } of uses) assert.equal(ref, tag, `${page} pins pageprobe/pageprobe@${ref}`);
});
