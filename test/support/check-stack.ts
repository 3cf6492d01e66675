import assert from 'node:assert/strict';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo, Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after } from 'node:test';
import { waitForTest } from '@pageprobe/testing';
import { startApiInProcess } from './api-in-process.ts';
import { startApp } from './app-process.ts';
import { makeCertificates } from './certs.ts';
import { assertProblem, call } from './http.ts';
import { startInProcess } from './stack.ts';
import { teamWithKey } from './teams.ts';
import { createTestEnv } from './test-env.ts';

// What the files of the checks that open their own connections (tcp, dns, smtp) share: the API, a real
// uptime worker that trusts a test CA (as an operator would trust an internal one: a process of its own,
// since Node reads NODE_EXTRA_CA_CERTS at start), the dispatcher, a second API that refuses private
// addresses as production does, and a team.

// biome-ignore lint/suspicious/noExplicitAny: the files read an answer's JSON field by field, as the document shapes it.
type Json = Record<string, any>;

/** Variables of every app here: private targets allowed, limits out of the way, 1 s monitors. */
export const CHECKS_COMMON = {
  ALLOW_PRIVATE_TARGETS: 'true',
  RATE_LIMIT_WRITES_PER_MIN: '1000',
  RATE_LIMIT_READS_PER_MIN: '100000',
  SWEEP_INTERVAL_MS: '500',
  MONITOR_MIN_INTERVAL_SECONDS: '1',
  ALERT_RETRY_BASE_MS: '200',
};

/** Starts the stack with the uptime worker's own variables (its kinds' time budgets). */
export async function startCheckStack(worker: Record<string, string>) {
  const env = await createTestEnv();
  const dir = mkdtempSync(join(tmpdir(), 'check-certs-'));
  after(() => rmSync(dir, { recursive: true, force: true }));
  const certs = makeCertificates(dir);
  const { origin } = await startApiInProcess(env, CHECKS_COMMON);
  await startApp('worker-uptime', env.appEnv({ ...CHECKS_COMMON, NODE_EXTRA_CA_CERTS: certs.caFile, ...worker }));
  await startInProcess('callback-dispatcher', env.appEnv({ ...CHECKS_COMMON, PUBLIC_BASE_URL: origin }));
  const strict = await startApiInProcess(env, { ...CHECKS_COMMON, ALLOW_PRIVATE_TARGETS: 'false' });
  const { key } = await teamWithKey(env);
  const post = (path: string, body: unknown, at = origin) =>
    call<Json>(`${at}/api/v1${path}`, { method: 'POST', token: key, body });

  /** A test that must be accepted, and its finished state (`accepted`: the 202's body). */
  async function finished(body: Json): Promise<Json> {
    const res = await post('/tests', body);
    assert.equal(res.status, 202, JSON.stringify(res.body));
    return {
      ...(await waitForTest<Json & { status: string }>(origin, key, res.body.id, { timeoutMs: 30_000 })),
      accepted: res.body,
    };
  }

  /**
   * A target refused by POST /tests and POST /monitors alike: `status` and `code`, the error on `body.url`
   * saying `message` (`at`: the strict API, for a private address).
   */
  async function refused(body: Json, status: number, code: string, message: RegExp, at = origin) {
    for (const path of ['/tests', '/monitors']) {
      const res = await post(path, path === '/monitors' ? { interval_seconds: 60, ...body } : body, at);
      assertProblem(res, status, code);
      assert.equal(res.body.errors[0].path, 'body.url', JSON.stringify(res.body));
      assert.match(res.body.errors[0].message, message);
    }
  }

  return { env, certs, origin, strict, key, post, finished, refused };
}

/** A server of the file's listening on loopback (`port`: again where it was), closed when the file ends. */
export async function listenLocal(server: Server, port = 0): Promise<number> {
  server.listen(port, '127.0.0.1');
  await once(server, 'listening');
  after(() => server.listening && server.close());
  return (server.address() as AddressInfo).port;
}
