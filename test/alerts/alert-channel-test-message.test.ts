// Issue 44, item 5: the API connects out no more. POST /alert-channels/{id}/test queues its message to
// the dispatcher and waits, bounded, for the delivery to settle: with no dispatcher running nothing
// arrives and the API answers 202 with the delivery pending; the dispatcher, once started, sends it from
// its SOURCE_ADDRESS; and while one runs the API answers with the attempt's outcome, as before.
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, test } from 'node:test';
import { USER_AGENT } from '@pageprobe/alert-channels';
import { startApiApp } from '../support/app-process.ts';
import { call } from '../support/http.ts';
import { eventually } from '../support/servers.ts';
import { teamWithKey } from '../support/teams.ts';
import { createTestEnv } from '../support/test-env.ts';
import { startInProcess } from '../support/stack.ts';

type Json = Record<string, any>;

/** A webhook receiver that notes where each request came from; `/busy` answers 503. */
async function receiver() {
  const seen: Array<{ from: string; url: string; headers: Record<string, unknown>; body: Json }> = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      seen.push({
        from: req.socket.remoteAddress!,
        url: req.url!,
        headers: req.headers,
        body: JSON.parse(Buffer.concat(chunks).toString('utf8')),
      });
      if (req.url === '/busy') res.writeHead(503).end('try later');
      else res.writeHead(200).end('thanks');
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  after(() => {
    server.closeAllConnections();
    server.close();
  });
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}

const WAIT_MS = 3000;
const DISPATCHER_ADDRESS = '127.0.0.2';
const env = await createTestEnv();
const common = { ALLOW_PRIVATE_TARGETS: 'true', RATE_LIMIT_WRITES_PER_MIN: '1000', SWEEP_INTERVAL_MS: '500' };
const { origin } = await startApiApp(env, { ...common, ALERT_TEST_WAIT_MS: String(WAIT_MS) });
const api = `${origin}/api/v1`;
const { key } = await teamWithKey(env);
const post = (path: string, body?: unknown) => call<Json>(`${api}${path}`, { method: 'POST', token: key, body });
const get = (path: string) => call<Json>(`${api}${path}`, { token: key });
const hook = await receiver();
const channel = (await post('/alert-channels', { type: 'webhook', name: 'Our receiver', url: `${hook.url}/in` })).body;
const busy = (await post('/alert-channels', { type: 'slack', name: 'Busy Slack', url: `${hook.url}/busy` })).body;

// With no dispatcher running: the API answers after its wait, nothing sent. Then the dispatcher starts
// (for the rest of the file, so outside any one test).
const started = Date.now();
const pending = await post(`/alert-channels/${channel.id}/test`);
const waited = Date.now() - started;
const seenBefore = hook.seen.length;
const listedBefore = (await get(`/alert-channels/${channel.id}/deliveries`)).body.data;
await startInProcess('callback-dispatcher', env.appEnv({ ...common, SOURCE_ADDRESS: DISPATCHER_ADDRESS }));

test('with no dispatcher running, the API sends nothing: 202 with the delivery pending after its wait', async () => {
  assert.equal(pending.status, 202, JSON.stringify(pending.body));
  assert.deepEqual(Object.keys(pending.body).sort(), ['delivered', 'delivery_id', 'state']);
  assert.deepEqual([pending.body.delivered, pending.body.state], [false, 'pending']);
  // After its wait, not before; a loaded machine adds seconds (5.2 s once in a CI-like run), not a hang.
  assert.ok(waited >= WAIT_MS - 300 && waited < WAIT_MS + 5000, `waited ${waited} ms`);
  assert.equal(seenBefore, 0, 'nothing reached the receiver');
  assert.deepEqual(
    listedBefore.map((d: Json) => [d.id, d.event, d.state]),
    [[pending.body.delivery_id, 'alert_channel.test', 'pending']],
  );

  // The dispatcher, once started, delivers it: from its own address, as an alert is sent.
  await eventually(async () => (hook.seen.length > 0 ? true : undefined));
  const [message] = hook.seen;
  assert.equal(message!.from, DISPATCHER_ADDRESS, 'sent from the dispatcher’s SOURCE_ADDRESS');
  assert.equal(message!.headers['user-agent'], USER_AGENT);
  assert.equal(message!.headers['x-service-delivery'], pending.body.delivery_id);
  assert.equal(message!.body.event, 'alert_channel.test');
  await eventually(async () => {
    const [d] = (await get(`/alert-channels/${channel.id}/deliveries`)).body.data;
    return d.state === 'delivered' ? true : undefined;
  });
});

test('with a dispatcher running, the API answers with the outcome of its one attempt', async () => {
  const before = hook.seen.length;
  const ok = await post(`/alert-channels/${channel.id}/test`);
  assert.equal(ok.status, 200, JSON.stringify(ok.body));
  assert.deepEqual(
    [ok.body.delivered, ok.body.attempt.number, ok.body.attempt.status_code, ok.body.attempt.response_snippet],
    [true, 1, 200, 'thanks'],
  );
  assert.equal(hook.seen.length, before + 1);
  assert.equal(hook.seen.at(-1)!.from, DISPATCHER_ADDRESS);

  // A 503 would be retried for an alert; a test message has its one try.
  const failed = await post(`/alert-channels/${busy.id}/test`);
  assert.equal(failed.status, 200);
  assert.deepEqual([failed.body.delivered, failed.body.attempt.status_code], [false, 503]);
  assert.match(hook.seen.at(-1)!.body.text, /Test message to Busy Slack/);
  await new Promise((r) => setTimeout(r, 1500));
  assert.equal(hook.seen.filter((s) => s.url === '/busy').length, 1, 'not retried');
  const [listed] = (await get(`/alert-channels/${busy.id}/deliveries`)).body.data;
  assert.deepEqual([listed.state, listed.attempts.length], ['failed', 1]);
  // Every request the receiver saw came from the dispatcher, none from the API.
  assert.deepEqual(new Set(hook.seen.map((s) => s.from)), new Set([DISPATCHER_ADDRESS]));
});
