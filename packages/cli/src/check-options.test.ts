import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { tempDir } from './testing/temp-dir.ts';
import { UsageError } from './assertions.ts';
import { checkFields, targetOf } from './check-options.ts';

test('--type dns with --record and --resolver is the RFC 4501 URI the API reads', () => {
  assert.equal(targetOf('example.com', { type: 'dns', record: 'mx' }), 'dns:example.com?type=MX');
  assert.equal(
    targetOf('example.com', { type: 'dns', record: 'A', resolver: '192.0.2.53:5353' }),
    'dns://192.0.2.53:5353/example.com?type=A',
  );
  assert.equal(targetOf('example.com', { type: 'dns', resolver: '192.0.2.53' }), 'dns://192.0.2.53/example.com?type=A');
  assert.equal(
    targetOf('example.com', { type: 'dns', record: 'AAAA', resolver: '2001:db8::53' }),
    'dns://[2001:db8::53]/example.com?type=AAAA',
  );
  assert.equal(
    targetOf('example.com', { type: 'dns', resolver: '[2001:db8::53]:5353' }),
    'dns://[2001:db8::53]:5353/example.com?type=A',
  );
  // Without them, as typed: the API reads a bare name (type A), a dns: URI, a tcp host:port.
  assert.equal(targetOf('example.com', { type: 'dns' }), 'example.com');
  assert.equal(targetOf('db.example.com:5432', { type: 'tcp' }), 'db.example.com:5432');
  for (const [input, args] of [
    ['example.com', { type: 'tcp', record: 'MX' }],
    ['dns:example.com?type=A', { type: 'dns', record: 'MX' }],
    ['example.com', { type: 'dns', resolver: 'ns1.example.com' }],
    ['example.com', { type: 'dns', resolver: '192.0.2.53:port' }],
  ] as const) {
    assert.throws(() => targetOf(input, args), UsageError, `${input} ${JSON.stringify(args)}`);
  }
});

test('a request: --method upper-cased, --body or --body-file, --content-type, each --expect, --tls', () => {
  const dir = tempDir('cli-body-');
  const file = join(dir, 'body.json');
  writeFileSync(file, '{"q":1}\n');
  assert.deepEqual(
    checkFields({
      method: 'post',
      'body-file': file,
      'content-type': 'application/json',
      expect: ['status=201', 'json:$.ok=true'],
    }),
    {
      method: 'POST',
      body: '{"q":1}\n',
      content_type: 'application/json',
      expect: [
        { source: 'status', operator: 'eq', value: 201 },
        { source: 'json', path: '$.ok', operator: 'eq', value: true },
      ],
    },
  );
  assert.deepEqual(checkFields({ tls: true, expect: [] }), { tls: true });
  assert.deepEqual(checkFields({}), {});
  assert.throws(() => checkFields({ body: 'a', 'body-file': file }), UsageError);
  assert.throws(() => checkFields({ 'body-file': join(dir, 'missing') }), /--body-file .*missing: ENOENT/);
});

test('--steps reads a JSON array of steps from a file; anything else is a usage error naming the file', () => {
  const dir = tempDir('cli-steps-');
  const file = join(dir, 'steps.json');
  const steps = [
    {
      type: 'click',
      selector: '#checkout',
      name: 'Checkout',
      expect: [{ source: 'step_ms', operator: 'lt', value: 2000 }],
    },
    { type: 'assert_text', text: 'Thank you' },
  ];
  writeFileSync(file, JSON.stringify(steps));
  assert.deepEqual(checkFields({ steps: file }), { steps });
  writeFileSync(join(dir, 'object.json'), '{"type":"click"}');
  assert.throws(
    () => checkFields({ steps: join(dir, 'object.json') }),
    /--steps .*object\.json: a JSON array of steps/,
  );
  writeFileSync(join(dir, 'broken.json'), '[{"type":');
  assert.throws(() => checkFields({ steps: join(dir, 'broken.json') }), /--steps .*broken\.json: not JSON/);
  assert.throws(() => checkFields({ steps: join(dir, 'missing') }), /--steps .*missing: ENOENT/);
});
