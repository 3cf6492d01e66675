// biome-ignore-all lint/suspicious/noTemplateCurlyInString: ${…} is the file's own syntax here
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { promisify } from 'node:util';
import { annotation } from './action-config.ts';

const ACTION = new URL('./action.ts', import.meta.url).pathname;

/** Runs the Action's entry with the inputs (as GitHub passes them) in a workspace holding `files`. */
async function action(
  t: { after: (fn: () => void) => void },
  inputs: Record<string, string>,
  files: Record<string, string>,
) {
  const workspace = mkdtempSync(join(tmpdir(), 'action-config-'));
  t.after(() => rmSync(workspace, { recursive: true, force: true }));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(workspace, name), text);
  const env = {
    PATH: process.env.PATH ?? '',
    GITHUB_WORKSPACE: workspace,
    'INPUT_API-URL': 'http://127.0.0.1:9',
    'INPUT_API-KEY': 'pp_live_unused',
    ...Object.fromEntries(Object.entries(inputs).map(([k, v]) => [`INPUT_${k.toUpperCase()}`, v])),
  };
  return promisify(execFile)(process.execPath, [ACTION], { env }).then(
    (r) => ({ code: 0, stdout: r.stdout }),
    (error: { code: number; stdout: string }) => ({ code: error.code, stdout: error.stdout }),
  );
}

test('command: plan checks the file before any request: each problem an error annotation on its line, exit 1', async (t) => {
  const result = await action(
    t,
    { command: 'plan' },
    {
      'pageprobe.yaml':
        'monitors:\n  - key: home\n    url: https://example.com/\n    inteval_seconds: 300\n  - key: api\n    url: https://example.com/api\n    interval_seconds: 60\n    headers:\n      Authorization: ${API_TOKEN}\n',
    },
  );
  assert.equal(result.code, 1);
  assert.deepEqual(result.stdout.split('\n').filter(Boolean), [
    '::add-mask::pp_live_unused',
    '::error file=pageprobe.yaml,line=9,col=22::${API_TOKEN} is not set (monitors[1].headers.Authorization)',
  ]);
  const typo = await action(
    t,
    { command: 'apply', file: 'other.yaml' },
    {
      'other.yaml': 'monitors:\n  - key: home\n    url: https://example.com/\n    inteval_seconds: 300\n',
    },
  );
  assert.equal(typo.code, 1);
  assert.match(
    typo.stdout,
    /^::error file=other\.yaml,line=4,col=5::monitors\[0\]\.inteval_seconds is not a field \(did you mean interval_seconds\?\)$/m,
  );
});

test('an unknown command is an error; the test command still needs its urls', async (t) => {
  const unknown = await action(t, { command: 'destroy' }, {});
  assert.equal(unknown.code, 2);
  assert.match(unknown.stdout, /^::error::input command: test, plan, apply or deploy, not destroy$/m);
  const test = await action(t, {}, {});
  assert.equal(test.code, 2);
  assert.match(test.stdout, /^::error::inputs urls, api-url and api-key are required$/m);
});

test('a problem at file:line:column becomes an annotation of that line, other messages stay plain', () => {
  assert.equal(
    annotation('warning', 'pageprobe.yaml:6:10: alert_channels[0].url is a secret'),
    '::warning file=pageprobe.yaml,line=6,col=10::alert_channels[0].url is a secret\n',
  );
  assert.equal(annotation('error', 'nope.yaml: no such file'), '::error::nope.yaml: no such file\n');
});
