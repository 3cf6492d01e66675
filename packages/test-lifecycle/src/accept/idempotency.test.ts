import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { test } from 'node:test';
import { requestFingerprints } from './idempotency.ts';

const plain = { url: 'https://example.com/', type: 'uptime', device: 'mobile' };
const withPassword = (password: string) => ({ ...plain, basic_auth: { username: 'ops', password } });

test('a request without secrets keeps its plain digest (records made before still match)', () => {
  const digest = createHash('sha256')
    .update(JSON.stringify([plain.url, plain.type, plain.device, null]))
    .digest('hex');
  assert.deepEqual(requestFingerprints(plain, [randomBytes(32)]), [digest]);
  assert.deepEqual(requestFingerprints(plain, []), [digest]);
});

test('a request with secrets is hashed under each key of the ring: a rotation keeps replays matching', () => {
  const previous = randomBytes(32);
  const current = randomBytes(32);
  const before = requestFingerprints(withPassword('hunter2'), [previous]);
  const after = requestFingerprints(withPassword('hunter2'), [current, previous]);
  assert.equal(after.length, 2);
  assert.equal(after[1], before[0], 'the record stored before the rotation is among the candidates');
  assert.notEqual(after[0], before[0]);
  assert.notDeepEqual(requestFingerprints(withPassword('hunter3'), [current]), [after[0]]);
  // Typed step text is secret too.
  const steps = (text: string) => ({ ...plain, type: 'lighthouse', steps: [{ type: 'type', selector: '#pw', text }] });
  assert.notDeepEqual(requestFingerprints(steps('a'), [current]), requestFingerprints(steps('b'), [current]));
  assert.throws(() => requestFingerprints(withPassword('x'), []), /refused without SECRETS_KEY/);
});
