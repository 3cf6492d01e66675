import assert from 'node:assert/strict';
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, test } from 'node:test';
import { gzipSync } from 'node:zlib';
import { guardedRequest, RequestFailed } from './http-client.ts';

let server: Server;
let origin: string;
let hits = 0;
const open = { allowPrivate: true };

before(async () => {
  // 16 MiB of zeros, gzipped to about 16 KiB.
  const bomb = gzipSync(Buffer.alloc(16 * 1024 * 1024));
  server = createServer((req, res) => {
    hits += 1;
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (path === '/ok') return res.writeHead(200, { 'content-type': 'text/plain' }).end('hello');
    if (path === '/post') {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => res.writeHead(201).end(`${req.method} ${body}`));
      return;
    }
    const moved = /^\/moved(\d{3})$/.exec(path);
    if (moved) return res.writeHead(Number(moved[1]), { location: '/post' }).end();
    const hop = /^\/hop(\d+)$/.exec(path);
    if (hop) return res.writeHead(302, { location: Number(hop[1]) > 0 ? `/hop${Number(hop[1]) - 1}` : '/ok' }).end();
    if (path === '/loop') return res.writeHead(301, { location: '/loop' }).end();
    if (path === '/to-private') return res.writeHead(302, { location: 'https://10.0.0.1/' }).end();
    if (path === '/bomb')
      return res.writeHead(200, { 'content-encoding': 'gzip', 'content-type': 'text/html' }).end(bomb);
    if (path === '/silent') return; // never answers
    if (path === '/drip') {
      // Headers at once, then a byte every 100 ms.
      res.writeHead(200, { 'content-type': 'text/html' });
      const drip = setInterval(() => res.write('<'), 100);
      res.on('close', () => clearInterval(drip));
      return;
    }
    res.writeHead(404).end();
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
after(() => {
  server.closeAllConnections();
  server.close();
});

const failure = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => assert.fail('expected the request to fail'),
    (e: unknown) => e,
  );
  assert.ok(error instanceof RequestFailed, String(error));
  return error;
};

test('redirects are followed up to the limit, each hop recorded; one more is too_many_redirects', async () => {
  const ok = await guardedRequest(`${origin}/hop2`, { policy: open, timeoutMs: 5000, maxRedirects: 3, maxBytes: 100 });
  assert.equal(ok.status, 200);
  assert.equal(ok.url, `${origin}/ok`);
  assert.deepEqual(
    ok.redirects.map((h) => [new URL(h.url).pathname, h.status]),
    [
      ['/hop2', 302],
      ['/hop1', 302],
      ['/hop0', 302],
    ],
  );
  assert.equal(ok.body?.toString(), 'hello');

  const tooMany = await failure(
    guardedRequest(`${origin}/hop5`, { policy: open, timeoutMs: 5000, maxRedirects: 3, maxBytes: 100 }),
  );
  assert.equal(tooMany.code, 'too_many_redirects');
  assert.equal(tooMany.exchange.redirects.length, 3);
  assert.equal(tooMany.exchange.status, 302);
});

test('a loop ends at its first repeat when asked, and a 3xx is the answer when redirects are not followed', async () => {
  const loop = await failure(
    guardedRequest(`${origin}/loop`, {
      policy: open,
      timeoutMs: 5000,
      maxRedirects: 10,
      stopOnLoop: true,
      maxBytes: 1,
    }),
  );
  assert.equal(loop.code, 'redirect_loop');
  assert.equal(loop.exchange.redirects.length, 1);
  const raw = await guardedRequest(`${origin}/hop1`, { policy: open, timeoutMs: 5000, maxBytes: 100 });
  assert.deepEqual([raw.status, raw.headers.location, raw.redirects.length], [302, '/hop0', 0]);
});

test('the body cap counts decompressed bytes: a 16 MiB gzip bomb is read to the cap and cut', async () => {
  const answer = await guardedRequest(`${origin}/bomb`, { policy: open, timeoutMs: 5000, maxBytes: 64 * 1024 });
  assert.equal(answer.truncated, true);
  assert.equal(answer.size, 64 * 1024);
  assert.equal(answer.body?.length, 64 * 1024);
  const counted = await guardedRequest(`${origin}/bomb`, {
    policy: open,
    timeoutMs: 5000,
    maxBytes: 1024,
    keepBody: false,
  });
  assert.deepEqual([counted.body, counted.size, counted.truncated], [null, 1024, true]);
});

test('POST sends its body; no redirect is followed unless asked', async () => {
  const answer = await guardedRequest(`${origin}/post`, {
    method: 'POST',
    body: 'x=1',
    policy: open,
    timeoutMs: 5000,
    maxBytes: 512,
  });
  assert.deepEqual([answer.status, answer.body?.toString()], [201, 'POST x=1']);
});

test('PUT, PATCH and DELETE send their body; a redirect repeats it on 307 and 308, and 303 (or 302 after POST) turns it into a GET without one', async () => {
  const ask = (path: string, method: 'POST' | 'PUT' | 'PATCH' | 'DELETE') =>
    guardedRequest(`${origin}${path}`, {
      method,
      body: 'x=1',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      policy: open,
      timeoutMs: 5000,
      maxBytes: 512,
      maxRedirects: 2,
    }).then((a) => a.body?.toString());
  assert.equal(await ask('/post', 'PUT'), 'PUT x=1');
  assert.equal(await ask('/post', 'PATCH'), 'PATCH x=1');
  assert.equal(await ask('/post', 'DELETE'), 'DELETE x=1');
  assert.equal(await ask('/moved307', 'PUT'), 'PUT x=1');
  assert.equal(await ask('/moved308', 'POST'), 'POST x=1');
  assert.equal(await ask('/moved303', 'PUT'), 'GET ');
  assert.equal(await ask('/moved302', 'POST'), 'GET ');
  assert.equal(await ask('/moved302', 'DELETE'), 'DELETE x=1');
});

test('a guarded address is refused before any byte is sent, unless its host:port is allowed', async () => {
  const before = hits;
  const blocked = await failure(
    guardedRequest(`${origin}/ok`, { policy: { allowPrivate: false }, timeoutMs: 5000, maxBytes: 10 }),
  );
  assert.equal(blocked.code, 'blocked');
  assert.equal(blocked.systemCode, 'EBLOCKEDADDRESS');
  assert.equal(hits, before, 'the server saw nothing');
  // By name too: localhost resolves to loopback.
  const byName = await failure(
    guardedRequest(origin.replace('127.0.0.1', 'localhost'), {
      policy: { allowPrivate: false },
      timeoutMs: 5000,
      maxBytes: 10,
    }),
  );
  assert.equal(byName.code, 'blocked');
  const host = new URL(origin).host;
  const allowed = await guardedRequest(`${origin}/ok`, {
    policy: { allowPrivate: false, allowTargets: [host] },
    timeoutMs: 5000,
    maxBytes: 10,
  });
  assert.equal(allowed.status, 200);
});

test('network faults have one code each: refused, timeout, unknown host', async () => {
  const refused = await failure(guardedRequest('http://127.0.0.1:1/', { policy: open, timeoutMs: 5000, maxBytes: 1 }));
  assert.deepEqual([refused.code, refused.systemCode], ['connection_refused', 'ECONNREFUSED']);
  const silent = await failure(guardedRequest(`${origin}/silent`, { policy: open, timeoutMs: 300, maxBytes: 1 }));
  assert.equal(silent.code, 'timeout');
  // A body that trickles past the deadline is a timeout too, not a short page.
  const drip = await failure(guardedRequest(`${origin}/drip`, { policy: open, timeoutMs: 500, maxBytes: 1_000 }));
  assert.equal(drip.code, 'timeout');
  const unknown = await failure(
    guardedRequest('http://no-such-host.invalid/', { policy: open, timeoutMs: 5000, maxBytes: 1 }),
  );
  assert.equal(unknown.code, 'dns_error');
});

test('a redirect answered at the deadline ends there: the URL reported is the one that answered, never the unchecked target', async () => {
  const host = new URL(origin).host;
  const timeoutMs = 200;
  const late = await failure(
    guardedRequest(`${origin}/to-private`, {
      policy: { allowPrivate: false, allowTargets: [host] },
      timeoutMs,
      maxRedirects: 5,
      maxBytes: 100,
      // A worker busy with other checks reads the 302 only once the budget is spent.
      keepBody: () => {
        const until = performance.now() + timeoutMs + 50;
        while (performance.now() < until);
        return false;
      },
    }),
  );
  assert.equal(late.code, 'timeout');
  assert.equal(late.exchange.url, `${origin}/to-private`);
  assert.equal(late.exchange.status, 302);
  assert.deepEqual(late.exchange.redirects, []);
});
