// Builds every target of infra/docker/Dockerfile with podman, its layers cached in podman's storage between
// runs: a run with nothing changed rebuilds nothing.
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { buildSecret } from './base-images.ts';
import { megabytes, say, seconds } from './log.ts';
import { imageSize, podman, retried } from './podman.ts';

export const REPO = fileURLToPath(new URL('../../', import.meta.url));
/** In the order that shares the most: the install stage first (migrate), the browser image's Chromium last. */
export const TARGETS = [
  'migrate',
  'api',
  'dashboard',
  'worker-uptime',
  'callback-dispatcher',
  'worker-browser',
] as const;
export type Target = (typeof TARGETS)[number];
export const localTag = (target: Target) => `localhost/pageprobe/${target}:test`;

export interface Built {
  target: Target;
  bytes: number;
  ms: number;
  /** Steps that ran rather than came from the cache. */
  rebuilt: number;
  steps: number;
}

export async function buildTarget(target: Target, baseImage: string): Promise<Built> {
  const started = performance.now();
  const { stdout, stderr } = await retried(`build ${target}`, 2, () =>
    podman(
      [
        'build',
        '--layers',
        '--pull=never',
        '-f',
        'infra/docker/Dockerfile',
        '--target',
        target,
        '--build-arg',
        `NODE_IMAGE=${baseImage}`,
        ...buildSecret,
        '-t',
        localTag(target),
        REPO,
      ],
      { log: `build-${target}.log` },
    ),
  );
  const ms = performance.now() - started;
  // podman prints "[stage/stages] STEP n/m: …" for every step of the stages the target needs, and
  // "--> Using cache" for each one it did not run (a stage's FROM is never one of either).
  const output = `${stdout}${stderr}`;
  const steps = (output.match(/STEP \d+\/\d+: (?!FROM )/g) ?? []).length;
  const cached = (output.match(/--> Using cache /g) ?? []).length;
  const built = { target, bytes: await imageSize(localTag(target)), ms, steps, rebuilt: steps - cached };
  say(
    `  ${target}: ${megabytes(built.bytes)}, ${seconds(ms)}, ${built.rebuilt === 0 ? 'nothing rebuilt' : `${built.rebuilt} of ${steps} steps run`}`,
  );
  return built;
}

/** The budgets the images are held to (issue 35). */
const BUDGET_BYTES: Partial<Record<Target, number>> = { api: 400e6, 'worker-browser': 1.5e9 };

/** An image within its budget, holding neither the CA build secret nor the package cache. */
export async function checkImage(b: Built): Promise<void> {
  const budget = BUDGET_BYTES[b.target];
  if (budget)
    assert.ok(b.bytes <= budget, `${b.target} is ${megabytes(b.bytes)}, over its ${megabytes(budget)} budget`);
  const shell = 'ls -d /run/secrets/ca /pnpm-store 2>/dev/null || true';
  const found = await podman(['run', '--rm', '--pull=never', '--entrypoint', 'sh', localTag(b.target), '-c', shell]);
  assert.equal(found.stdout.trim(), '', `${b.target} keeps ${found.stdout.trim()}`);
}
