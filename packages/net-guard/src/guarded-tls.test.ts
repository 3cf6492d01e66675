import assert from 'node:assert/strict';
import { once } from 'node:events';
import { type AddressInfo, createServer } from 'node:net';
import { after, test } from 'node:test';
import { BlockedAddressError } from './blocked-address-error.ts';
import { guardedTlsConnect } from './guarded-tls.ts';

// A plain TCP listener is enough: what matters is whether a socket reaches it at all.
let connections = 0;
const server = createServer((socket) => {
  connections += 1;
  socket.destroy();
});
server.listen(0, '127.0.0.1');
await once(server, 'listening');
after(() => server.close());
const { port } = server.address() as AddressInfo;
const closed = { allowPrivate: false };

test('a private literal is refused before any socket opens, in every spelling', () => {
  for (const host of ['127.0.0.1', '[::ffff:127.0.0.1]', '[::1]', '10.0.0.1', '169.254.169.254']) {
    assert.throws(
      () => guardedTlsConnect(new URL(`https://${host}:${port}/`), closed),
      (e: unknown) => e instanceof BlockedAddressError,
      host,
    );
  }
  assert.equal(connections, 0);
});

test('a name that resolves to a private address fails the socket before it connects', async () => {
  const socket = guardedTlsConnect(new URL(`https://localhost:${port}/`), closed);
  const [error] = await once(socket, 'error').catch((e: unknown) => [e]);
  assert.ok(error instanceof BlockedAddressError, String(error));
  assert.equal(connections, 0);
});

test('an allowed host:port is reached', async () => {
  const socket = guardedTlsConnect(new URL(`https://127.0.0.1:${port}/`), {
    allowPrivate: false,
    allowTargets: [`127.0.0.1:${port}`],
  });
  // The listener is not TLS: the handshake fails, after the connection it counts.
  const [error] = await once(socket, 'error').catch((e: unknown) => [e]);
  assert.equal((error as NodeJS.ErrnoException).code, 'ECONNRESET');
  assert.equal(connections, 1);
});
