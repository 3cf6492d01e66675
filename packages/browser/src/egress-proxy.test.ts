// SOURCE_ADDRESS: the egress proxy's outbound connections (a plain request's forward, a CONNECT's tunnel)
// leave from the policy's local address. On Linux the whole of 127.0.0.0/8 is loopback, so 127.0.0.2 and
// 127.0.0.3 can be bound without setup and a server on 127.0.0.1 sees which of them a connection came from.
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { createServer, type IncomingMessage, request } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { after, test } from 'node:test';
import { startEgressProxy } from './egress-proxy.ts';

// Answers every request with the address it came from (with a length: the tunnel's answer is read raw).
const site = createServer((req, res) => {
  const from = req.socket.remoteAddress ?? '';
  res.writeHead(200, { 'content-type': 'text/plain', 'content-length': Buffer.byteLength(from) }).end(from);
});
site.listen(0, '127.0.0.1');
await once(site, 'listening');
const siteHost = `127.0.0.1:${(site.address() as AddressInfo).port}`;
after(() => {
  site.closeAllConnections();
  site.close();
});

const read = async (stream: IncomingMessage | Socket) => {
  let text = '';
  for await (const chunk of stream) text += String(chunk);
  return text;
};

/** A plain http GET through the proxy (absolute-form request line): the site's answer. */
async function viaForward(proxyUrl: string): Promise<string> {
  const proxy = new URL(proxyUrl);
  const req = request({ host: proxy.hostname, port: proxy.port, path: `http://${siteHost}/`, agent: false });
  req.end();
  const [res] = (await once(req, 'response')) as [IncomingMessage];
  assert.equal(res.statusCode, 200);
  return read(res);
}

/** A GET through a CONNECT tunnel: the site's answer. */
async function viaConnect(proxyUrl: string): Promise<string> {
  const proxy = new URL(proxyUrl);
  const req = request({ host: proxy.hostname, port: proxy.port, method: 'CONNECT', path: siteHost, agent: false });
  req.end();
  const [res, socket] = (await once(req, 'connect')) as [IncomingMessage, Socket];
  assert.equal(res.statusCode, 200);
  socket.write(`GET / HTTP/1.1\r\nhost: ${siteHost}\r\nconnection: close\r\n\r\n`);
  const answer = await read(socket);
  assert.match(answer, /^HTTP\/1\.1 200/);
  return answer.slice(answer.indexOf('\r\n\r\n') + 4);
}

test('the proxy forwards plain http from the policy local address: 127.0.0.2, then 127.0.0.3', async () => {
  for (const localAddress of ['127.0.0.2', '127.0.0.3']) {
    const proxy = await startEgressProxy({ allowPrivate: false, allowTargets: [siteHost], localAddress });
    try {
      assert.equal(await viaForward(proxy.url), localAddress);
    } finally {
      await proxy.close();
    }
  }
});

test('the proxy opens CONNECT tunnels from the policy local address: 127.0.0.2, then 127.0.0.3', async () => {
  for (const localAddress of ['127.0.0.2', '127.0.0.3']) {
    const proxy = await startEgressProxy({ allowPrivate: false, allowTargets: [siteHost], localAddress });
    try {
      assert.equal(await viaConnect(proxy.url), localAddress);
    } finally {
      await proxy.close();
    }
  }
});

test('without a local address the system chooses (127.0.0.1 on loopback), and the guard still refuses', async () => {
  const proxy = await startEgressProxy({ allowPrivate: false, allowTargets: [siteHost] });
  try {
    assert.equal(await viaForward(proxy.url), '127.0.0.1');
    assert.equal(await viaConnect(proxy.url), '127.0.0.1');
  } finally {
    await proxy.close();
  }
  const closed = await startEgressProxy({ allowPrivate: false, localAddress: '127.0.0.2' });
  try {
    const req = request({
      host: '127.0.0.1',
      port: new URL(closed.url).port,
      path: `http://${siteHost}/`,
      agent: false,
    });
    req.end();
    const [res] = (await once(req, 'response')) as [IncomingMessage];
    res.resume();
    assert.equal(res.statusCode, 403);
    assert.equal(closed.blocked.length, 1);
  } finally {
    await closed.close();
  }
});
