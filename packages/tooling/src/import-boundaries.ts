import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

// Imports run one way (issue 57): an app imports packages, never another app; a package imports packages,
// never an app. What two apps share is a package (the dashboard and the API share @pageprobe/services).
// Checked on the sources' import statements and on each package.json's dependencies.

const SOURCE = /\.(ts|tsx|mts|mjs|js)$/;
const SKIP = new Set(['node_modules', 'generated', 'dist', '.turbo']);
/** `import … from 'x'`, `export … from 'x'`, `import 'x'`, `import('x')`, `require('x')`. */
const SPECIFIER =
  /(?:^|[\s;}])(?:import|export)\s[^'"]*?\sfrom\s*['"]([^'"]+)['"]|(?:^|[\s;])import\s*['"]([^'"]+)['"]|\b(?:import|require)\s*\(\s*['"]([^'"]+)['"]\s*\)/gm;

export interface Violation {
  /** The file (or package.json) that imports, from the repository's root. */
  file: string;
  /** What it names: a package name or a relative path. */
  imports: string;
  rule: string;
}

interface Workspace {
  /** apps/<dir> or packages/<dir>, from the root. */
  dir: string;
  name: string;
  isApp: boolean;
}

function workspaces(root: string): Workspace[] {
  const found: Workspace[] = [];
  for (const [top, isApp] of [
    ['apps', true],
    ['packages', false],
  ] as const) {
    const base = join(root, top);
    if (!existsSync(base)) continue;
    for (const entry of readdirSync(base, { withFileTypes: true })) {
      const manifest = join(base, entry.name, 'package.json');
      if (!entry.isDirectory() || !existsSync(manifest)) continue;
      const { name } = JSON.parse(readFileSync(manifest, 'utf8')) as { name: string };
      found.push({ dir: `${top}/${entry.name}`, name, isApp });
    }
  }
  return found;
}

function* sourceFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.has(entry.name)) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(path);
    else if (SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts')) yield path;
  }
}

/** The manifests under a workspace: its own, and those of packages nested in it (a kind's runner). */
function* manifests(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.has(entry.name)) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* manifests(path);
    else if (entry.name === 'package.json') yield path;
  }
}

export function specifiers(source: string): string[] {
  return [...source.matchAll(SPECIFIER)].map((m) => (m[1] ?? m[2] ?? m[3])!);
}

/** Every import that runs the wrong way in the repository at `root`; none when imports run one way. */
export function boundaryViolations(root: string): Violation[] {
  const all = workspaces(root);
  const apps = all.filter((w) => w.isApp);
  const appByName = new Map(apps.map((a) => [a.name, a]));
  const appOfPath = (path: string) => apps.find((a) => path === a.dir || path.startsWith(`${a.dir}/`));
  const violations: Violation[] = [];
  const check = (from: Workspace, file: string, imports: string, target: Workspace | undefined) => {
    if (!target || target === from) return;
    violations.push({
      file,
      imports,
      rule: from.isApp
        ? `an app (${from.name}) imports another app (${target.name}): share a package instead`
        : `a package (${from.name}) imports an app (${target.name}): move what it needs into a package`,
    });
  };
  for (const from of all) {
    const dir = join(root, from.dir);
    for (const path of sourceFiles(dir)) {
      const file = relative(root, path).split(sep).join('/');
      for (const spec of specifiers(readFileSync(path, 'utf8'))) {
        if (spec.startsWith('.')) {
          const target = relative(root, resolve(dirname(path), spec))
            .split(sep)
            .join('/');
          check(from, file, spec, appOfPath(target));
        } else {
          const name = spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]!;
          check(from, file, spec, appByName.get(name));
        }
      }
    }
    for (const path of manifests(dir)) {
      const file = relative(root, path).split(sep).join('/');
      const manifest = JSON.parse(readFileSync(path, 'utf8')) as Record<string, Record<string, string> | undefined>;
      for (const field of ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies']) {
        for (const name of Object.keys(manifest[field] ?? {})) check(from, file, name, appByName.get(name));
      }
    }
  }
  return violations;
}
