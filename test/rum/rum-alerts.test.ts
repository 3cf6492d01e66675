// Issue 61 item 5: rum.regressed. A site's real users' page views (rollups as the ingest records them,
// thousands at chosen LCPs) are looked at by the dispatcher's sweep: good, then mostly poor in the
// window → one rum.regressed at the site's webhook channel, signed, naming LCP, its p75, the rating's
// move and the deploy recorded minutes before, and an email channel gets it in words; further sweeps
// send nothing more; good again → rum.recovered. Too few page views → nothing; a budget passed →
// rum.regressed naming it; a maintenance window over a monitor of the site's origin → nothing, and after
// it the alert. Two dispatchers run throughout, each sweeping every site, and every change arrives once.
// Every part real: the API, the dispatchers, PostgreSQL, Redis, SMTP, a webhook receiver.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, test } from 'node:test';
import { createPool } from '@pageprobe/db';
import { ensureCurrentPartitions } from '@pageprobe/test-lifecycle';
import { verifySignature } from '@pageprobe/webhook-verify';
import { addPageView, emptyRumRollup, recordRumRollups } from '../../packages/rum/src/index.ts';
import { call } from '../support/http.ts';
import { eventually, startServer } from '../support/servers.ts';
import { startSmtpServer } from '../support/smtp.ts';
import { startInProcess, startStack } from '../support/stack.ts';
import { teamWithKey } from '../support/teams.ts';
import { createTestEnv } from '../support/test-env.ts';

const env = await createTestEnv();
// The SMTP server an email channel sends through: the message in words, as a person reads it.
const smtp = await startSmtpServer();
// Every site looked at on every sweep, a sweep every 300 ms: the tests wait for looks, never for time.
const common = {
  SWEEP_INTERVAL_MS: '300',
  RUM_ALERT_INTERVAL_MS: '0',
  ALLOW_PRIVATE_TARGETS: 'true',
  SMTP_URL: smtp.url,
};
const stack = await startStack(env, { apps: ['api', 'callback-dispatcher'], all: common });
// A second dispatcher, as a deployment with two replicas runs: each change must still be raised once.
await startInProcess('callback-dispatcher', env.appEnv({ ...common, PUBLIC_BASE_URL: stack.origin }));
const api = `${stack.origin}/api/v1`;
const SECRET = 'whsec_rum_alerts';
const { key, teamId } = await teamWithKey(env, { plan: 'pro', credits: 10 });
await env.db.team.update({ where: { id: teamId }, data: { webhookSecret: SECRET } });

const pool = createPool(env.databaseUrl, { size: 2 });
after(() => pool.end());
await ensureCurrentPartitions(pool);

const receiver = await startServer();
type Body = Record<string, any> & { event: string };
const bodiesOf = (siteId: string) =>
  receiver.requests
    .map((r) => ({ request: r, body: JSON.parse(r.raw.toString('utf8')) as Body }))
    .filter(({ body }) => body.site?.id === siteId);
const made = await call<any>(`${api}/alert-channels`, {
  method: 'POST',
  token: key,
  body: { type: 'webhook', name: 'RUM hook', url: `${receiver.url}/hook` },
});
assert.equal(made.status, 201, JSON.stringify(made.body));
const channelId = made.body.id as string;
// An email channel too, its address confirmed through its link (issue 44) before it is sent alerts.
const email = await call<any>(`${api}/alert-channels`, {
  method: 'POST',
  token: key,
  body: { type: 'email', name: 'Ops mail', addresses: ['ops@example.com'] },
});
assert.equal(email.status, 201, JSON.stringify(email.body));
const isConfirmation = (m: { subject?: string }) => m.subject?.startsWith('Confirm your address') === true;
const confirmation = await eventually(async () => smtp.mails.find(isConfirmation));
const link = /http:\/\/\S+\/confirm-email\/\S+/.exec(confirmation.text ?? '')![0];
assert.equal((await fetch(link, { method: 'POST' })).status, 200);

// The origin the site's pages are on (a server, so a monitor can watch it).
const shop = await startServer((_req, res) => res.writeHead(200).end('ok'));
const origin = new URL(shop.url).origin;

async function site(
  name: string,
  extra: { budgets?: Record<string, number>; alertMinPageViews?: number; alertChannelIds?: string[] } = {},
) {
  return env.db.rumSite.create({
    data: {
      teamId,
      name,
      siteKey: `rum_${randomUUID()}`,
      origins: [origin],
      alertChannelIds: [channelId],
      alertWindowMinutes: 10,
      alertMinPageViews: 500,
      ...extra,
    },
  });
}

/** `n` page views whose LCP is about `lcp` ms (spread over 50 ms), recorded as the ingest records them. */
async function views(siteId: string, lcp: number, n: number) {
  const rollup = emptyRumRollup();
  for (let i = 0; i < n; i++) addPageView(rollup, { lcp_ms: lcp + (i % 50) });
  await recordRumRollups(pool, [
    { siteId, plan: 'pro', at: new Date(), pageGroup: 'home', device: 'mobile', country: 'XX', rollup },
  ]);
}

/** Waits for a look at the site that began after now (so it read everything recorded before). */
async function looked(siteId: string) {
  const since = new Date();
  return eventually(
    async () => {
      const s = await env.db.rumSite.findUniqueOrThrow({ where: { id: siteId } });
      return s.alertCheckedAt && s.alertCheckedAt > since ? s : undefined;
    },
    20_000,
    'a look at the site',
  );
}

const alertRows = (siteId: string) => env.db.rumAlert.findMany({ where: { siteId }, orderBy: { createdAt: 'asc' } });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

test('good, then poor LCP: one signed rum.regressed naming the deploy; again nothing; good again: rum.recovered', async () => {
  const deploy = await env.db.deploy.create({
    data: {
      teamId,
      version: '2.14.0',
      commit: 'a1b2c3d',
      url: 'https://shop.example.com/',
      source: 'api',
      status: 'recorded',
      createdAt: new Date(Date.now() - 3 * 60_000),
    },
  });
  const s = await site('Shop', { alertChannelIds: [channelId, email.body.id] });
  await views(s.id, 1200, 3000);
  const first = await looked(s.id);
  // The first look starts from what it sees, quietly.
  assert.equal((first.alertState as any).lcp_ms.rating, 'good');
  assert.deepEqual(await alertRows(s.id), []);

  // Mostly poor page views: four in five at about 5.2 s, so the window's p75 is poor.
  await views(s.id, 5200, 12_000);
  await looked(s.id);
  const [sent] = await eventually(async () => {
    const got = bodiesOf(s.id);
    return got.length ? got : undefined;
  });
  const { request, body } = sent!;
  verifySignature(String(request.headers['x-service-signature']), request.raw, SECRET);
  assert.equal(request.headers['x-service-event'], 'rum.regressed');
  assert.equal(body.event, 'rum.regressed');
  assert.deepEqual(body.site, { id: s.id, name: 'Shop' });
  assert.equal(body.metric, 'lcp_ms');
  assert.deepEqual([body.previous_rating, body.rating], ['good', 'poor']);
  assert.ok(body.p75 > 4000 && body.p75 < 6000, `p75 ${body.p75}`);
  assert.equal(body.page_views, 15_000);
  assert.equal(body.budget, null);
  assert.equal(body.window.minutes, 10);
  assert.equal(Date.parse(body.window.to) - Date.parse(body.window.from), 10 * 60_000);
  assert.equal(body.deploy.id, deploy.id);
  assert.equal(body.deploy.version, '2.14.0');
  assert.match(body.deploy.dashboard_url, new RegExp(`/deploys/${deploy.id}$`));
  assert.match(body.url, new RegExp(`/rum/${s.id}$`));
  // The email channel's message says the same in words.
  const mail = await eventually(async () => smtp.mails.find((m) => m.subject?.includes('Real users fare worse: Shop')));
  assert.match(
    mail.text ?? '',
    /Largest Contentful Paint \(LCP\) p75 went from good to poor: \d\.\d\d s, over 15,000 page views in the last 10 min\. After deploy 2\.14\.0 \(production\)\./,
  );
  assert.match(mail.text ?? '', /Rating: good → poor/);

  // Swept again (by both dispatchers, several times): nothing more.
  await looked(s.id);
  await looked(s.id);
  await sleep(500);
  assert.deepEqual(
    bodiesOf(s.id).map((b) => b.body.event),
    ['rum.regressed'],
  );
  assert.equal((await alertRows(s.id)).length, 1);

  // Good again: most of the window's page views fast.
  await views(s.id, 1200, 60_000);
  await looked(s.id);
  const recovered = await eventually(async () => bodiesOf(s.id).find((b) => b.body.event === 'rum.recovered'));
  assert.deepEqual([recovered.body.previous_rating, recovered.body.rating], ['poor', 'good']);
  assert.equal(recovered.body.deploy, undefined);
  await looked(s.id);
  assert.deepEqual(
    bodiesOf(s.id).map((b) => b.body.event),
    ['rum.regressed', 'rum.recovered'],
  );

  // The API lists them newest first, a page at a time.
  const page = await call<any>(`${api}/rum/sites/${s.id}/alerts?limit=1`, { token: key });
  assert.equal(page.status, 200, JSON.stringify(page.body));
  assert.equal(page.body.data[0].event, 'rum.recovered');
  assert.ok(page.body.next_cursor);
  const next = await call<any>(`${api}/rum/sites/${s.id}/alerts?limit=1&cursor=${page.body.next_cursor}`, {
    token: key,
  });
  assert.equal(next.body.data[0].event, 'rum.regressed');
  assert.equal(next.body.data[0].details.deploy.version, '2.14.0');
  assert.equal(next.body.next_cursor, null);
  assert.equal((await call<any>(`${api}/rum/sites/${randomUUID()}/alerts`, { token: key })).status, 404);
  // Each message counted against the team's alert quota, as a monitor's are.
  const used = await env.db.alertQuotaUsage.findMany({ where: { teamId } });
  assert.ok(used.reduce((n, u) => n + u.messages, 0) >= 2);
});

test('below the minimum of page views: nothing recorded, nothing sent', async () => {
  const s = await site('Quiet', { alertMinPageViews: 5000 });
  await views(s.id, 5200, 3000);
  const seen = await looked(s.id);
  await looked(s.id);
  assert.deepEqual(seen.alertState, {});
  assert.deepEqual(await alertRows(s.id), []);
});

test('a budget passed while the rating stays good: rum.regressed naming the budget; at a first look too', async () => {
  const s = await site('Budget', { budgets: { lcp_ms: 2000 } });
  await views(s.id, 1200, 3000);
  await looked(s.id);
  assert.deepEqual(await alertRows(s.id), []);
  await views(s.id, 2300, 12_000);
  await looked(s.id);
  const sent = await eventually(async () => bodiesOf(s.id).find((b) => b.body.event === 'rum.regressed'));
  assert.equal(sent.body.alert.reason, 'over_budget');
  assert.deepEqual([sent.body.budget, sent.body.over_budget, sent.body.rating], [2000, true, 'good']);
  assert.ok(sent.body.p75 > 2000 && sent.body.p75 < 2500, `p75 ${sent.body.p75}`);

  // A site whose first look is already past its budget is told at once.
  const late = await site('Budget from the start', { budgets: { lcp_ms: 2000 } });
  await views(late.id, 2300, 3000);
  await looked(late.id);
  const told = await eventually(async () => bodiesOf(late.id).find((b) => b.body.event === 'rum.regressed'));
  assert.deepEqual([told.body.previous_rating, told.body.alert.reason], [null, 'over_budget']);
});

test('a maintenance window over a monitor of the site: nothing; after it, the alert', async () => {
  const s = await site('Maintained');
  const monitor = await env.db.monitor.create({
    data: {
      teamId,
      type: 'uptime',
      url: `${origin}/`,
      device: 'desktop',
      intervalSeconds: 86_400,
      status: 'paused',
      locations: [],
    },
  });
  await views(s.id, 1200, 3000);
  await looked(s.id);
  const window = await call<any>(`${api}/maintenance-windows`, {
    method: 'POST',
    token: key,
    body: {
      name: 'Release',
      starts_at: new Date(Date.now() - 60_000).toISOString(),
      ends_at: new Date(Date.now() + 3_600_000).toISOString(),
      monitors: [monitor.id],
    },
  });
  assert.equal(window.status, 201, JSON.stringify(window.body));
  await views(s.id, 5200, 12_000);
  const held = await looked(s.id);
  await looked(s.id);
  await sleep(500);
  assert.deepEqual(bodiesOf(s.id), []);
  assert.equal((held.alertState as any).lcp_ms.rating, 'good', 'the state does not move while held');
  // The window ends, the page views are still poor: told now, once.
  const ended = await call<any>(`${api}/maintenance-windows/${window.body.id}`, {
    method: 'PATCH',
    token: key,
    body: { starts_at: new Date(Date.now() - 60_000).toISOString(), ends_at: new Date().toISOString() },
  });
  assert.equal(ended.status, 200, JSON.stringify(ended.body));
  await looked(s.id);
  const sent = await eventually(async () => bodiesOf(s.id).find((b) => b.body.event === 'rum.regressed'));
  assert.deepEqual([sent.body.previous_rating, sent.body.rating], ['good', 'poor']);
  await looked(s.id);
  assert.equal(bodiesOf(s.id).length, 1);
});
