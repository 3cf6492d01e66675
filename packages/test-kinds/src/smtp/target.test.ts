import assert from 'node:assert/strict';
import { test } from 'node:test';
import { smtpEndpoint, smtpTarget } from './target.ts';

const read = (input: string) => smtpTarget.read(input);
const stored = (input: string) => (read(input) as { url: string }).url;

test('smtp targets are stored with their port, 25 for smtp:// and 465 for smtps:// when none is written', () => {
  assert.deepEqual(read('MX.Example.COM'), {
    ok: true,
    url: 'smtp://mx.example.com:25',
    reaches: 'smtp://mx.example.com:25',
  });
  assert.equal(stored('mx.example.com:587'), 'smtp://mx.example.com:587');
  assert.equal(stored('smtps://mx.example.com'), 'smtps://mx.example.com:465');
  assert.equal(stored('smtp://127.1:2525/'), 'smtp://127.0.0.1:2525');
  assert.equal(stored('[::1]:25'), 'smtp://[::1]:25');
  assert.equal(stored('smtp://bücher.de'), 'smtp://xn--bcher-kva.de:25');
  assert.deepEqual(smtpEndpoint('smtps://[::1]:465'), { host: '::1', port: 465, implicitTls: true });
  assert.deepEqual(smtpEndpoint('smtp://mx.example.com:25'), { host: 'mx.example.com', port: 25, implicitTls: false });
});

test('an smtp target with another scheme, a path or credentials is refused with why', () => {
  for (const [input, message] of [
    ['http://mx.example.com:25', /must be smtp:\/\/host\[:port\]/],
    ['tcp://mx.example.com:25', /must be smtp/],
    ['smtp://mx.example.com/inbox', /must be smtp/],
    ['smtp://mx.example.com?x=1', /must be smtp/],
    ['smtp://u:p@mx.example.com', /user name or password/],
    ['smtp://mx.example.com:0', /port from 1 to 65535/],
    ['smtp://mx.example.com:70000', /must be smtp/],
  ] as const) {
    const r = read(input);
    assert.equal(r.ok, false, input);
    assert.match((r as { message: string }).message, message, input);
  }
});
