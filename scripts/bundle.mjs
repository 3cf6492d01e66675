// `node ../../scripts/bundle.mjs <entry.ts> <out.js> [--self-contained]`, from a package's folder: one
// JavaScript file for Node 20 and later. The package's dependencies from npm stay imports (npm installs
// them); the workspace's (`workspace:*`, such as @pageprobe/client) are bundled in, and scripts/pack.ts
// leaves them out of the published package.json. `--self-contained` bundles everything (the Action, which
// nothing installs).
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const [entry, outfile, ...flags] = process.argv.slice(2);
if (!entry || !outfile) throw new Error('usage: bundle.mjs <entry.ts> <out.js> [--self-contained]');
const { dependencies = {} } = JSON.parse(readFileSync('package.json', 'utf8'));

await build({
  entryPoints: [entry],
  outfile,
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  external: flags.includes('--self-contained')
    ? []
    : Object.entries(dependencies)
        .filter(([, spec]) => !spec.startsWith('workspace:'))
        .flatMap(([name]) => [name, `${name}/*`]),
  // The entries run their main when started (import.meta.main, Node 24); the bundle is always started.
  define: { 'import.meta.main': 'true' },
  legalComments: 'none',
  // CommonJS packages bundled into an ES module (yaml requires node:process) need a require of their own.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module';\nconst require = __createRequire(import.meta.url);",
  },
  logLevel: 'warning',
});
