import assert from 'node:assert/strict';
import { once } from 'node:events';
import { Agent, createServer, get } from 'node:http';
import { type AddressInfo, connect, type Socket } from 'node:net';
import { test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { serverTimeouts } from './server-timeouts.ts';

/** GET through `agent`, resolving with the socket the answer came on once it is read. */
const getOn = (agent: Agent, url: string) =>
  new Promise<Socket>((resolve, reject) =>
    get(url, { agent }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.socket));
    }).on('error', reject),
  );

test('headersTimeout counts from a request, not the idle time before it: a connection idle past it is reused, a trickling request still gets 408', async () => {
  const options = serverTimeouts({ keepAliveTimeoutMs: 65_000, requestTimeoutMs: 1_000 });
  assert.equal(options.headersTimeout, 1_000, 'never above requestTimeout (Node refuses it)');
  const server = createServer(options, (_req, res) => res.end('ok')).listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  try {
    const url = `http://127.0.0.1:${port}/`;
    const first = await getOn(agent, url);
    await sleep(7_000);
    assert.equal(await getOn(agent, url), first, 'the idle connection was closed');

    const slow = connect(port, '127.0.0.1');
    let answer = '';
    slow.on('data', (d) => {
      answer += d;
    });
    slow.write('GET / HTTP/1.1\r\nhost: x\r\n'); // and never the rest
    const started = performance.now();
    await once(slow, 'close');
    assert.match(answer, /^HTTP\/1\.1 408/);
    // Without the headers timeout Node would wait its default 60 s; a loaded machine gets room under that.
    assert.ok(performance.now() - started < 30_000);
  } finally {
    agent.destroy();
    server.close();
  }
});
