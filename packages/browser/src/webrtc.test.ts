// Issue 22 item 7: a target's JavaScript must not send UDP around the egress proxy, nor learn the
// worker's own addresses, through WebRTC. The page below gathers ICE candidates against a STUN server
// on a local UDP port; Chromium must offer no candidate and send that port nothing.
import assert from 'node:assert/strict';
import { createSocket } from 'node:dgram';
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, test } from 'node:test';
import { createLogger } from '@pageprobe/logger';
import { BrowserPool } from './browser-pool.ts';
import { startEgressProxy } from './egress-proxy.ts';

const udp = createSocket('udp4');
let packets = 0;
udp.on('message', () => packets++);
udp.bind(0, '127.0.0.1');
await once(udp, 'listening');
const stunPort = (udp.address() as AddressInfo).port;

const page = `<!doctype html><title>webrtc</title><script>
  const pc = new RTCPeerConnection({ iceServers: [{ urls: 'stun:127.0.0.1:${stunPort}' }] });
  const candidates = [];
  pc.onicecandidate = (e) => { if (e.candidate && e.candidate.candidate) candidates.push(e.candidate.candidate); };
  pc.createDataChannel('x');
  pc.createOffer().then((o) => pc.setLocalDescription(o));
  window.gathered = new Promise((resolve) => setTimeout(() => resolve(candidates), 3000));
</script>`;
const site = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(page));
site.listen(0, '127.0.0.1');
await once(site, 'listening');
const siteHost = `127.0.0.1:${(site.address() as AddressInfo).port}`;

const pool = new BrowserPool({
  chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  recycleAfter: 10,
  logger: createLogger({ name: 'webrtc-test', level: 'silent' }),
});
const proxy = await startEgressProxy({ allowPrivate: false, allowTargets: [siteHost] });
after(async () => {
  await pool.close();
  await proxy.close();
  site.close();
  udp.close();
});

test('WebRTC from a tested page: no ICE candidate, no UDP packet, no host address revealed', async () => {
  const candidates = await pool.withPage(proxy.url, async (p) => {
    await p.goto(`http://${siteHost}/`);
    return p.evaluate(() => (globalThis as unknown as { gathered: Promise<string[]> }).gathered);
  });
  assert.deepEqual(candidates, [], `candidates offered: ${candidates.join(' | ')}`);
  assert.equal(packets, 0, 'the STUN port received packets');
});
