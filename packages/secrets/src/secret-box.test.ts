import assert from 'node:assert/strict';
import { createCipheriv, randomBytes } from 'node:crypto';
import { test } from 'node:test';
import { keyId, open, SecretsError, seal, sealedWith } from './secret-box.ts';

const key = randomBytes(32);
const value = { headers: { 'x-api-key': 'hunter2' }, password: 's3cret' };

/** A seal as made before key ids (version 1: 1 | IV | tag | ciphertext, the context alone authenticated). */
function sealV1(k: Buffer, v: unknown, context: string): Buffer {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', k, iv);
  cipher.setAAD(Buffer.from(context));
  const body = Buffer.concat([cipher.update(JSON.stringify(v), 'utf8'), cipher.final()]);
  return Buffer.concat([Buffer.from([1]), iv, cipher.getAuthTag(), body]);
}

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

test('a seal names its key: a ring of the current and previous keys opens seals of each', () => {
  const previous = randomBytes(32);
  const current = randomBytes(32);
  const old = seal(previous, value, 'monitor:1');
  assert.ok(sealedWith(previous, old) && !sealedWith(current, old));
  assert.deepEqual(open([current, previous], old, 'monitor:1'), value);
  assert.deepEqual(open([current, previous], seal(current, value, 'monitor:1'), 'monitor:1'), value);
  assert.throws(() => open([current], old, 'monitor:1'), new RegExp(keyId(previous).toString('hex')));
  // The key id is authenticated: a seal relabelled with another key of the ring does not open.
  const relabelled = Buffer.from(old);
  keyId(current).copy(relabelled, 1);
  assert.throws(() => open([current, previous], relabelled, 'monitor:1'), SecretsError);
});

test('seals made before key ids still open, with whichever key of the ring made them', () => {
  const previous = randomBytes(32);
  const current = randomBytes(32);
  assert.deepEqual(open(current, sealV1(current, value, 'test:7'), 'test:7'), value);
  const old = sealV1(previous, value, 'test:7');
  assert.deepEqual(open([current, previous], old, 'test:7'), value);
  assert.throws(() => open([current], old, 'test:7'), SecretsError);
  assert.equal(
    sealedWith(current, sealV1(current, value, 'test:7')),
    false,
    'a re-seal brings it to the current layout',
  );
});
