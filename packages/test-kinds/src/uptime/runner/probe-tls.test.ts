import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { createServer } from 'node:tls';
import { NetworkError } from '@pageprobe/net-guard';
import { probeTls } from './probe-tls.ts';

// An internal host's certificate: what must not come back from an address the policy refuses.
const dir = mkdtempSync(join(tmpdir(), 'probe-tls-'));
after(() => rmSync(dir, { recursive: true, force: true }));
execFileSync(
  'openssl',
  ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-days', '1'].concat([
    '-keyout',
    'key.pem',
    '-out',
    'cert.pem',
    '-subj',
    '/CN=billing.internal',
  ]),
  { cwd: dir, stdio: 'ignore' },
);
let connections = 0;
const server = createServer({ key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) });
server.on('connection', () => {
  connections += 1;
});
server.listen(0, '127.0.0.1');
await once(server, 'listening');
after(() => server.close());
const { port } = server.address() as AddressInfo;
const internal = new URL(`https://127.0.0.1:${port}/`);

test('a private literal is refused as blocked: no connection, no certificate', async () => {
  await assert.rejects(
    probeTls(internal, { policy: { allowPrivate: false }, timeoutMs: 2000 }),
    (e: unknown) => e instanceof NetworkError && e.code === 'blocked',
  );
  await assert.rejects(
    probeTls(new URL(`https://localhost:${port}/`), { policy: { allowPrivate: false }, timeoutMs: 2000 }),
    (e: unknown) => e instanceof NetworkError && e.code === 'blocked',
  );
  assert.equal(connections, 0);
});

test('the same host allowed by host:port is probed and its certificate described', async () => {
  const tls = await probeTls(internal, {
    policy: { allowPrivate: false, allowTargets: [internal.host] },
    timeoutMs: 2000,
  });
  assert.equal(tls?.subject, 'CN=billing.internal');
  assert.equal(tls?.chain_valid, false);
  assert.equal(connections, 1);
});
