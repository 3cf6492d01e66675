import assert from 'node:assert/strict';
import { once } from 'node:events';
import { Agent, createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { test } from 'node:test';
import { gracefulClose } from './graceful-close.ts';

async function serve(handler: Parameters<typeof createServer>[1]) {
  const server = createServer(handler);
  const closer = gracefulClose(server);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { server, closer, port: (server.address() as AddressInfo).port };
}
/** One GET on a keep-alive connection; resolves with the answer's status and Connection header. */
const get = (port: number, agent: Agent) =>
  new Promise<{ status: number | undefined; connection: string | undefined }>((resolve, reject) => {
    request({ port, host: '127.0.0.1', agent }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode, connection: res.headers.connection }));
    })
      .on('error', reject)
      .end();
  });

test('a request in flight when closing begins finishes, with Connection: close, and the server closes at once after', async () => {
  const { server, closer, port } = await serve((_req, res) => setTimeout(() => res.end('ok'), 300));
  const agent = new Agent({ keepAlive: true });
  const arrived = once(server, 'request');
  const answer = get(port, agent);
  await arrived;
  const started = performance.now();
  const closed = await closer.close(5_000);
  assert.deepEqual(await answer, { status: 200, connection: 'close' });
  assert.deepEqual(closed, { cutOff: 0 });
  // Held open by the keep-alive connection, it would close only at the 5 s cut-off.
  assert.ok(performance.now() - started < 4_000, 'not held open by the keep-alive connection');
  agent.destroy();
});

test('a request still running at the deadline is cut off', async () => {
  const { server, closer, port } = await serve(() => {}); // never answers
  const arrived = once(server, 'request'); // not a fixed pause: under load the request can take longer
  const answer = get(port, new Agent({ keepAlive: true })).catch((error: Error) => error.message);
  await arrived;
  assert.deepEqual(await closer.close(200), { cutOff: 1 });
  assert.match(String(await answer), /socket hang up/);
});
