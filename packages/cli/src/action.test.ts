import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { test } from 'node:test';
import { promisify } from 'node:util';
import { workflowCommand } from './workflow-command.ts';

const ACTION = new URL('./action.ts', import.meta.url).pathname;
// The runner's own unescaping (actions/runner ActionCommand), to check that nothing is lost on the way.
const runnerUnescape = (s: string) =>
  s.replace(/%0D/g, '\r').replace(/%0A/g, '\n').replace(/%3A/g, ':').replace(/%2C/g, ',').replace(/%25/g, '%');

test('an error message with %, CR, LF and :: reaches GitHub as one ::error:: line, not as extra commands', async () => {
  // A config path is echoed in the action's error message: the simplest input-controlled text to reach it.
  const config = '/nonexistent/100%25\r\n::warning::injected\n::set-output name=passed::true';
  const result = await promisify(execFile)(process.execPath, [ACTION], {
    env: {
      PATH: process.env.PATH ?? '',
      INPUT_URLS: 'https://example.com/',
      'INPUT_API-URL': 'http://127.0.0.1:9',
      'INPUT_API-KEY': 'key',
      INPUT_CONFIG: config,
    },
  }).then(
    () => assert.fail('expected exit code 2'),
    (error: { code: number; stdout: string }) => error,
  );
  assert.equal(result.code, 2);
  const lines = result.stdout.split('\n').filter(Boolean);
  assert.deepEqual(
    lines.map((l) => l.match(/^::([\w-]+)/)?.[1]),
    ['add-mask', 'error'],
    result.stdout,
  );
  const message = lines[1]!.slice('::error::'.length);
  assert.doesNotMatch(message, /[\r\n]/);
  assert.ok(runnerUnescape(message).startsWith(`--config ${config}: `), message);
});

test('workflow commands escape %, CR and LF in the message, and : and , too in property values', () => {
  assert.equal(workflowCommand('error', 'a%b\r\nc::d'), '::error::a%25b%0D%0Ac::d\n');
  assert.equal(
    workflowCommand('warning', 'x', { file: 'a,b:c%\n', title: 'T' }),
    '::warning file=a%2Cb%3Ac%25%0A,title=T::x\n',
  );
  assert.equal(runnerUnescape('a%2Cb%3Ac%25%0A'), 'a,b:c%\n');
});
