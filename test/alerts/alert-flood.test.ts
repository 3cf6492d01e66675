// Issue 44, item 4: email and webhook channels as a flood. An email channel's address gets nothing but
// one confirmation mail until its owner confirms through the single-use link in it; a team's alerts are
// counted per hour against its plan's quota, and a message past it is recorded as not sent; reminders
// come at most every 10 minutes. Through the real API, uptime worker and dispatcher, and a real SMTP
// server that reads back every mail.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ParsedMail } from 'mailparser';
import { startApiApp } from '../support/app-process.ts';
import { assertProblem, call } from '../support/http.ts';
import { eventually, startServer } from '../support/servers.ts';
import { teamWithKey } from '../support/teams.ts';
import { recipients, startSmtpServer } from '../support/smtp.ts';
import { createTestEnv } from '../support/test-env.ts';
import { startInProcess } from '../support/stack.ts';

type Json = Record<string, any>;

const env = await createTestEnv();
const smtp = await startSmtpServer();
const common = {
  ALLOW_PRIVATE_TARGETS: 'true',
  RATE_LIMIT_WRITES_PER_MIN: '1000',
  SWEEP_INTERVAL_MS: '500',
  MONITOR_MIN_INTERVAL_SECONDS: '1',
  ALERT_RETRY_BASE_MS: '300',
  SMTP_URL: smtp.url,
};
const { origin, app: apiApp } = await startApiApp(env, common);
await startInProcess('worker-uptime', env.appEnv({ ...common, PUBLIC_BASE_URL: origin }));
await startInProcess('callback-dispatcher', env.appEnv({ ...common, PUBLIC_BASE_URL: origin }));
const api = `${origin}/api/v1`;
const { key, teamId } = await teamWithKey(env);
const post = (path: string, body: unknown) => call<Json>(`${api}${path}`, { method: 'POST', token: key, body });
const patch = (path: string, body: unknown) => call<Json>(`${api}${path}`, { method: 'PATCH', token: key, body });
const get = (path: string) => call<Json>(`${api}${path}`, { token: key });

/** A target the test steers down (500) or up. */
const target = { down: true };
const site = await startServer((_req, res) => res.writeHead(target.down ? 500 : 200).end('x'));
const hook = await startServer((_req, res) => res.writeHead(200).end('ok'));

const LINK = new RegExp(`${origin}/confirm-email/([A-Za-z0-9_-]{43})`);
const linkIn = (mail: ParsedMail) => LINK.exec(mail.text ?? '')!;

/** The channel's deliveries of `event`, once each has settled. */
async function settled(channelId: string, event: string, count: number) {
  return eventually(async () => {
    const { body } = await get(`/alert-channels/${channelId}/deliveries?limit=100`);
    const found = body.data.filter((d: Json) => d.event === event && d.state !== 'pending');
    return found.length >= count ? found : undefined;
  }, 30_000);
}

const created = await post('/alert-channels', {
  type: 'email',
  name: 'Ops mail',
  addresses: ['Ops@example.com', 'cto@example.com'],
});
assert.equal(created.status, 201, JSON.stringify(created.body));
const channel = created.body;
const webhook = (await post('/alert-channels', { type: 'webhook', name: 'hook', url: `${hook.url}/in` })).body;
await eventually(async () => (smtp.mails.length >= 2 ? true : undefined));
const confirmations = [...smtp.mails];

const monitorRes = await post('/monitors', {
  url: `${site.url}/`,
  type: 'uptime',
  interval_seconds: 1,
  alert: { down_after: 1 },
  alert_channels: [channel.id],
});
assert.equal(monitorRes.status, 201, JSON.stringify(monitorRes.body));
const monitor = monitorRes.body;
const [downRefused] = await settled(channel.id, 'monitor.down', 1);

test('a new email channel sends one confirmation mail to each address, and nothing else', () => {
  assert.deepEqual(channel.addresses, [
    { email: 'Ops@example.com', confirmed: false },
    { email: 'cto@example.com', confirmed: false },
  ]);
  assert.deepEqual(confirmations.flatMap(recipients).sort(), ['cto@example.com', 'ops@example.com']);
  for (const mail of confirmations) {
    assert.equal(mail.subject, 'Confirm your address for Pageprobe alerts', 'a subject nobody else chooses');
    assert.ok(linkIn(mail), 'a link to the confirmation page');
    assert.match(mail.text ?? '', /“Ops mail”/);
    assert.ok(String(mail.html).includes(`href="${linkIn(mail)[0]}"`));
  }
  assert.notEqual(linkIn(confirmations[0]!)[1], linkIn(confirmations[1]!)[1], 'a token for each address');
});

test('a monitor going down sends nothing to unconfirmed addresses: its message is recorded as not sent', async () => {
  assert.equal(smtp.mails.length, 2, 'no mail beyond the confirmations');
  assert.equal(downRefused.state, 'failed');
  assert.equal(downRefused.attempts.length, 1);
  assert.match(downRefused.attempts[0].error, /^no_confirmed_address: /);
  assert.equal(downRefused.monitor_id, monitor.id);
  // Only the tokens' hashes are stored.
  let stored = '';
  for (const table of ['alert_channel_addresses', 'callback_deliveries', 'callback_attempts', 'alert_channels']) {
    const rows = await env.db.$queryRawUnsafe<Array<{ row: string }>>(
      `SELECT row_to_json(t)::text AS row FROM ${table} t`,
    );
    stored += rows.map((r) => r.row).join('\n');
  }
  assert.match(stored, /"token_hash":"\\\\x[0-9a-f]{64}"/, 'the hashes are there');
  for (const mail of confirmations) assert.ok(!stored.includes(linkIn(mail)[1]!), 'a token in the database');
});

test('the link confirms its address once; the next alert reaches it, and only it', async () => {
  const mail = confirmations.find((m) => recipients(m).includes('ops@example.com'))!;
  const [link, token] = linkIn(mail);
  // Opening the link shows what it confirms; only its button (a POST) confirms, so a mail scanner
  // that opens every link confirms nothing.
  for (let i = 0; i < 2; i++) {
    const page = await fetch(link!);
    assert.equal(page.status, 200);
    const text = await page.text();
    assert.match(text, /ops@example\.com/);
    assert.match(text, /<form method="post">/);
    assert.match(page.headers.get('content-security-policy') ?? '', /form-action 'self'/);
  }
  assert.deepEqual(
    (await get(`/alert-channels/${channel.id}`)).body.addresses.map((a: Json) => a.confirmed),
    [false, false],
  );
  const used = await fetch(link!, { method: 'POST' });
  assert.equal(used.status, 200);
  assert.match(await used.text(), /Address confirmed/);
  assert.deepEqual((await get(`/alert-channels/${channel.id}`)).body.addresses, [
    { email: 'Ops@example.com', confirmed: true },
    { email: 'cto@example.com', confirmed: false },
  ]);
  // A second use fails, and the link shows nothing any more.
  assert.equal((await fetch(link!, { method: 'POST' })).status, 404);
  assert.equal((await fetch(link!)).status, 404);
  assert.equal((await fetch(`${origin}/confirm-email/${'A'.repeat(43)}`, { method: 'POST' })).status, 404);

  target.down = false;
  const [recovered] = await settled(channel.id, 'monitor.recovered', 1);
  assert.equal(recovered.state, 'delivered');
  const alertMail = smtp.mails.find((m) => m.subject?.startsWith('Recovered'));
  assert.ok(alertMail, 'the recovery is mailed');
  assert.deepEqual(recipients(alertMail), ['Ops@example.com'], 'to the confirmed address only');
  assert.equal(smtp.mails.length, 3);

  // The access log keeps the route, never the token.
  assert.ok(apiApp.output().includes('/confirm-email/[token]'));
  assert.ok(!apiApp.output().includes(token!), 'the token in the API log');
});

test('PATCH: a new address gets its confirmation, those kept keep their state', async () => {
  const before = smtp.mails.length;
  const res = await patch(`/alert-channels/${channel.id}`, {
    addresses: ['ops@example.com', 'new@example.com'],
  });
  assert.equal(res.status, 200, JSON.stringify(res.body));
  assert.deepEqual(res.body.addresses, [
    { email: 'ops@example.com', confirmed: true },
    { email: 'new@example.com', confirmed: false },
  ]);
  await eventually(async () => (smtp.mails.length > before ? true : undefined));
  await new Promise((r) => setTimeout(r, 1000));
  assert.deepEqual(smtp.mails.slice(before).map(recipients), [['new@example.com']]);
  // The removed address's link no longer works.
  const cto = confirmations.find((m) => recipients(m).includes('cto@example.com'))!;
  assert.equal((await fetch(linkIn(cto)[0]!, { method: 'POST' })).status, 404);
  // The same address on another of the team's channels is confirmed already: no mail.
  const again = await post('/alert-channels', { type: 'email', name: 'Again', addresses: ['OPS@example.com'] });
  assert.deepEqual(again.body.addresses, [{ email: 'OPS@example.com', confirmed: true }]);
});

test('the hourly quota stops sends past it, records them as not sent, and GET /credits shows it', async () => {
  const credits = (await get('/credits')).body;
  // Sent so far: the recovery (1 message, 1 mail) and three confirmation mails; the refused down, nothing.
  assert.deepEqual(credits.alert_quota.messages, { limit: 3000, used: 1, remaining: 2999 });
  assert.deepEqual(credits.alert_quota.emails, { limit: 1000, used: 4, remaining: 996 });
  const resetsAt = Date.parse(credits.alert_quota.resets_at);
  assert.equal(resetsAt % 3600_000, 0, 'the next whole hour');
  assert.ok(resetsAt > Date.now() && resetsAt <= Date.now() + 3600_000);
  const free = await teamWithKey(env, { plan: 'free' });
  const freeQuota = (await call<Json>(`${api}/credits`, { token: free.key })).body.alert_quota;
  assert.deepEqual([freeQuota.messages.limit, freeQuota.emails.limit], [300, 100]);

  // The mails of this hour are spent (as if sent): the email channel's next message is refused, the
  // webhook's is sent; then the messages too, and the webhook's is refused.
  const hour = new Date(resetsAt - 3600_000);
  await env.db.alertQuotaUsage.update({ where: { teamId_hour: { teamId, hour } }, data: { emails: 1000 } });
  await patch(`/monitors/${monitor.id}`, { alert_channels: [channel.id, webhook.id] });
  const mailsBefore = smtp.mails.length;
  target.down = true;
  const [down] = await settled(channel.id, 'monitor.down', 2).then((ds) =>
    ds.filter((d: Json) => d.id !== downRefused.id),
  );
  assert.equal(down.state, 'failed');
  assert.match(down.attempts[0].error, /^quota_exceeded: .*1000 of their 1000 emails this hour/);
  const [hookDown] = await settled(webhook.id, 'monitor.down', 1);
  assert.equal(hookDown.state, 'delivered');

  await env.db.alertQuotaUsage.update({ where: { teamId_hour: { teamId, hour } }, data: { messages: 3000 } });
  const hookCalls = hook.requests.length;
  target.down = false;
  const [hookRecovered] = await settled(webhook.id, 'monitor.recovered', 1);
  assert.equal(hookRecovered.state, 'failed');
  assert.match(hookRecovered.attempts[0].error, /^quota_exceeded: .*3000 of their 3000 messages this hour/);
  assert.equal(hook.requests.length, hookCalls, 'nothing reached the webhook');
  assert.equal(smtp.mails.length, mailsBefore, 'no mail past the quota');
  const now = (await get('/credits')).body.alert_quota;
  assert.deepEqual(now.messages, { limit: 3000, used: 3000, remaining: 0 });
  assert.deepEqual(now.emails, { limit: 1000, used: 1000, remaining: 0 });
  // A test message is a message too.
  const tested = await post(`/alert-channels/${webhook.id}/test`, undefined);
  assert.equal(tested.status, 200);
  assert.equal(tested.body.delivered, false);
  assert.match(tested.body.attempt.error, /^quota_exceeded/);
});

test('reminders come at most every 10 minutes', async () => {
  const res = await post('/monitors', {
    url: `${site.url}/remind`,
    type: 'uptime',
    interval_seconds: 60,
    alert: { remind_every_minutes: 1 },
  });
  assertProblem(res, 400, 'validation_failed');
  assert.equal(res.body.errors[0].path, 'body.alert.remind_every_minutes');
  const ok = await post('/monitors', {
    url: `${site.url}/remind`,
    type: 'uptime',
    interval_seconds: 60,
    alert: { remind_every_minutes: 10 },
  });
  assert.equal(ok.status, 201);
});
