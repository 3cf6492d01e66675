// Issue 58 item 3: a status page's subscribers. Anyone subscribes on the public page by mail (confirmed
// by a mailed link, a real SMTP server in the harness) or webhook (confirmed by echoing a challenge);
// each is told once of each move of an incident that touches what it chose, through the outbox and the
// real dispatcher; a mail's one-click unsubscribe (RFC 8058) stops them; the team alone sees who.
import assert from 'node:assert/strict';
import type { ServerResponse } from 'node:http';
import { test } from 'node:test';
import { verifySignature } from '@pageprobe/webhook-verify';
import type { ParsedMail } from 'mailparser';
import { startApiInProcess } from '../support/api-in-process.ts';
import { call } from '../support/http.ts';
import { eventually, type ReceivedRequest, startServer } from '../support/servers.ts';
import { recipients, startSmtpServer } from '../support/smtp.ts';
import { startInProcess } from '../support/stack.ts';
import { teamWithKey } from '../support/teams.ts';
import { createTestEnv } from '../support/test-env.ts';

const env = await createTestEnv();
const smtp = await startSmtpServer();
const common = {
  ALLOW_PRIVATE_TARGETS: 'true',
  RATE_LIMIT_WRITES_PER_MIN: '1000',
  RATE_LIMIT_READS_PER_MIN: '100000',
  SWEEP_INTERVAL_MS: '500',
  ALERT_RETRY_BASE_MS: '200',
  SMTP_URL: smtp.url,
  SMTP_FROM: 'Acme status <status@pageprobe.test>',
};
const { origin } = await startApiInProcess(env, common);
await startInProcess('callback-dispatcher', env.appEnv({ ...common, PUBLIC_BASE_URL: origin }));
const api = `${origin}/api/v1`;
const { key } = await teamWithKey(env, { plan: 'pro' });
const other = await teamWithKey(env, { plan: 'pro' });
type Json = Record<string, any>;
const post = (path: string, body: unknown, token = key) => call<Json>(`${api}${path}`, { method: 'POST', token, body });
const get = (path: string, token = key) => call<Json>(`${api}${path}`, { token });

/** A monitor of the page, paused: this file writes its incidents by hand. */
const monitor = async (url: string) => {
  const { body } = await post('/monitors', { url, type: 'uptime', interval_seconds: 300 });
  await call(`${api}/monitors/${body.id}`, { method: 'PATCH', token: key, body: { paused: true } });
  return body;
};
const shop = await monitor('http://127.0.0.1:9/shop');
const api2 = await monitor('http://127.0.0.1:10/api');
const { body: page } = await post('/status-pages', {
  slug: 'acme-news',
  title: 'Acme status',
  monitors: [
    { id: shop.id, label: 'Shop' },
    { id: api2.id, label: 'API' },
  ],
});
const home = `${origin}/status/acme-news`;

/** The webhook: answers a challenge by echoing it, a notice with 204. */
const hook = await startServer((req: ReceivedRequest, res: ServerResponse) => {
  const body = JSON.parse(req.raw.toString('utf8'));
  if (body.type === 'subscription.challenge')
    return res.writeHead(200).end(JSON.stringify({ challenge: body.challenge }));
  res.writeHead(204).end();
});
/** A webhook that answers 200 but never echoes: never confirmed, never told. */
const deaf = await startServer((_req, res) => res.writeHead(200).end('ok'));

const form = (path: string, fields: Record<string, string | string[]>) => {
  const body = new URLSearchParams();
  for (const [k, v] of Object.entries(fields)) for (const one of [v].flat()) body.append(k, one);
  return fetch(`${origin}${path}`, { method: 'POST', body, redirect: 'manual' });
};
const mailsTo = (address: string) => smtp.mails.filter((m) => recipients(m).includes(address));
const linkIn = (mail: ParsedMail) => /https?:\/\/\S+\/subscription\/[A-Za-z0-9_-]{43}/.exec(mail.text ?? '')![0];

let webhookSecret = '';

test('subscribing: a mail is confirmed by its link (a button, not the GET), a webhook by echoing its challenge', async () => {
  const res = await form('/status/acme-news/subscribe', { email: 'Ana@Example.com' });
  assert.equal(res.status, 202);
  assert.match(await res.text(), /Check your mail/);
  // Only the API monitor, for Ben; Cy never confirms.
  assert.equal(
    (await form('/status/acme-news/subscribe', { email: 'ben@example.com', monitor_ids: api2.id })).status,
    202,
  );
  assert.equal((await form('/status/acme-news/subscribe', { email: 'cy@example.com' })).status, 202);
  const bad = await form('/status/acme-news/subscribe', { email: 'not an address' });
  assert.equal(bad.status, 400);
  assert.equal(
    (await form('/status/acme-news/subscribe', { email: 'x@example.com', monitor_ids: 'nope' })).status,
    400,
  );
  assert.equal((await form('/status/no-such/subscribe', { email: 'x@example.com' })).status, 404);

  await eventually(
    async () =>
      ['ana@example.com', 'ben@example.com', 'cy@example.com'].every((a) => mailsTo(a).length === 1) ? true : undefined,
    20_000,
    'three confirmation mails',
  );
  for (const address of ['ana@example.com', 'ben@example.com']) {
    const link = linkIn(mailsTo(address)[0]!);
    const opened = await fetch(link);
    assert.equal(opened.status, 200);
    assert.match(await opened.text(), /Confirm my subscription/);
    // Opening the link (a mail scanner does) confirms nothing.
    const row = await env.db.statusSubscriber.findFirst({ where: { address } });
    assert.equal(row?.confirmedAt, null);
    const confirmed = await form(new URL(link).pathname, { action: 'confirm' });
    assert.equal(confirmed.status, 200);
  }

  const hooked = await call<Json>(`${origin}/status/acme-news/subscribe`, {
    method: 'POST',
    body: { webhook_url: `${hook.url}/status-hook` },
  });
  assert.equal(hooked.status, 202, JSON.stringify(hooked.body));
  webhookSecret = hooked.body.secret;
  assert.match(webhookSecret, /^whsec_/);
  const deafened = await call<Json>(`${origin}/status/acme-news/subscribe`, {
    method: 'POST',
    body: { webhook_url: `${deaf.url}/x` },
  });
  assert.equal(deafened.status, 202);
  await eventually(
    async () =>
      (await env.db.statusSubscriber.count({ where: { kind: 'webhook', confirmedAt: { not: null } } })) === 1
        ? true
        : undefined,
    20_000,
    'the echoing webhook confirmed',
  );
  await eventually(async () => (deaf.requests.length >= 1 ? true : undefined), 20_000, 'the deaf webhook challenged');

  // The team sees them: 5, 3 confirmed; another team sees nothing.
  const listed = await get(`/status-pages/${page.id}/subscribers`);
  assert.deepEqual(listed.body.count, { total: 5, confirmed: 3 });
  assert.equal((await get(`/status-pages/${page.id}/subscribers`, other.key)).status, 404);
  const csv = await fetch(`${api}/status-pages/${page.id}/subscribers.csv`, {
    headers: { authorization: `Bearer ${key}` },
  });
  assert.equal(csv.status, 200);
  const lines = (await csv.text()).trim().split('\n');
  assert.equal(lines[0], 'id,kind,address,confirmed_at,monitor_ids,created_at');
  assert.equal(lines.length, 6);
  assert.ok(lines.some((l) => l.includes('ana@example.com')));
  // No address is shown on the public page.
  const publicPage = await (await fetch(home)).text();
  assert.ok(!publicPage.includes('ana@example.com'));
});

test('each move of an incident reaches each confirmed subscriber once, signed; the one-click unsubscribe stops them', async () => {
  const before = smtp.mails.length;
  const { body: incident } = await post('/incidents', {
    title: 'Checkout fails',
    message: 'We are **looking** into it.',
    components: [{ monitor_id: shop.id, impact: 'major_outage' }],
  });
  assert.ok(incident.id);
  await post(`/incidents/${incident.id}/updates`, { status: 'identified', message: 'A bad deploy.' });
  await post(`/incidents/${incident.id}/updates`, { status: 'resolved', message: 'Rolled back.' });

  const fromHook = () => hook.requests.filter((r) => JSON.parse(r.raw.toString('utf8')).type?.startsWith('incident.'));
  await eventually(
    async () => (mailsTo('ana@example.com').length === 4 && fromHook().length === 3 ? true : undefined),
    30_000,
    'three notices each to Ana and the webhook',
  );
  // Ana: her confirmation and the three moves, in order; Ben chose only the API: nothing; Cy never confirmed.
  const ana = mailsTo('ana@example.com').slice(1);
  assert.deepEqual(
    ana.map((m) => m.subject),
    [
      '[Acme status] Investigating: Checkout fails',
      '[Acme status] Identified: Checkout fails',
      '[Acme status] Resolved: Checkout fails',
    ],
  );
  assert.match(ana[0]!.html as string, /<strong>looking<\/strong>/);
  assert.equal(mailsTo('ben@example.com').length, 1);
  assert.equal(mailsTo('cy@example.com').length, 1);
  assert.equal(smtp.mails.length - before, 3);
  // The webhook: each signed with its own secret, in the order of the moves.
  const hooks = fromHook();
  for (const r of hooks) verifySignature(String(r.headers['x-service-signature']), r.raw, webhookSecret);
  assert.deepEqual(
    hooks.map((r) => JSON.parse(r.raw.toString('utf8')).type),
    ['incident.created', 'incident.updated', 'incident.resolved'],
  );
  const payload = JSON.parse(hooks[0]!.raw.toString('utf8'));
  assert.deepEqual(payload.incident.components, ['Shop']);
  assert.equal(payload.incident.url, `${home}/incidents/${incident.id}`);
  assert.equal(deaf.requests.length, 1, 'the unconfirmed webhook got its challenge alone');

  // Every mail carries RFC 8058's headers; GET shows a button and unsubscribes nothing; the POST does.
  const mail = ana[0]!;
  // As a mail client reads them: the raw header lines.
  const line = (name: string) => mail.headerLines.find((l) => l.key === name)?.line.replace(/\r\n\s*/g, ' ') ?? '';
  const unsubscribe = /<([^>]+)>/.exec(line('list-unsubscribe'))![1]!;
  assert.equal(line('list-unsubscribe-post'), 'List-Unsubscribe-Post: List-Unsubscribe=One-Click');
  const shown = await fetch(unsubscribe);
  assert.equal(shown.status, 200);
  assert.match(await shown.text(), /<button type="submit">Unsubscribe<\/button>/);
  assert.equal(await env.db.statusSubscriber.count({ where: { address: 'ana@example.com' } }), 1);
  const oneClick = await fetch(unsubscribe, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'List-Unsubscribe=One-Click',
  });
  assert.equal(oneClick.status, 200);
  assert.equal(await env.db.statusSubscriber.count({ where: { address: 'ana@example.com' } }), 0);
  assert.equal((await fetch(unsubscribe)).status, 404);

  // The team removes the webhook; Ben is told of the API alone.
  const { body: subs } = await get(`/status-pages/${page.id}/subscribers`);
  const webhook = subs.data.find((s: Json) => s.kind === 'webhook' && s.confirmed);
  // Its delivery log: the challenge and the three notices, each delivered at its first attempt.
  const { body: log } = await get(`/status-pages/${page.id}/subscribers/${webhook.id}/deliveries`);
  assert.deepEqual(
    log.data.map((d: Json) => [d.event, d.state, d.attempts.length, d.attempts[0].status_code]),
    [
      ['incident.resolved', 'delivered', 1, 204],
      ['incident.updated', 'delivered', 1, 204],
      ['incident.created', 'delivered', 1, 204],
      ['subscription.confirm', 'delivered', 1, 200],
    ],
  );
  assert.equal(
    (await call(`${api}/status-pages/${page.id}/subscribers/${webhook.id}`, { method: 'DELETE', token: key })).status,
    204,
  );
  const { body: next } = await post('/incidents', {
    title: 'API slow',
    message: 'Slow answers.',
    components: [{ monitor_id: api2.id, impact: 'degraded_performance' }],
  });
  await eventually(
    async () => (mailsTo('ben@example.com').length === 2 ? true : undefined),
    30_000,
    'Ben told of the API',
  );
  assert.equal(mailsTo('ben@example.com')[1]!.subject, '[Acme status] Investigating: API slow');
  await new Promise((r) => setTimeout(r, 1000));
  assert.equal(mailsTo('ana@example.com').length, 4, 'nothing after unsubscribing');
  assert.equal(fromHook().length, 3, 'nothing after being removed');
  assert.ok(next.id);
  const audit = await env.db.auditEntry.findMany({ where: { target: page.id } });
  assert.ok(audit.some((e) => e.action === 'status_page.subscribers_exported'));
  assert.ok(audit.some((e) => e.action === 'status_page.subscriber_removed'));
});

test('maintenance: a window made is told as scheduled, then its start and its end, each once', async () => {
  const echoes: string[] = [];
  const listener = await startServer((req: ReceivedRequest, res: ServerResponse) => {
    const body = JSON.parse(req.raw.toString('utf8'));
    if (body.type === 'subscription.challenge') return res.writeHead(200).end(body.challenge);
    echoes.push(body.type);
    res.writeHead(204).end();
  });
  const joined = await call<Json>(`${origin}/status/acme-news/subscribe`, {
    method: 'POST',
    body: { webhook_url: `${listener.url}/maintenance`, monitor_ids: [shop.id] },
  });
  assert.equal(joined.status, 202);
  await eventually(
    async () =>
      (await env.db.statusSubscriber.count({
        where: { address: `${listener.url}/maintenance`, confirmedAt: { not: null } },
      }))
        ? true
        : undefined,
    20_000,
    'the webhook confirmed',
  );
  const startsAt = new Date(Date.now() + 3_000);
  const window = await post('/maintenance-windows', {
    name: 'Database upgrade',
    starts_at: startsAt.toISOString(),
    ends_at: new Date(startsAt.getTime() + 3_000).toISOString(),
    monitors: [shop.id],
  });
  assert.equal(window.status, 201, JSON.stringify(window.body));
  // A window of another monitor (the API's) is not this subscriber's.
  await post('/maintenance-windows', {
    name: 'API move',
    starts_at: new Date(Date.now() + 60_000).toISOString(),
    ends_at: new Date(Date.now() + 120_000).toISOString(),
    monitors: [api2.id],
  });
  await eventually(async () => (echoes.length >= 3 ? true : undefined), 30_000, 'scheduled, started and ended');
  await new Promise((r) => setTimeout(r, 1500));
  assert.deepEqual(echoes, ['maintenance.scheduled', 'maintenance.started', 'maintenance.ended']);
  const last = JSON.parse(listener.requests.at(-1)!.raw.toString('utf8'));
  assert.deepEqual(last.maintenance.components, ['Shop']);
  assert.equal(last.maintenance.name, 'Database upgrade');
  // Ben chose the API only: the API's window is scheduled for him, by mail.
  await eventually(
    async () =>
      mailsTo('ben@example.com').some((m) => m.subject === '[Acme status] Maintenance scheduled: API move')
        ? true
        : undefined,
    20_000,
    'Ben told of the API move',
  );
});
