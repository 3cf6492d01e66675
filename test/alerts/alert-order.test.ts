// Issue 44 item 14: messages about one monitor reach a channel in the order they were raised. A channel's
// first try at `monitor.down` fails; the monitor recovers before that message's retry; the channel must
// still hear of the outage's start before its end. Through the real uptime worker and dispatcher, on a
// 1-second monitor, with the alerts' retry at 3 s: long enough for the recovery to be raised (and, before
// the fix, delivered) first.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { startApiInProcess } from '../support/api-in-process.ts';
import { call } from '../support/http.ts';
import { eventually, type LocalServer, type ReceivedRequest, startServer } from '../support/servers.ts';
import { teamWithKey } from '../support/teams.ts';
import { createTestEnv } from '../support/test-env.ts';
import { startInProcess } from '../support/stack.ts';

const env = await createTestEnv();
const common = {
  ALLOW_PRIVATE_TARGETS: 'true',
  RATE_LIMIT_WRITES_PER_MIN: '1000',
  RATE_LIMIT_READS_PER_MIN: '100000',
  SWEEP_INTERVAL_MS: '500',
  MONITOR_MIN_INTERVAL_SECONDS: '1',
  ALERT_RETRY_BASE_MS: '3000',
};
const { origin } = await startApiInProcess(env, common);
await startInProcess('worker-uptime', env.appEnv({ ...common, PUBLIC_BASE_URL: origin }));
const dispatcher = await startInProcess('callback-dispatcher', env.appEnv({ ...common, PUBLIC_BASE_URL: origin }));
const api = `${origin}/api/v1`;
const { key } = await teamWithKey(env);

type Json = Record<string, any>;
const post = (path: string, body: unknown) => call<Json>(`${api}${path}`, { method: 'POST', token: key, body });
const eventOf = (req: ReceivedRequest) => JSON.parse(req.raw.toString('utf8')).event as string;
const events = (receiver: LocalServer) => receiver.requests.map(eventOf);

async function webhookChannel(name: string, receiver: LocalServer): Promise<string> {
  const created = await post('/alert-channels', { type: 'webhook', name, url: `${receiver.url}/hook` });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  return created.body.id;
}

test('a monitor.recovered raised while the channel is still retrying the monitor.down arrives after it; a down that ends failed releases it', async () => {
  const site = { down: true };
  const target = await startServer((_req, res) => res.writeHead(site.down ? 503 : 200).end());
  // The first try of the down gets 500, and the site comes back meanwhile: the recovery is raised a
  // second or two later, while the down waits for its retry.
  let downs = 0;
  const retrying = await startServer((req, res) => {
    if (eventOf(req) === 'monitor.down' && ++downs === 1) {
      site.down = false;
      return void res.writeHead(500).end();
    }
    res.writeHead(200).end();
  });
  // Another channel whose receiver answers the down 500, then refuses it for good (400): the down ends
  // failed, and the recovery after it must go then, not wait for ever.
  let refusals = 0;
  const refusing = await startServer((req, res) => {
    if (eventOf(req) === 'monitor.down') return void res.writeHead(++refusals === 1 ? 500 : 400).end();
    res.writeHead(200).end();
  });
  const channels = [await webhookChannel('retrying', retrying), await webhookChannel('refusing', refusing)];
  const monitor = await post('/monitors', {
    type: 'uptime',
    url: `${target.url}/`,
    interval_seconds: 1,
    alert: { down_after: 1 },
    alert_channels: channels,
  });
  assert.equal(monitor.status, 201, JSON.stringify(monitor.body));

  const said = (what: string) => `${what}\n${dispatcher.output().slice(-3000)}`;
  for (const receiver of [retrying, refusing])
    await receiver.nth(3, 30_000).catch((e: Error) => assert.fail(said(e.message)));
  await call(`${api}/monitors/${monitor.body.id}`, { method: 'PATCH', token: key, body: { paused: true } });
  const alerts = (await call<Json>(`${api}/monitors/${monitor.body.id}/alerts?limit=100`, { token: key })).body.data;
  const recovered = alerts.find((a: Json) => a.event === 'monitor.recovered');
  assert.ok(recovered, said(JSON.stringify(alerts)));
  // Else the test shows nothing: the recovery was raised before the down's retry came.
  assert.ok(Date.parse(recovered.created_at) < retrying.requests[1]!.at, 'the recovery was raised before the retry');

  assert.deepEqual(events(retrying), ['monitor.down', 'monitor.down', 'monitor.recovered'], said('retrying'));
  assert.deepEqual(events(refusing), ['monitor.down', 'monitor.down', 'monitor.recovered'], said('refusing'));
  const states = await eventually(async () => {
    const rows = await env.db.callbackDelivery.findMany({
      where: { channelId: { in: channels } },
      select: { channelId: true, event: true, state: true },
    });
    return rows.every((r) => r.state !== 'pending') ? rows : undefined;
  });
  const stateOf = (channel: string, event: string) =>
    states.find((r) => r.channelId === channel && r.event === event)?.state;
  assert.deepEqual(
    [stateOf(channels[0]!, 'monitor.down'), stateOf(channels[0]!, 'monitor.recovered')],
    ['delivered', 'delivered'],
  );
  assert.deepEqual(
    [stateOf(channels[1]!, 'monitor.down'), stateOf(channels[1]!, 'monitor.recovered')],
    ['failed', 'delivered'],
  );
});
