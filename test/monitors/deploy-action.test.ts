// Issue 62, the Action's door: `command: deploy` in a workflow tells Pageprobe of the release (the commit
// from GITHUB_SHA when no input names one), waits for its verdict and writes it to GITHUB_OUTPUT; the same
// release told twice (a re-run job) is the same deploy. Run as GitHub runs it: the Action's entry point
// with INPUT_* variables, against the API.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { promisify } from 'node:util';
import { call } from '../support/http.ts';
import { startStack } from '../support/stack.ts';
import { teamWithKey } from '../support/teams.ts';
import { createTestEnv } from '../support/test-env.ts';

const ACTION = new URL('../../packages/cli/src/action.ts', import.meta.url).pathname;
const env = await createTestEnv();
const stack = await startStack(env, { apps: ['api'] });
const { key } = await teamWithKey(env, { plan: 'pro', credits: 10 });
const dir = mkdtempSync(join(tmpdir(), 'deploy-action-'));
after(() => rmSync(dir, { recursive: true, force: true }));

/** The Action as a workflow step runs it; its outputs as GitHub reads GITHUB_OUTPUT (name<<delimiter). */
async function runAction(inputs: Record<string, string>, run: number) {
  const outputFile = join(dir, `output-${run}`);
  const result = await promisify(execFile)(process.execPath, [ACTION], {
    env: {
      PATH: process.env.PATH ?? '',
      GITHUB_OUTPUT: outputFile,
      GITHUB_SHA: '9fceb02d0ae598e95dc970b74767f19372d61af8',
      'INPUT_API-URL': stack.origin,
      'INPUT_API-KEY': key,
      INPUT_COMMAND: 'deploy',
      ...Object.fromEntries(Object.entries(inputs).map(([k, v]) => [`INPUT_${k.toUpperCase()}`, v])),
    },
  });
  const outputs: Record<string, string> = {};
  for (const m of readFileSync(outputFile, 'utf8').matchAll(/^([\w-]+)<<(\S+)\n([\s\S]*?)\n\2$/gm))
    outputs[m[1]!] = m[3]!;
  return { stdout: result.stdout, outputs };
}

test("command: deploy records the release with the workflow's commit, passes, and a re-run is the same deploy", async () => {
  const first = await runAction({ version: 'v2.14.0', environment: 'staging', description: 'Checkout rework' }, 1);
  assert.equal(first.outputs.passed, 'true', first.stdout);
  assert.equal(first.outputs['deploy-status'], 'recorded');
  const id = first.outputs['deploy-id'];
  assert.match(id ?? '', /^[0-9a-f-]{36}$/);
  const deploy = await call<Record<string, unknown>>(`${stack.origin}/api/v1/deploys/${id}`, { token: key });
  assert.equal(deploy.status, 200);
  assert.equal(deploy.body.version, 'v2.14.0');
  assert.equal(deploy.body.environment, 'staging');
  assert.equal(deploy.body.commit, '9fceb02d0ae598e95dc970b74767f19372d61af8');
  assert.equal(deploy.body.description, 'Checkout rework');

  const again = await runAction({ version: 'v2.14.0', environment: 'staging' }, 2);
  assert.equal(again.outputs['deploy-id'], id, 'told twice, one deploy');
  const list = await call<{ data: unknown[] }>(`${stack.origin}/api/v1/deploys`, { token: key });
  assert.equal(list.body.data.length, 1);
});
