// Issue 31: alerts where people read them. Every channel type against a local receiver that answers each
// message 500, then 429 with Retry-After, then 2xx (the SMTP server: 451, then 250): each message
// arrives once, after its retries, in the vendor's documented shape. The API, the uptime worker and the
// dispatcher run as real processes, so their output can be searched for the channels' secrets.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import { test } from 'node:test';
import { SLACK_LIMITS } from '@pageprobe/alert-channels';
import { seal } from '@pageprobe/secrets';
import { verifySignature } from '@pageprobe/webhook-verify';
import type * as AdaptiveCards from 'adaptivecards';
import { Redis } from 'ioredis';
import type { ParsedMail } from 'mailparser';
import { startApiApp } from '../support/app-process.ts';
import { assertProblem, call } from '../support/http.ts';
import { eventually, type ReceivedRequest, startServer } from '../support/servers.ts';
import { teamWithKey } from '../support/teams.ts';
import { startSmtpServer } from '../support/smtp.ts';
import { createTestEnv } from '../support/test-env.ts';
import { startInProcess } from '../support/stack.ts';

// The library's own ES build cannot be imported in Node (extensionless imports); its UMD bundle can.
const AC = createRequire(import.meta.url)('adaptivecards/dist/adaptivecards.js') as typeof AdaptiveCards;

const RETRY_BASE_MS = 300;
const RETRY_AFTER_S = 1;

/**
 * The SMTP server email channels send through: the first try of each message is put off (451). An
 * address's confirmation mail (issue 44) is kept apart and accepted at once.
 */
async function smtpServer() {
  const tries = new Map<string, number>();
  const isConfirmation = (mail: ParsedMail) => mail.subject?.startsWith('Confirm your address') === true;
  const server = await startSmtpServer((mail) => {
    if (isConfirmation(mail)) return undefined;
    const n = (tries.get(mail.subject ?? '') ?? 0) + 1;
    tries.set(mail.subject ?? '', n);
    return n === 1 ? Object.assign(new Error('Greylisted, try again later'), { responseCode: 451 }) : undefined;
  });
  return {
    url: server.url,
    tries,
    get mails() {
      return server.mails.filter((m) => !isConfirmation(m));
    },
    get confirmations() {
      return server.mails.filter(isConfirmation);
    },
  };
}

/**
 * A receiver that answers each message (told apart by its bytes, the same at every try) 500, then 429
 * with Retry-After, then `ok`: how a vendor's endpoint behaves on a bad minute.
 */
async function scriptedReceiver(ok: { status: number; body: string } = { status: 200, body: 'ok' }) {
  const seen = new Map<string, number>();
  const answers: number[] = [];
  const server = await startServer((req: ReceivedRequest, res: ServerResponse) => {
    const body = req.raw.toString('utf8');
    const n = (seen.get(body) ?? 0) + 1;
    seen.set(body, n);
    const [status, headers, text] =
      n === 1
        ? [500, {}, 'upstream hiccup']
        : n === 2
          ? [429, { 'retry-after': String(RETRY_AFTER_S) }, 'rate limited']
          : [ok.status, {}, ok.body];
    answers.push(status);
    res.writeHead(status, { 'content-type': 'text/plain', ...headers }).end(text);
  });
  return { ...server, answers, messages: () => seen.size };
}

const env = await createTestEnv();
const smtp = await smtpServer();
const pagerDuty = await scriptedReceiver({
  status: 202,
  body: '{"status":"success","message":"Event processed"}',
});
const common = {
  ALLOW_PRIVATE_TARGETS: 'true',
  RATE_LIMIT_WRITES_PER_MIN: '1000',
  RATE_LIMIT_READS_PER_MIN: '100000',
  SWEEP_INTERVAL_MS: '500',
  MONITOR_MIN_INTERVAL_SECONDS: '1',
  ALERT_RETRY_BASE_MS: String(RETRY_BASE_MS),
  SMTP_URL: smtp.url,
  SMTP_FROM: 'Pageprobe alerts <alerts@pageprobe.test>',
  PAGERDUTY_EVENTS_URL: `${pagerDuty.url}/v2/enqueue`,
};
const { origin, app: apiApp } = await startApiApp(env, common);
// Alerts are raised by the uptime worker and sent by the dispatcher: their links use the API's origin.
const apps = [
  apiApp,
  await startInProcess('worker-uptime', env.appEnv({ ...common, PUBLIC_BASE_URL: origin })),
  await startInProcess('callback-dispatcher', env.appEnv({ ...common, PUBLIC_BASE_URL: origin })),
];
const api = `${origin}/api/v1`;

const SECRET = 'whsec_alert_channels';
const { key, teamId } = await teamWithKey(env, { credits: 5 });
await env.db.team.update({ where: { id: teamId }, data: { webhookSecret: SECRET } });

type Json = Record<string, any>;
const post = (path: string, body: unknown, token = key) => call<Json>(`${api}${path}`, { method: 'POST', token, body });
const get = (path: string, token = key) => call<Json>(`${api}${path}`, { token });
const createChannel = async (body: Json, token = key) => {
  const res = await post('/alert-channels', body, token);
  assert.equal(res.status, 201, JSON.stringify(res.body));
  return res.body;
};

/** A target the test steers up (200) or down (500). */
const target = { down: true };
const site = await startServer((_req, res) => res.writeHead(target.down ? 500 : 200).end('x'));

// Secrets as they would look in production: tokens in the webhook URLs, a 32-character routing key.
const token = () => randomBytes(12).toString('hex');
const receivers = {
  slack: await scriptedReceiver(),
  teams: await scriptedReceiver({ status: 202, body: '' }),
  discord: await scriptedReceiver({ status: 204, body: '' }),
  webhook: await scriptedReceiver(),
};
const secrets = {
  slack: `${receivers.slack.url}/services/T0PAGEPRB/B0PAGEPRB/${token()}`,
  teams: `${receivers.teams.url}/workflows/${token()}/triggers/manual/paths/invoke?sig=${token()}`,
  discord: `${receivers.discord.url}/api/webhooks/1234567890/${token()}`,
  webhook: `${receivers.webhook.url}/hooks/${token()}`,
  routingKey: randomBytes(16).toString('hex'),
};
const channels = {
  slack: await createChannel({ type: 'slack', name: 'Ops on Slack', url: secrets.slack }),
  teams: await createChannel({ type: 'teams', name: 'Ops on Teams', url: secrets.teams }),
  discord: await createChannel({ type: 'discord', name: 'Ops on Discord', url: secrets.discord }),
  webhook: await createChannel({ type: 'webhook', name: 'Our receiver', url: secrets.webhook }),
  pagerduty: await createChannel({ type: 'pagerduty', name: 'On call', routing_key: secrets.routingKey }),
  email: await createChannel({ type: 'email', name: 'Ops mail', addresses: ['ops@example.com', 'cto@example.com'] }),
};
// Each address confirms through the link of its confirmation mail before it is sent alerts (issue 44).
await eventually(async () => (smtp.confirmations.length >= 2 ? true : undefined));
for (const mail of smtp.confirmations) {
  const link = /http:\/\/\S+\/confirm-email\/\S+/.exec(mail.text ?? '')![0];
  assert.equal((await fetch(link, { method: 'POST' })).status, 200);
}

const monitorRes = await post('/monitors', {
  url: `${site.url}/shop`,
  type: 'uptime',
  interval_seconds: 1,
  alert: { down_after: 1 },
  alert_channels: Object.values(channels).map((c) => c.id),
});
assert.equal(monitorRes.status, 201, JSON.stringify(monitorRes.body));
const monitor = monitorRes.body;

/**
 * Every HTTP receiver has had `messages` messages answered 2xx, and the SMTP server `messages` mails. Each
 * arrives within seconds; the wait is long enough for a delivery job stalled on a loaded machine, which
 * BullMQ hands out again after its 30 s stall check (a CI-like run waited past 30 s once; its cause was
 * not found, and 12 of 12 passed in two runs beside it).
 */
async function allDelivered(messages: number) {
  await eventually(
    async () =>
      [...Object.values(receivers), pagerDuty].every((r) => r.answers.filter((s) => s < 300).length >= messages) &&
      smtp.mails.length >= messages
        ? true
        : undefined,
    75_000,
    `${messages} messages delivered to every channel`,
  );
}

await allDelivered(1);
const bodiesOf = (r: { requests: ReceivedRequest[] }) => r.requests.map((q) => JSON.parse(q.raw.toString('utf8')));
const downBodies = Object.fromEntries(
  Object.entries({ ...receivers, pagerduty: pagerDuty }).map(([name, r]) => [name, bodiesOf(r)[0]]),
);
target.down = false;
await allDelivered(2);

test('every channel gets each message once, after a 500 and a 429 (waiting out its Retry-After)', async () => {
  // A moment more: nothing else arrives (no duplicate after the 2xx).
  await new Promise((r) => setTimeout(r, 1500));
  for (const [name, receiver] of Object.entries({ ...receivers, pagerduty: pagerDuty })) {
    assert.equal(receiver.messages(), 2, `${name}: a monitor.down and a monitor.recovered`);
    assert.deepEqual(receiver.answers.length, 6, `${name}: three tries of each: ${receiver.answers}`);
    for (const message of new Set(receiver.requests.map((r) => r.raw.toString()))) {
      const tries = receiver.requests.filter((r) => r.raw.toString() === message);
      assert.equal(tries.length, 3, `${name}: each message tried three times`);
      assert.ok(tries[1]!.at - tries[0]!.at >= RETRY_BASE_MS - 20, `${name}: the first retry waits the base`);
      assert.ok(tries[2]!.at - tries[1]!.at >= RETRY_AFTER_S * 1000 - 20, `${name}: the 429's Retry-After is obeyed`);
    }
  }
  assert.deepEqual(
    smtp.mails.map((m) => m.subject),
    [`Down: ${site.url}/shop`, `Recovered: ${site.url}/shop`],
    'each mail once, after the 451',
  );
  assert.deepEqual([...smtp.tries.values()], [2, 2]);
});

test('GET /alert-channels/{id}/deliveries lists each message with its attempts and the start of each reply', async () => {
  const { body } = await get(`/alert-channels/${channels.slack.id}/deliveries`);
  assert.deepEqual(
    body.data.map((d: Json) => [d.event, d.state, d.monitor_id]),
    [
      ['monitor.recovered', 'delivered', monitor.id],
      ['monitor.down', 'delivered', monitor.id],
    ],
  );
  for (const delivery of body.data) {
    assert.deepEqual(
      delivery.attempts.map((a: Json) => [a.number, a.status_code, a.response_snippet]),
      [
        [1, 500, 'upstream hiccup'],
        [2, 429, 'rate limited'],
        [3, 200, 'ok'],
      ],
    );
    assert.ok(delivery.finished_at);
  }
  const mail = await get(`/alert-channels/${channels.email.id}/deliveries`);
  assert.deepEqual(
    mail.body.data[1].attempts.map((a: Json) => a.status_code),
    [451, 250],
    'an email attempt shows the SMTP reply code',
  );
  assert.match(mail.body.data[1].attempts[1].response_snippet, /queued as pageprobe-test/);
  // The channel's state: delivered last, so no failures counted.
  const slack = (await get(`/alert-channels/${channels.slack.id}`)).body;
  assert.deepEqual([slack.state, slack.first_failure_at], ['ok', null]);
  assert.ok(slack.last_delivered_at);
  // The monitor's alerts list what went where.
  const alerts = (await get(`/monitors/${monitor.id}/alerts`)).body.data;
  assert.equal(alerts[0].channels.length, 6);
  assert.ok(alerts[0].channels.every((c: Json) => c.state === 'delivered'));
  assert.equal(alerts[0].callback, null, 'no callback_url');
});

test('Slack: Block Kit blocks within Slack’s reference limits, with a text fallback', () => {
  const body = downBodies.slack;
  assert.deepEqual(Object.keys(body).sort(), ['blocks', 'text']);
  assert.match(body.text, /^Down: /);
  assert.ok(body.blocks.length <= SLACK_LIMITS.blocks);
  // The fields each block type takes, per api.slack.com/reference/block-kit/blocks.
  const allowed: Record<string, string[]> = {
    header: ['type', 'text', 'block_id'],
    section: ['type', 'text', 'fields', 'accessory', 'block_id'],
    context: ['type', 'elements', 'block_id'],
    actions: ['type', 'elements', 'block_id'],
  };
  const plain = (t: Json, max: number) => {
    assert.equal(t.type, 'plain_text');
    assert.ok(t.text.length >= 1 && t.text.length <= max);
  };
  const mrkdwn = (t: Json, max: number) => {
    assert.equal(t.type, 'mrkdwn');
    assert.ok(t.text.length >= 1 && t.text.length <= max);
  };
  for (const block of body.blocks) {
    assert.ok(allowed[block.type], `a known block type: ${block.type}`);
    for (const field of Object.keys(block)) assert.ok(allowed[block.type]!.includes(field), `${block.type}.${field}`);
    if (block.type === 'header') plain(block.text, SLACK_LIMITS.header);
    if (block.type === 'section') {
      assert.ok(block.text || block.fields, 'a section has text or fields');
      if (block.text) mrkdwn(block.text, SLACK_LIMITS.sectionText);
      if (block.fields) {
        assert.ok(block.fields.length <= SLACK_LIMITS.fields);
        for (const f of block.fields) mrkdwn(f, SLACK_LIMITS.field);
      }
    }
    if (block.type === 'context') {
      assert.ok(block.elements.length >= 1 && block.elements.length <= SLACK_LIMITS.contextElements);
      for (const e of block.elements) mrkdwn(e, SLACK_LIMITS.sectionText);
    }
    if (block.type === 'actions') {
      assert.ok(block.elements.length >= 1 && block.elements.length <= 25);
      for (const button of block.elements) {
        assert.deepEqual(Object.keys(button).sort(), ['action_id', 'text', 'type', 'url']);
        assert.equal(button.type, 'button');
        plain(button.text, SLACK_LIMITS.buttonText);
        assert.ok(button.url.length <= SLACK_LIMITS.buttonUrl && button.action_id.length <= 255);
      }
    }
  }
  const text = JSON.stringify(body);
  assert.match(text, /HTTP 500/, 'what failed, in words');
  assert.match(text, /What to try/);
  assert.match(text, /total \d+ ms/, 'the timings');
  const actions = body.blocks.find((b: Json) => b.type === 'actions');
  assert.equal(actions.elements[0].url, monitor.report_url, 'a link to the monitor’s page');
});

test('Teams: a Workflows message whose Adaptive Card the Adaptive Cards library parses without a warning', () => {
  const body = downBodies.teams;
  assert.equal(body.type, 'message');
  assert.equal(body.attachments.length, 1);
  const [attachment] = body.attachments;
  assert.equal(attachment.contentType, 'application/vnd.microsoft.card.adaptive');
  const json = attachment.content;
  assert.equal(json.type, 'AdaptiveCard');
  assert.equal(json.version, '1.4');
  const card = new AC.AdaptiveCard();
  const context = new AC.SerializationContext();
  card.parse(json, context);
  const events = Array.from({ length: context.eventCount }, (_, i) => context.getEventAt(i).message);
  assert.deepEqual(events, [], 'the card parses without an event');
  assert.deepEqual(
    card.validateProperties().validationEvents.map((e) => e.message),
    [],
    'and validates without one',
  );
  // What the library lets through: every TextBlock has its text, every fact a title and value.
  for (const element of json.body) {
    if (element.type === 'TextBlock') assert.ok(element.text.length > 0);
    if (element.type === 'FactSet') {
      assert.ok(element.facts.length > 0);
      for (const f of element.facts) assert.ok(f.title && f.value);
    }
  }
  assert.equal(json.actions[0].type, 'Action.OpenUrl');
  assert.equal(json.actions[0].url, monitor.report_url);
  assert.deepEqual(JSON.parse(JSON.stringify(card.toJSON())).body.length, json.body.length, 'nothing dropped');
});

test('Discord: one embed within Discord’s limits; nothing can mention anyone', () => {
  const body = downBodies.discord;
  assert.deepEqual(body.allowed_mentions, { parse: [] });
  assert.equal(body.embeds.length, 1);
  const [embed] = body.embeds;
  assert.ok(embed.title.length <= 256 && embed.description.length <= 4096);
  assert.ok(embed.fields.length <= 25);
  for (const f of embed.fields) assert.ok(f.name.length <= 256 && f.value.length <= 1024 && f.value.length > 0);
  assert.ok(embed.footer.text.length <= 2048);
  const total =
    embed.title.length +
    embed.description.length +
    embed.footer.text.length +
    embed.fields.reduce((n: number, f: Json) => n + f.name.length + f.value.length, 0);
  assert.ok(total <= 6000, 'at most 6,000 characters in all');
  assert.ok(Number.isInteger(embed.color) && embed.color >= 0 && embed.color <= 0xffffff);
  assert.ok(!Number.isNaN(Date.parse(embed.timestamp)));
  assert.equal(embed.url, monitor.report_url);
});

test('PagerDuty: a trigger with the Events v2 required fields, and a resolve with the same dedup_key', () => {
  const bodies = bodiesOf(pagerDuty);
  const trigger = bodies.find((b) => b.event_action === 'trigger');
  const resolve = bodies.find((b) => b.event_action === 'resolve');
  assert.ok(trigger && resolve);
  assert.equal(new Set(pagerDuty.requests.map((r) => r.url)).size, 1);
  assert.equal(pagerDuty.requests[0]!.url, '/v2/enqueue');
  for (const event of [trigger, resolve]) {
    assert.equal(event.routing_key, secrets.routingKey);
    assert.ok(event.dedup_key.length > 0 && event.dedup_key.length <= 255);
  }
  assert.equal(resolve.dedup_key, trigger.dedup_key, 'one incident, one dedup_key');
  assert.ok(trigger.payload.summary.length >= 1 && trigger.payload.summary.length <= 1024);
  assert.ok(trigger.payload.source.length >= 1);
  assert.equal(trigger.payload.severity, 'critical');
  assert.ok(['critical', 'error', 'warning', 'info'].includes(trigger.payload.severity));
  assert.ok(!Number.isNaN(Date.parse(trigger.payload.timestamp)));
  assert.equal(typeof trigger.payload.custom_details, 'object');
  assert.deepEqual(trigger.links[0], { href: monitor.report_url, text: 'Monitor page' });
});

test('email: a mail to every address, its text and HTML parts saying the same, read back by a real SMTP server', () => {
  const [down, recovered] = smtp.mails;
  assert.deepEqual(
    (Array.isArray(down!.to) ? down!.to : [down!.to]).flatMap((a) => a!.value.map((v) => v.address)),
    ['ops@example.com', 'cto@example.com'],
  );
  assert.equal(down!.from?.value[0]?.address, 'alerts@pageprobe.test');
  assert.match(down!.text ?? '', /HTTP 500/);
  assert.match(down!.text ?? '', new RegExp(`Monitor page: ${monitor.report_url}`));
  assert.ok(String(down!.html).includes(`href="${monitor.report_url}"`));
  assert.match(String(down!.html), /HTTP 500/);
  assert.match(recovered!.text ?? '', /is up again after/);
});

test('webhook: today’s signed body, which says what failed in words (issue 31, item 5)', () => {
  const [first] = receivers.webhook.requests;
  verifySignature(String(first!.headers['x-service-signature']), first!.raw, SECRET);
  assert.equal(first!.headers['x-service-event'], 'monitor.down');
  const down = downBodies.webhook;
  assert.equal(down.event, 'monitor.down');
  assert.equal(down.monitor.report_url, monitor.report_url);
  assert.match(down.alert.details.message, /^The server failed with an error \(HTTP 500\)\. The check took \d+ ms\.$/);
  assert.match(down.alert.details.advice.what, /HTTP 500/);
  assert.match(down.alert.details.advice.try, /error log/);
  assert.equal(down.alert.details.check.status_code, 500);
  assert.equal(typeof down.alert.details.check.timings_ms.total, 'number');
  assert.ok(down.incident.started_at && down.incident.ended_at === null);
  const recovered = bodiesOf(receivers.webhook).find((b) => b.event === 'monitor.recovered');
  assert.equal(recovered.incident.started_at, down.incident.started_at);
  assert.ok(recovered.incident.ended_at);
});

test('channels are checked: fields of their type, reachable URLs, the team’s own channels on monitors', async () => {
  assertProblem(await post('/alert-channels', { type: 'slack', name: 'x' }), 400, 'validation_failed');
  const noUrl = await post('/alert-channels', { type: 'slack', name: 'x' });
  assert.equal(noUrl.body.errors[0].path, 'body.url');
  const wrongField = await post('/alert-channels', {
    type: 'slack',
    name: 'x',
    url: secrets.slack,
    routing_key: 'abc',
  });
  assertProblem(wrongField, 400, 'validation_failed');
  assert.equal(wrongField.body.errors[0].path, 'body.routing_key');
  assertProblem(await post('/alert-channels', { type: 'pagerduty', name: 'x' }), 400, 'validation_failed');
  assertProblem(
    await post('/alert-channels', { type: 'sms', name: 'x', url: secrets.slack }),
    400,
    'validation_failed',
  );
  const twice = await post('/alert-channels', {
    type: 'email',
    name: 'x',
    addresses: ['a@example.com', 'A@example.com'],
  });
  assertProblem(twice, 400, 'validation_failed');
  assertProblem(
    await post('/alert-channels', { type: 'slack', name: 'x', url: 'ftp://example.com/x' }),
    400,
    'url_not_allowed',
  );
  const withPassword = await post('/alert-channels', { type: 'webhook', name: 'x', url: 'https://u:p@example.com/x' });
  assertProblem(withPassword, 400, 'url_not_allowed');

  const other = await teamWithKey(env);
  const theirs = await createChannel({ type: 'webhook', name: 'theirs', url: 'https://example.com/x' }, other.key);
  const refused = await post('/monitors', {
    url: `${site.url}/`,
    type: 'uptime',
    interval_seconds: 60,
    alert_channels: [channels.slack.id, theirs.id],
  });
  assertProblem(refused, 400, 'validation_failed');
  assert.equal(refused.body.errors[0].path, 'body.alert_channels.1');
  assertProblem(await get(`/alert-channels/${theirs.id}`), 404, 'not_found');

  // PATCH replaces a monitor's list; deleting a channel takes it off every monitor.
  const extra = await createChannel({ type: 'webhook', name: 'spare', url: 'https://example.com/spare' });
  const patched = await call<Json>(`${api}/monitors/${monitor.id}`, {
    method: 'PATCH',
    token: key,
    body: { alert_channels: [...monitor.alert_channels, extra.id] },
  });
  assert.equal(patched.body.alert_channels.length, 7);
  assert.equal((await call(`${api}/alert-channels/${extra.id}`, { method: 'DELETE', token: key })).status, 204);
  assert.deepEqual((await get(`/monitors/${monitor.id}`)).body.alert_channels, monitor.alert_channels);
  const renamed = await call<Json>(`${api}/alert-channels/${channels.slack.id}`, {
    method: 'PATCH',
    token: key,
    body: { name: 'Ops (Slack)' },
  });
  assert.deepEqual([renamed.status, renamed.body.name, renamed.body.url], [200, 'Ops (Slack)', '[redacted]']);
});

test('POST /alert-channels/{id}/test sends one message now and answers with its outcome', async () => {
  const other = await teamWithKey(env);
  const good = await startServer((_req, res) => res.writeHead(200).end('thanks'));
  const gone = await startServer((_req, res) => res.writeHead(404).end('no such webhook'));
  const up = await createChannel({ type: 'slack', name: 'good', url: `${good.url}/x` }, other.key);
  const down = await createChannel({ type: 'discord', name: 'gone', url: `${gone.url}/x` }, other.key);
  const ok = await post(`/alert-channels/${up.id}/test`, undefined, other.key);
  assert.equal(ok.status, 200, JSON.stringify(ok.body));
  assert.deepEqual(
    [ok.body.delivered, ok.body.attempt.status_code, ok.body.attempt.response_snippet],
    [true, 200, 'thanks'],
  );
  assert.match(JSON.parse(good.requests[0]!.raw.toString()).text, /Test message to good/);
  const failed = await post(`/alert-channels/${down.id}/test`, undefined, other.key);
  assert.deepEqual([failed.body.delivered, failed.body.attempt.status_code], [false, 404]);
  assert.equal(gone.requests.length, 1, 'a test message is not retried');
  const listed = (await get(`/alert-channels/${down.id}/deliveries`, other.key)).body.data;
  assert.deepEqual(
    listed.map((d: Json) => [d.event, d.state]),
    [['alert_channel.test', 'failed']],
  );
  // A target sealed under a key the deployment no longer has: asked for again, nothing sent or queued.
  await env.db.alertChannel.update({
    where: { id: up.id },
    data: { sealed: new Uint8Array(seal(randomBytes(32), { url: `${good.url}/x` }, `alert-channel:${up.id}`)) },
  });
  assertProblem(await post(`/alert-channels/${up.id}/test`, undefined, other.key), 409, 'secrets_unreadable');
  assert.equal(good.requests.length, 1);
  assert.equal((await get(`/alert-channels/${up.id}/deliveries`, other.key)).body.data.length, 1);
});

test('a channel that has failed everything for 24 hours is marked failing, and the team is told through its others', async () => {
  const other = await teamWithKey(env);
  const broken = await startServer((_req, res) => res.writeHead(410).end('webhook deleted'));
  const fine = await startServer((_req, res) => res.writeHead(200).end('ok'));
  const dead = await createChannel({ type: 'webhook', name: 'old hook', url: `${broken.url}/x` }, other.key);
  const alive = await createChannel({ type: 'slack', name: 'ops', url: `${fine.url}/x` }, other.key);
  // Its failures began a day ago (as the dispatcher would have recorded them).
  await env.db.alertChannel.update({
    where: { id: dead.id },
    data: { firstFailureAt: new Date(Date.now() - 25 * 3600_000) },
  });
  const down = await startServer((_req, res) => res.writeHead(503).end());
  const created = await post(
    '/monitors',
    { url: `${down.url}/`, type: 'uptime', interval_seconds: 1, alert: { down_after: 1 }, alert_channels: [dead.id] },
    other.key,
  );
  assert.equal(created.status, 201);
  const notice = await fine.nth(1, 20_000);
  const text = JSON.parse(notice.raw.toString()).text as string;
  assert.match(text, /Alert channel failing: old hook/);
  assert.match(text, /HTTP 410/);
  const view = (await get(`/alert-channels/${dead.id}`, other.key)).body;
  assert.equal(view.state, 'failing');
  assert.equal(broken.requests.length, 1, 'a 410 is final: not retried');
  const listed = (await get(`/alert-channels/${alive.id}/deliveries`, other.key)).body.data;
  assert.deepEqual(
    listed.map((d: Json) => [d.event, d.state]),
    [['alert_channel.failing', 'delivered']],
  );
  // Told once: the next failure of a failing channel tells nobody again.
  await call(`${api}/monitors/${created.body.id}`, { method: 'PATCH', token: other.key, body: { paused: true } });
  assert.equal(fine.requests.length, 1);
});

test('no channel secret appears in GET, logs, job data or the outbox rows (searched as literal strings)', async () => {
  const literals = [secrets.slack, secrets.teams, secrets.discord, secrets.webhook, secrets.routingKey];
  // The tokens alone, too: a URL might have been logged in parts.
  const tokens = literals.map((s) => s.split('/').at(-1)!.split('?')[0]!);
  const needles = [...literals, ...tokens];
  const seen = (text: string, where: string) => {
    for (const needle of needles) assert.ok(!text.includes(needle), `${where} holds a channel secret`);
  };
  const listed = await get('/alert-channels?limit=100');
  seen(JSON.stringify(listed.body), 'GET /alert-channels');
  for (const channel of listed.body.data) {
    if (channel.type === 'email')
      assert.deepEqual(channel.addresses, [
        { email: 'ops@example.com', confirmed: true },
        { email: 'cto@example.com', confirmed: true },
      ]);
    else assert.equal(channel.url ?? channel.routing_key, '[redacted]');
    seen(JSON.stringify((await get(`/alert-channels/${channel.id}`)).body), 'GET /alert-channels/{id}');
    seen(JSON.stringify((await get(`/alert-channels/${channel.id}/deliveries`)).body), 'deliveries');
  }
  seen(JSON.stringify((await get(`/monitors/${monitor.id}`)).body), 'GET /monitors/{id}');
  for (const app of apps) seen(app.output(), 'an app’s log');

  const redis = new Redis(env.redisUrl);
  try {
    const keys = await redis.keys(`${env.queuePrefix}:*`);
    assert.ok(keys.length > 0);
    for (const k of keys) {
      const type = await redis.type(k);
      const value =
        type === 'string'
          ? await redis.get(k)
          : type === 'hash'
            ? await redis.hgetall(k)
            : type === 'list'
              ? await redis.lrange(k, 0, -1)
              : type === 'set'
                ? await redis.smembers(k)
                : type === 'zset'
                  ? await redis.zrange(k, 0, -1)
                  : type === 'stream'
                    ? await redis.xrange(k, '-', '+')
                    : null;
      seen(JSON.stringify(value), `Redis key ${k}`);
    }
  } finally {
    redis.disconnect();
  }
  for (const table of ['callback_deliveries', 'callback_attempts', 'alert_channels', 'monitor_alerts', 'monitors']) {
    const rows = await env.db.$queryRawUnsafe<Array<{ row: string }>>(
      `SELECT row_to_json(t)::text AS row FROM ${table} t`,
    );
    seen(rows.map((r) => r.row).join('\n'), `PostgreSQL table ${table}`);
  }
});
