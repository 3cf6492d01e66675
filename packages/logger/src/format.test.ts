import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { test } from 'node:test';

// A process that logs one line with a secret in it, run piped and in a pseudo-terminal (`script`).
const PROGRAM = `import { createLogger } from ${JSON.stringify(new URL('./index.ts', import.meta.url).href)};
createLogger({ name: 'probe' }).info({ password: 'hunter2' }, 'hello reader');`;

test('JSON lines when piped; readable coloured lines on a terminal; secrets redacted either way', () => {
  const piped = execFileSync(process.execPath, ['--input-type=module', '-e', PROGRAM], { encoding: 'utf8' });
  const entry = JSON.parse(piped.trim());
  assert.deepEqual([entry.msg, entry.password], ['hello reader', '[redacted]']);

  const command = [process.execPath, '--input-type=module', '-e', PROGRAM]
    .map((a) => `'${a.replaceAll("'", "'\\''")}'`)
    .join(' ');
  const tty = execFileSync('script', ['-qec', command, '/dev/null'], { encoding: 'utf8' });
  assert.match(tty, /INFO/);
  assert.match(tty, /hello reader/);
  assert.ok(tty.includes('\u001b['), 'coloured');
  assert.throws(() => JSON.parse(tty.trim()), 'not JSON');
  assert.ok(!tty.includes('hunter2'));
});
