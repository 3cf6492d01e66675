// The beacon's build: one minified script (an IIFE: a classic <script async>, nothing exported) from
// src/beacon.ts and web-vitals. `pnpm --filter @pageprobe/rum build:beacon` writes dist/beacon.js (checked
// in and served by the API); src/beacon-bundle.test.ts builds it again in memory and compares.
import { writeFileSync } from 'node:fs';
import { build } from 'esbuild';

export const BEACON_DIST = new URL('./dist/beacon.js', import.meta.url);

export async function buildBeacon(): Promise<Uint8Array> {
  const result = await build({
    entryPoints: [new URL('./src/beacon.ts', import.meta.url).pathname],
    bundle: true,
    minify: true,
    // Class fields kept as written (web-vitals has classes): every browser that reports LCP or INP runs
    // ES2022, and older ones still run the script (they send what they measure: TTFB, FCP).
    target: 'es2022',
    format: 'iife',
    // web-vitals' private members start with `_`; its own build shortens them the same way.
    mangleProps: /^_/,
    legalComments: 'none',
    write: false,
    logLevel: 'warning',
  });
  return result.outputFiles[0]!.contents;
}

if (import.meta.main) writeFileSync(BEACON_DIST, await buildBeacon());
