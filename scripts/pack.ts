// `npm run pack`: the packages users install, built and packed by `npm pack` into dist/packs/*.tgz, ready
// for `npm publish <tarball>` or `npx <tarball>`. Versions and changelogs come from changesets
// (`npm run changeset`, then `npm run version`); see docs/releasing.md.
import { execFileSync } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The workspace's published packages, by folder under packages/. */
export const PUBLISHED = ['webhook-verify', 'client', 'cli', 'mcp'] as const;

const ROOT = new URL('..', import.meta.url).pathname;
/** What only the workspace uses: scripts, its dev dependencies and notes, and the publishConfig applied below. */
const WORKSPACE_ONLY = ['scripts', 'devDependencies', 'publishConfig', '//'];

type Manifest = Record<string, unknown> & { name: string; dependencies?: Record<string, string> };

/**
 * package.json as published: publishConfig's fields over the package's own (`null` removes one), without
 * what only the workspace uses. A bundled package (scripts/bundle.mjs) has its workspace dependencies
 * inside it; any other dependency on the workspace could not be installed by anyone else, so it is refused
 * here rather than found by a user.
 */
export function publishedManifest(pkg: Manifest): Manifest {
  const merged: Record<string, unknown> = { ...pkg, ...(pkg.publishConfig as object | undefined) };
  for (const field of WORKSPACE_ONLY) delete merged[field];
  for (const [field, value] of Object.entries(merged)) if (value === null) delete merged[field];
  const deps = Object.entries(pkg.dependencies ?? {});
  const local = deps.filter(([, spec]) => spec.startsWith('workspace:')).map(([name]) => name);
  const bundled = String((pkg.scripts as Record<string, string> | undefined)?.build).includes('bundle.mjs');
  if (local.length > 0 && !bundled) throw new Error(`${pkg.name} depends on ${local.join(', ')} in the workspace`);
  const external = deps.filter(([name]) => !local.includes(name));
  if (external.length > 0) merged.dependencies = Object.fromEntries(external);
  else delete merged.dependencies;
  return merged as Manifest;
}

/** Builds and packs every published package into `outDir`; the tarballs' paths. */
export function pack(outDir = join(ROOT, 'dist', 'packs'), log: (line: string) => void = () => {}): string[] {
  rmSync(outDir, { recursive: true, force: true });
  const tarballs = PUBLISHED.map((name) => {
    const dir = join(ROOT, 'packages', name);
    log(`building packages/${name}`);
    execFileSync('pnpm', ['run', 'build'], { cwd: dir, stdio: ['ignore', 'ignore', 'inherit'] });
    // Staged apart, so the package.json packed is the published one and the workspace's stays as it is.
    const stage = join(outDir, 'stage', name);
    mkdirSync(stage, { recursive: true });
    cpSync(join(dir, 'dist'), join(stage, 'dist'), { recursive: true });
    for (const file of ['README.md', 'CHANGELOG.md'])
      if (existsSync(join(dir, file))) copyFileSync(join(dir, file), join(stage, file));
    copyFileSync(join(ROOT, 'LICENSE'), join(stage, 'LICENSE'));
    const manifest = publishedManifest(JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')));
    writeFileSync(join(stage, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    const [packed] = JSON.parse(
      execFileSync('npm', ['pack', '--json', '--loglevel=error', '--pack-destination', outDir], {
        cwd: stage,
        encoding: 'utf8',
      }),
    ) as [{ filename: string }];
    log(`packed ${packed.filename}`);
    return join(outDir, packed.filename);
  });
  rmSync(join(outDir, 'stage'), { recursive: true, force: true });
  return tarballs;
}

if (import.meta.main) {
  const files = pack(undefined, (line) => process.stdout.write(`${line}\n`));
  process.stdout.write(`\n${files.map((f) => `  ${f}`).join('\n')}\n`);
}
