// Alerts name their monitor (issue 56, item 10): a receiver must tell which job failed, and a heartbeat's
// URL is a placeholder. Every channel type, delivered to real local receivers (an SMTP server for email)
// by the dispatcher, gets a named uptime monitor's monitor.down and a named heartbeat's, each naming the
// monitor and linking to its page in the dashboard; the heartbeat's page is private, so its messages
// carry no link to a page that would answer 404.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { startApiApp, startApp } from '../support/app-process.ts';
import { call } from '../support/http.ts';
import { eventually, type LocalServer, startServer } from '../support/servers.ts';
import { startSmtpServer } from '../support/smtp.ts';
import { teamWithKey } from '../support/teams.ts';
import { createTestEnv } from '../support/test-env.ts';

const DASHBOARD = 'https://dashboard.pageprobe.test/app';
const env = await createTestEnv();
const smtp = await startSmtpServer(() => undefined);
const common = {
  ALLOW_PRIVATE_TARGETS: 'true',
  RATE_LIMIT_WRITES_PER_MIN: '1000',
  SWEEP_INTERVAL_MS: '500',
  MONITOR_MIN_INTERVAL_SECONDS: '1',
  SMTP_URL: smtp.url,
  SMTP_FROM: 'Pageprobe alerts <alerts@pageprobe.test>',
  DASHBOARD_BASE_URL: DASHBOARD,
};
const pagerDuty = await startServer((_req, res) =>
  res.writeHead(202, { 'content-type': 'application/json' }).end('{"status":"success"}'),
);
const { origin } = await startApiApp(env, { ...common, PAGERDUTY_EVENTS_URL: `${pagerDuty.url}/v2/enqueue` });
for (const app of ['worker-uptime', 'callback-dispatcher'] as const) {
  await startApp(
    app,
    env.appEnv({ ...common, PUBLIC_BASE_URL: origin, PAGERDUTY_EVENTS_URL: `${pagerDuty.url}/v2/enqueue` }),
  );
}
const { key } = await teamWithKey(env, { plan: 'pro', credits: 5 });
type Json = Record<string, any>;
const post = async (path: string, body: unknown) => {
  const res = await call<Json>(`${origin}/api/v1${path}`, { method: 'POST', token: key, body });
  assert.ok(res.status === 201, `${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
};

const receivers: Record<string, LocalServer> = {
  slack: await startServer((_req, res) => res.writeHead(200).end('ok')),
  teams: await startServer((_req, res) => res.writeHead(202).end()),
  discord: await startServer((_req, res) => res.writeHead(204).end()),
  webhook: await startServer((_req, res) => res.writeHead(200).end('ok')),
};
const channels = [
  await post('/alert-channels', {
    type: 'slack',
    name: 'Slack',
    url: `${receivers.slack!.url}/services/T0PAGEPRB/B0PAGEPRB/x`,
  }),
  await post('/alert-channels', {
    type: 'teams',
    name: 'Teams',
    url: `${receivers.teams!.url}/workflows/x/triggers/manual/paths/invoke?sig=x`,
  }),
  await post('/alert-channels', {
    type: 'discord',
    name: 'Discord',
    url: `${receivers.discord!.url}/api/webhooks/1234567890/x`,
  }),
  await post('/alert-channels', { type: 'webhook', name: 'Hook', url: `${receivers.webhook!.url}/hooks/x` }),
  await post('/alert-channels', { type: 'pagerduty', name: 'On call', routing_key: 'a'.repeat(32) }),
  await post('/alert-channels', { type: 'email', name: 'Mail', addresses: ['ops@example.com'] }),
];
// The address confirms through its mail's link before it is sent alerts.
const confirmation = await eventually(async () => smtp.mails.find((m) => m.subject?.startsWith('Confirm')));
const link = /http:\/\/\S+\/confirm-email\/\S+/.exec(confirmation.text ?? '')![0];
assert.equal((await fetch(link, { method: 'POST' })).status, 200);

const site = await startServer((_req, res) => res.writeHead(500).end('down'));
const alert_channels = channels.map((c) => c.id);
const shop = await post('/monitors', {
  url: `${site.url}/checkout`,
  name: 'Shop checkout',
  type: 'uptime',
  interval_seconds: 1,
  alert: { down_after: 1 },
  alert_channels,
});
// Never pinged: late after its first period and grace. Its page is private.
const backup = await post('/monitors', {
  type: 'heartbeat',
  name: 'Nightly backup',
  period_seconds: 1,
  grace_seconds: 1,
  public_page: false,
  alert_channels,
});
assert.match(backup.url, /^heartbeat:/);

const bodies = (r: LocalServer) => r.requests.map((q) => JSON.parse(q.raw.toString('utf8')) as Json);
/** Each receiver's first message that names `name`, once every channel has one. */
async function messagesNaming(name: string) {
  return eventually(
    async () => {
      const found: Record<string, Json | string> = {};
      for (const [type, r] of Object.entries({ ...receivers, pagerduty: pagerDuty })) {
        const body = bodies(r).find((b) => JSON.stringify(b).includes(name));
        if (body) found[type] = body;
      }
      const mail = smtp.mails.find((m) => m.subject?.includes(name));
      if (mail) found.email = `${mail.subject}\n${mail.text}\n${mail.html}`;
      return Object.keys(found).length === 6 ? found : undefined;
    },
    60_000,
    `every channel's message naming ${name}`,
  );
}

for (const [what, monitor, name] of [
  ['an uptime monitor', shop, 'Shop checkout'],
  ['a heartbeat, whose page is private', backup, 'Nightly backup'],
] as const) {
  test(`every channel's monitor.down of ${what} names it and links to its page in the dashboard`, async () => {
    const found = await messagesNaming(name);
    const dashboardUrl = `${DASHBOARD}/monitors/${monitor.id}`;
    const hook = found.webhook as Json;
    assert.equal(hook.event, 'monitor.down');
    assert.equal(hook.monitor.name, name);
    assert.equal(hook.monitor.dashboard_url, dashboardUrl);
    assert.equal(hook.monitor.url, monitor.url, 'the older fields as they were');
    assert.equal(hook.monitor.report_url, monitor.report_url);
    assert.equal(hook.monitor.public_page, monitor.public_page);

    const slack = found.slack as Json;
    assert.match(slack.text, new RegExp(`^Down: ${name}`));
    const buttons = slack.blocks.find((b: Json) => b.type === 'actions').elements.map((e: Json) => e.url);
    assert.ok(buttons.includes(dashboardUrl), 'Slack: a button to the dashboard');

    const card = (found.teams as Json).attachments[0].content;
    assert.ok(JSON.stringify(card.body).includes(`Down: ${name}`));
    assert.ok(
      card.actions.some((a: Json) => a.url === dashboardUrl),
      'Teams: an action to the dashboard',
    );

    const embed = (found.discord as Json).embeds[0];
    assert.equal(embed.title, `Down: ${name}`);
    assert.ok(embed.description.includes(dashboardUrl), 'Discord: the link in the description');

    const event = found.pagerduty as Json;
    assert.match(event.payload.summary, new RegExp(`^Down: ${name}`));
    assert.equal(event.payload.custom_details.Monitor, name);
    assert.ok(
      event.links.some((l: Json) => l.href === dashboardUrl),
      'PagerDuty: a link to the dashboard',
    );

    const mail = found.email as string;
    assert.match(mail, new RegExp(`^Down: ${name}\\n`));
    assert.ok(mail.includes(`Open in the dashboard: ${dashboardUrl}`), 'email: the link in the text part');
    assert.ok(mail.includes(`href="${dashboardUrl}"`), 'email: the link in the HTML part');

    // A private page's link would answer 404: no message offers it.
    for (const [type, message] of Object.entries(found)) {
      if (type === 'webhook') continue; // its body keeps report_url, with public_page beside it
      const text = typeof message === 'string' ? message : JSON.stringify(message);
      assert.equal(text.includes(monitor.report_url), monitor.public_page, `${type}: the public page only when public`);
    }
  });
}
