// SOURCE_ADDRESS: every connection made under a policy with a local address leaves from that address.
// On Linux the whole of 127.0.0.0/8 is loopback, so 127.0.0.2 and 127.0.0.3 can be bound without setup and
// a server on 127.0.0.1 sees which of them a connection came from.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { createServer as createTlsServer } from 'node:tls';
import { guardedTlsConnect } from './guarded-tls.ts';
import { guardedRequest } from './http-client.ts';
import { type GuardPolicy, resolveAllowed, sourceOptions } from './policy.ts';

const from: string[] = [];
const server = createServer((req, res) => {
  from.push(req.socket.remoteAddress ?? '');
  res.writeHead(200, { 'content-type': 'text/plain' }).end(req.socket.remoteAddress);
});
server.listen(0, '127.0.0.1');
await once(server, 'listening');
const port = (server.address() as AddressInfo).port;
const origin = `http://127.0.0.1:${port}`;

// A self-signed certificate for the TLS server, made for this run.
const dir = mkdtempSync(join(tmpdir(), 'local-address-'));
execFileSync(
  'openssl',
  ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-days', '1'].concat([
    '-keyout',
    'key.pem',
    '-out',
    'cert.pem',
    '-subj',
    '/CN=localhost',
  ]),
  { cwd: dir, stdio: 'ignore' },
);
const tlsFrom: string[] = [];
const tlsServer = createTlsServer(
  { key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) },
  (socket) => {
    tlsFrom.push(socket.remoteAddress ?? '');
    socket.end('hello');
  },
);
const tlsSockets = new Set<Socket>();
tlsServer.on('connection', (socket: Socket) => {
  tlsSockets.add(socket);
  socket.on('close', () => tlsSockets.delete(socket));
});
tlsServer.listen(0, '127.0.0.1');
await once(tlsServer, 'listening');
const tlsPort = (tlsServer.address() as AddressInfo).port;

after(() => {
  server.closeAllConnections();
  server.close();
  for (const socket of tlsSockets) socket.destroy();
  tlsServer.close();
  rmSync(dir, { recursive: true, force: true });
});

// Loopback is private: only this server's host:port is let through, as the test harness does.
const bound = (localAddress: string | undefined): GuardPolicy => ({
  allowPrivate: false,
  allowTargets: [`127.0.0.1:${port}`, `localhost:${port}`, `127.0.0.1:${tlsPort}`],
  localAddress,
});

test('guardedRequest leaves from the policy local address: 127.0.0.2, then 127.0.0.3', async () => {
  for (const localAddress of ['127.0.0.2', '127.0.0.3']) {
    const answer = await guardedRequest(`${origin}/`, { policy: bound(localAddress), timeoutMs: 5000, maxBytes: 100 });
    assert.equal(answer.status, 200);
    assert.equal(answer.body?.toString(), localAddress);
    assert.equal(from.at(-1), localAddress);
  }
});

test('guardedRequest binds by name too: localhost is resolved to the local address family and reached from it', async () => {
  const answer = await guardedRequest(`http://localhost:${port}/`, {
    policy: bound('127.0.0.3'),
    timeoutMs: 5000,
    maxBytes: 100,
  });
  assert.equal(answer.body?.toString(), '127.0.0.3');
});

test('guardedRequest without a local address leaves the choice to the system (127.0.0.1 on loopback)', async () => {
  const answer = await guardedRequest(`${origin}/`, { policy: bound(undefined), timeoutMs: 5000, maxBytes: 100 });
  assert.equal(answer.body?.toString(), '127.0.0.1');
});

test('redirects keep the local address: every hop leaves from it', async () => {
  const before = from.length;
  // A second origin that redirects to the first: both hops must leave from the bound address.
  const redirecting = createServer((_req, res) => res.writeHead(302, { location: `${origin}/end` }).end());
  redirecting.listen(0, '127.0.0.1');
  await once(redirecting, 'listening');
  const redirectPort = (redirecting.address() as AddressInfo).port;
  let redirectFrom = '';
  redirecting.on('connection', (socket) => (redirectFrom = socket.remoteAddress ?? ''));
  try {
    const answer = await guardedRequest(`http://127.0.0.1:${redirectPort}/start`, {
      policy: { ...bound('127.0.0.2'), allowTargets: [...bound(undefined).allowTargets!, `127.0.0.1:${redirectPort}`] },
      timeoutMs: 5000,
      maxRedirects: 2,
      maxBytes: 100,
    });
    assert.equal(answer.status, 200);
    assert.equal(redirectFrom, '127.0.0.2');
    assert.deepEqual(from.slice(before), ['127.0.0.2']);
  } finally {
    redirecting.closeAllConnections();
    redirecting.close();
  }
});

test('guardedTlsConnect leaves from the policy local address: 127.0.0.2, then 127.0.0.3', async () => {
  for (const localAddress of ['127.0.0.2', '127.0.0.3']) {
    const socket = guardedTlsConnect(new URL(`https://127.0.0.1:${tlsPort}/`), bound(localAddress), {
      rejectUnauthorized: false,
    });
    try {
      await once(socket, 'secureConnect');
      assert.equal(socket.localAddress, localAddress);
      const [data] = await once(socket, 'data');
      assert.equal(String(data), 'hello');
      assert.equal(tlsFrom.at(-1), localAddress);
    } finally {
      socket.destroy();
    }
  }
});

test('sourceOptions: the local address with its family, nothing when unset', () => {
  assert.deepEqual(sourceOptions({ allowPrivate: false }), {});
  assert.deepEqual(sourceOptions({ allowPrivate: false, localAddress: '192.0.2.7' }), {
    localAddress: '192.0.2.7',
    family: 4,
  });
  assert.deepEqual(sourceOptions({ allowPrivate: false, localAddress: '2001:db8::7' }), {
    localAddress: '2001:db8::7',
    family: 6,
  });
});

test('resolveAllowed still checks the host, whatever the local address', async () => {
  await assert.rejects(resolveAllowed('127.0.0.1', 80, { allowPrivate: false, localAddress: '127.0.0.2' }), {
    name: 'BlockedAddressError',
  });
  assert.equal(await resolveAllowed('localhost', port, bound('127.0.0.2')), '127.0.0.1');
});
