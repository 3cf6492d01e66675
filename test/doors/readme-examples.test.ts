// Issue 23: the docs' verification examples must keep working for receivers outside this repository.
// The blocks marked `<!-- example: verify-node -->` and `verify-python` (docs/api.md) are taken as they
// are and run against signatures made the way the dispatcher makes them.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { signPayload } from '@pageprobe/webhook-verify';

const readme = readFileSync(new URL('../../docs/api.md', import.meta.url), 'utf8');
const block = (name: string) => {
  const match = new RegExp(`<!-- example: ${name} -->\\n\`\`\`\\w+\\n([\\s\\S]*?)\`\`\``).exec(readme);
  assert.ok(match, `docs/api.md has the ${name} example`);
  return match[1]!;
};
const dir = mkdtempSync(join(tmpdir(), 'readme-'));
const secret = 'whsec_readme_example';
const body = '{"event":"test.completed","test":{"id":"t1"}}';
const now = Math.floor(Date.now() / 1000);
const cases = [
  { name: 'fresh', header: signPayload(secret, Buffer.from(body), now), body, ok: true },
  {
    name: 'changed body',
    header: signPayload(secret, Buffer.from(body), now),
    body: body.replace('t1', 't2'),
    ok: false,
  },
  { name: 'other secret', header: signPayload('whsec_other', Buffer.from(body), now), body, ok: false },
  { name: 'too old', header: signPayload(secret, Buffer.from(body), now - 301), body, ok: false },
  // Issue 45: while a team rotates its secret, a callback carries t=…,v1=<new>,v1=<old>; either verifies.
  { name: 'rotation, as the new', header: signPayload([secret, 'whsec_old'], Buffer.from(body), now), body, ok: true },
  { name: 'rotation, as the old', header: signPayload(['whsec_new', secret], Buffer.from(body), now), body, ok: true },
  {
    name: 'rotation, neither',
    header: signPayload(['whsec_new', 'whsec_old'], Buffer.from(body), now),
    body,
    ok: false,
  },
];

test('the docs’ node:crypto verification accepts a real signature and refuses the rest', async () => {
  const file = join(dir, 'verify.mjs');
  writeFileSync(file, block('verify-node'));
  const { verify } = (await import(file)) as { verify(h: string, b: string, s: string): unknown };
  for (const c of cases) {
    const outcome = (() => {
      try {
        return JSON.stringify(verify(c.header, c.body, secret));
      } catch {
        return null;
      }
    })();
    assert.equal(outcome !== null, c.ok, c.name);
  }
});

test('the docs’ Python verification does the same', () => {
  const file = join(dir, 'verify.py');
  writeFileSync(
    file,
    `${block('verify-python')}
import sys
for header, raw in zip(sys.argv[2::2], sys.argv[3::2]):
    try:
        verify(header, raw.encode(), sys.argv[1])
        print("ok")
    except ValueError:
        print("refused")
`,
  );
  const out = execFileSync('python3', [file, secret, ...cases.flatMap((c) => [c.header, c.body])], {
    encoding: 'utf8',
  });
  assert.deepEqual(
    out.trim().split('\n'),
    cases.map((c) => (c.ok ? 'ok' : 'refused')),
  );
});
