import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { test } from 'node:test';
import { open, SecretsError, seal } from './secret-box.ts';

const key = randomBytes(32);
const value = { headers: { 'x-api-key': 'hunter2' }, password: 's3cret' };

test('sealed values open with the same key and context, and carry no plaintext', () => {
  const sealed = seal(key, value, 'test:1');
  assert.deepEqual(open(key, sealed, 'test:1'), value);
  assert.ok(!sealed.includes(Buffer.from('hunter2')));
  assert.notDeepEqual(seal(key, value, 'test:1'), sealed, 'a fresh IV each time');
});

test('another key, another context or one changed byte does not open', () => {
  const sealed = seal(key, value, 'test:1');
  assert.throws(() => open(randomBytes(32), sealed, 'test:1'), SecretsError);
  assert.throws(() => open(key, sealed, 'test:2'), SecretsError);
  const tampered = Buffer.from(sealed);
  tampered[tampered.length - 1]! ^= 1;
  assert.throws(() => open(key, tampered, 'test:1'), SecretsError);
});
