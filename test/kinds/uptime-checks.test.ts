// Uptime checks against local targets of every kind, through the API and the uptime worker: the right
// verdict, reason, redirect hops, timings and certificate details for each.
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { startTest, waitForTest } from '@pageprobe/testing';
import { startApiApp, startApp } from '../support/app-process.ts';
import { brotliBomb, gzipBomb, peakRssMiB } from '../support/bombs.ts';
import { makeCertificates } from '../support/certs.ts';
import { startServer } from '../support/servers.ts';
import { teamWithKey } from '../support/teams.ts';
import { createTestEnv } from '../support/test-env.ts';

const env = await createTestEnv();
const dir = mkdtempSync(join(tmpdir(), 'certs-'));
after(() => rmSync(dir, { recursive: true, force: true }));
const certs = makeCertificates(dir);

async function https(pair: { key: string; cert: string }) {
  const server = createHttpsServer(pair, (_req, res) => res.writeHead(200).end('secure'));
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  after(() => server.close());
  return `https://localhost:${(server.address() as AddressInfo).port}/`;
}

// Decompression bombs (issue 22): a few hundred KB on the wire, 1 GiB once decompressed.
const GiB = 1024 ** 3;
const bombs = { '/bomb.br': ['br', brotliBomb(GiB)], '/bomb.gz': ['gzip', gzipBomb(GiB)] } as const;

const plain = await startServer((req, res) => {
  const bomb = bombs[req.url as keyof typeof bombs];
  if (bomb) return void res.writeHead(200, { 'content-type': 'text/html', 'content-encoding': bomb[0] }).end(bomb[1]);
  const hops: Record<string, string> = { '/r1': '/r2', '/r2': '/r3', '/r3': '/final', '/loop': '/loop' };
  const next = hops[req.url];
  if (next) return void res.writeHead(302, { location: next }).end();
  if (req.url === '/unavailable') return void res.writeHead(503).end('maintenance');
  res.writeHead(200, { 'content-type': 'text/plain' }).end('hello world');
});
const silent = await startServer(() => {});

const { origin } = await startApiApp(env, { RATE_LIMIT_WRITES_PER_MIN: '1000' });
// The worker trusts the test CA, as an operator would trust an internal one.
const worker = await startApp(
  'worker-uptime',
  env.appEnv({ ALLOW_PRIVATE_TARGETS: 'true', UPTIME_TIMEOUT_MS: '6000', NODE_EXTRA_CA_CERTS: certs.caFile }),
);
const { key } = await teamWithKey(env);

const targets = {
  ok: `${plain.url}/`,
  unavailable: `${plain.url}/unavailable`,
  chain: `${plain.url}/r1`,
  loop: `${plain.url}/loop`,
  refused: 'http://127.0.0.1:1/',
  silent: `${silent.url}/`,
  validTls: await https(certs.valid),
  selfSigned: await https(certs.selfSigned),
  expired: await https(certs.expired),
  unknownHost: 'https://no-such-host.invalid/',
  brotliBomb: `${plain.url}/bomb.br`,
  gzipBomb: `${plain.url}/bomb.gz`,
};
const ids = Object.fromEntries(
  await Promise.all(
    Object.entries(targets).map(async ([name, url]) => {
      // Throws unless 202, with the answer's body.
      const { id } = await startTest(origin, key, { url, type: 'uptime' }).catch((e: Error) => {
        throw new Error(`${name}: ${e.message}`);
      });
      return [name, id];
    }),
  ),
) as Record<keyof typeof targets, string>;

const results = new Map<string, Promise<Record<string, any>>>();
const check = (name: keyof typeof targets) => {
  if (!results.has(name)) {
    results.set(
      name,
      waitForTest<Record<string, any> & { status: string }>(origin, key, ids[name], { timeoutMs: 30_000 }).catch(
        (e: Error) => {
          throw new Error(`${name}: ${e.message}`);
        },
      ),
    );
  }
  return results.get(name)!;
};

test('200: up, with status, final URL, IP, HTTP version, size and every phase timed', async () => {
  const t = await check('ok');
  assert.equal(t.status, 'completed');
  const r = t.result;
  assert.equal(r.up, true);
  assert.equal(r.reason, null);
  assert.equal(r.status_code, 200);
  assert.equal(r.final_url, targets.ok);
  assert.equal(r.ip_address, '127.0.0.1');
  assert.equal(r.http_version, '1.1');
  assert.equal(r.size_bytes, 11);
  for (const phase of ['dns', 'connect', 'first_byte', 'download', 'total'])
    assert.equal(typeof r.timings_ms[phase], 'number', phase);
  assert.equal(r.timings_ms.tls, null);
  assert.equal(t.vitals.ttfb_ms, r.timings_ms.first_byte);
  assert.equal(t.performance_score, null);
  assert.equal(t.grade, null);
});

test('503: down, http_error — a completed test, not a failed one', async () => {
  const t = await check('unavailable');
  assert.equal(t.status, 'completed');
  assert.deepEqual([t.result.up, t.result.reason, t.result.status_code], [false, 'http_error', 503]);
});

test('a redirect chain is followed and each hop recorded; a loop ends down', async () => {
  const chain = (await check('chain')).result;
  assert.equal(chain.up, true);
  assert.deepEqual(
    chain.redirects.map((h: { url: string; status_code: number }) => [new URL(h.url).pathname, h.status_code]),
    [
      ['/r1', 302],
      ['/r2', 302],
      ['/r3', 302],
    ],
  );
  assert.equal(new URL(chain.final_url).pathname, '/final');
  const loop = (await check('loop')).result;
  assert.equal(loop.up, false);
  assert.equal(loop.reason, 'http_error');
  assert.equal(loop.redirects.length, 5, 'at most 5 redirects followed');
});

test('connection refused, no answer, unknown host: down with the reason', async () => {
  assert.deepEqual(
    [(await check('refused')).result.up, (await check('refused')).result.reason],
    [false, 'connection_refused'],
  );
  const silentResult = (await check('silent')).result;
  assert.deepEqual([silentResult.up, silentResult.reason], [false, 'timeout']);
  const unknown = (await check('unknownHost')).result;
  assert.deepEqual([unknown.up, unknown.reason], [false, 'dns_error']);
});

test('https: a valid certificate is described; self-signed and expired ones are tls_error with the cause', async () => {
  const valid = (await check('validTls')).result;
  assert.equal(valid.up, true);
  assert.equal(valid.tls.chain_valid, true);
  assert.equal(valid.tls.error, null);
  assert.match(valid.tls.subject, /CN=localhost/);
  assert.match(valid.tls.issuer, /CN=Pageprobe Test CA/);
  assert.ok(valid.tls.days_remaining >= 28 && valid.tls.days_remaining <= 30, String(valid.tls.days_remaining));
  assert.equal(typeof valid.timings_ms.tls, 'number');

  const self = (await check('selfSigned')).result;
  assert.deepEqual([self.up, self.reason], [false, 'tls_error']);
  assert.equal(self.tls.chain_valid, false);
  assert.match(self.tls.error, /SELF_SIGNED|self[- ]signed/i);

  const expired = (await check('expired')).result;
  assert.deepEqual([expired.up, expired.reason], [false, 'tls_error']);
  assert.match(expired.tls.error, /EXPIRED|expired/i);
  assert.equal(expired.tls.valid_to, '2024-02-01T00:00:00.000Z');
  assert.ok(expired.tls.days_remaining < 0);
});

test('a 1 GiB brotli or gzip bomb: up, read only to the 1 MiB cap, and the worker stays small', async () => {
  const MiB = 1024 * 1024;
  const finished = { brotliBomb: await check('brotliBomb'), gzipBomb: await check('gzipBomb') };
  // Both bombs held whole would be 2 GiB or more; the worker's baseline is about 150 MiB.
  const peak = peakRssMiB(worker.child.pid!);
  console.log(`worker-uptime peak RSS after both bombs: ${Math.round(peak)} MiB`);
  for (const [name, t] of Object.entries(finished)) {
    assert.equal(t.status, 'completed', name);
    assert.equal(t.result.up, true, name);
    assert.equal(t.result.status_code, 200, name);
    assert.equal(t.result.body_truncated, true, name);
    assert.ok(t.result.size_bytes > 0 && t.result.size_bytes <= MiB, `${name}: ${t.result.size_bytes}`);
    assert.equal(typeof t.result.timings_ms.download, 'number', name);
    assert.equal(typeof t.result.timings_ms.total, 'number', name);
  }
  assert.ok(peak < 600, `worker-uptime peak RSS ${Math.round(peak)} MiB`);
});

test('a small body is read whole: not truncated', async () => {
  assert.equal((await check('ok')).result.body_truncated, false);
});
