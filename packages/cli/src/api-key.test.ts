import assert from 'node:assert/strict';
import { Readable } from 'node:stream';
import { test } from 'node:test';
import { readApiKey } from './api-key.ts';
import { run, USAGE } from './main.ts';

/** Runs the CLI in process with this environment and standard input; its exit code and what it wrote. */
async function cli(argv: string[], env: NodeJS.ProcessEnv, stdin = '') {
  const written = { stdout: '', stderr: '' };
  const sink = (name: keyof typeof written) =>
    ({
      write: (text: string) => {
        written[name] += text;
        return true;
      },
      isTTY: false,
    }) as unknown as NodeJS.WriteStream;
  const code = await run(argv, { env, stdin: Readable.from([stdin]), stdout: sink('stdout'), stderr: sink('stderr') });
  return { code, ...written };
}

test('issue 44: --api-key is refused before anything is sent, naming PAGEPROBE_API_KEY and --api-key-stdin', async () => {
  const refused = await cli(['credits', '--api-key', 'pp_live_secret'], { PAGEPROBE_API_URL: 'http://127.0.0.1:9' });
  assert.equal(refused.code, 2);
  assert.match(refused.stderr, /--api-key is not taken: a key in the command line shows in the process list/);
  assert.match(refused.stderr, /PAGEPROBE_API_KEY/);
  assert.match(refused.stderr, /--api-key-stdin/);
  assert.doesNotMatch(refused.stderr, /pp_live_secret/);
});

test('--help says where the key comes from, and that it is never an argument', async () => {
  const help = await cli(['--help'], {});
  assert.equal(help.code, 0);
  assert.equal(help.stdout, USAGE);
  assert.match(USAGE, /PAGEPROBE_API_KEY, or the key on standard\ninput with --api-key-stdin/);
  assert.match(USAGE, /--api-key is refused/);
});

test('the key: from standard input with --api-key-stdin (trimmed), else from PAGEPROBE_API_KEY', async () => {
  const env = { PAGEPROBE_API_KEY: 'from-env' };
  assert.equal(await readApiKey({}, env, Readable.from([])), 'from-env');
  assert.equal(
    await readApiKey({ 'api-key-stdin': true }, env, Readable.from(['pp_live_', 'piped\n'])),
    'pp_live_piped',
  );
  assert.equal(await readApiKey({}, {}, Readable.from([])), undefined);
  await assert.rejects(readApiKey({ 'api-key-stdin': true }, env, Readable.from(['\n'])), /standard input was empty/);
  await assert.rejects(
    readApiKey({ 'api-key-stdin': true }, env, Readable.from(['x'.repeat(5000)])),
    /longer than a key/,
  );
  const empty = await cli(['credits', '--api-key-stdin'], { PAGEPROBE_API_URL: 'http://127.0.0.1:9' }, '');
  assert.deepEqual([empty.code, empty.stderr.split('\n')[0]], [2, '--api-key-stdin: standard input was empty']);
});
