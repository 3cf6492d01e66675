import assert from 'node:assert/strict';
import { test } from 'node:test';
import { tcpTarget } from './target.ts';

const read = (input: string) => tcpTarget.read(input);

test('tcp targets are stored as tcp://host:port, the host as the address policy reads it', () => {
  assert.deepEqual(read('db.Example.COM:5432'), {
    ok: true,
    url: 'tcp://db.example.com:5432',
    reaches: 'tcp://db.example.com:5432',
  });
  assert.equal((read('tcp://127.1:25') as { url: string }).url, 'tcp://127.0.0.1:25');
  assert.equal((read('[::1]:6379') as { url: string }).url, 'tcp://[::1]:6379');
  assert.equal((read('tcp://bücher.de:443/') as { url: string }).url, 'tcp://xn--bcher-kva.de:443');
});

test('a tcp target without a port, with another scheme, a path or credentials is refused with why', () => {
  for (const [input, message] of [
    ['tcp://db.example.com', /has no port/],
    ['db.example.com', /has no port/],
    ['http://db.example.com:80', /must be tcp:\/\/host:port/],
    ['tcp://db.example.com:80/path', /must be tcp:\/\/host:port/],
    ['tcp://u:p@db.example.com:80', /user name or password/],
    ['tcp://db.example.com:0', /port from 1 to 65535/],
    ['tcp://db.example.com:70000', /must be tcp/],
  ] as const) {
    const r = read(input);
    assert.equal(r.ok, false, input);
    assert.match((r as { message: string }).message, message, input);
  }
});
