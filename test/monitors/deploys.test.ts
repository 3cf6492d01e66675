// Issue 62: deploys. A site the harness serves, version 1 then version 2 with a slower LCP: the CLI's
// `pageprobe deploy` runs the tagged lighthouse monitor at once, waits for the verdict and exits by it,
// the monitor's channel is sent deploy.checked naming the version, and the monitor's series carry the
// deploy as an annotation. GitHub's deployment_status webhook with a good and a bad signature, and the
// same deploy told twice running once. A monitor that goes down minutes after a deploy: its down alert
// names that deploy. Every part real: the API, the browser and uptime workers, the dispatcher (whose
// sweep gives deploys their verdict), Chromium.
import assert from 'node:assert/strict';
import { createHmac, randomBytes } from 'node:crypto';
import { test } from 'node:test';
import { assertProblem, call } from '../support/http.ts';
import { eventually, startServer } from '../support/servers.ts';
import { startStack } from '../support/stack.ts';
import { teamWithKey } from '../support/teams.ts';
import { createTestEnv } from '../support/test-env.ts';
import { runCli } from '../support/cli.ts';

const env = await createTestEnv();
const common = { ALLOW_PRIVATE_TARGETS: 'true', SWEEP_INTERVAL_MS: '500', MONITOR_MIN_INTERVAL_SECONDS: '1' };
const stack = await startStack(env, {
  apps: ['api', 'worker-uptime', 'worker-browser', 'callback-dispatcher'],
  all: common,
  env: {
    // Wrong signatures an address may send a minute before 429 (the keys' limit, low to reach it here).
    api: { RATE_LIMIT_WRITES_PER_MIN: '1000', AUTH_FAILURES_PER_MIN: '8' },
    'worker-browser': { LIGHTHOUSE_MAX_WAIT_MS: '15000', LIGHTHOUSE_TIMEOUT_MS: '120000' },
  },
});
const api = `${stack.origin}/api/v1`;
const { key, teamId } = await teamWithKey(env, { plan: 'pro', credits: 100 });
await env.db.team.update({ where: { id: teamId }, data: { webhookSecret: 'whsec_deploys' } });

// The site: version 1 is a small page; version 2 waits 1.5 s for a stylesheet and a script and shows a
// 600 kB image, so its LCP is seconds later. It serves version 2 when the monitor is made (a new monitor
// runs at once), so version 1's deploy is judged against a slower run: only better figures, passed,
// whatever lab noise a loaded machine adds to so small a page.
let version = 2;
const bigImage = randomBytes(600 * 1024);
const page = (body: string, head = '') =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Shop</title>${head}</head><body>${body}</body></html>`;
const site = await startServer((req, res) => {
  const send = (type: string, body: string | Buffer, delay = 0) =>
    setTimeout(() => res.writeHead(200, { 'content-type': type, 'cache-control': 'no-store' }).end(body), delay);
  if (req.url === '/') {
    return version === 1
      ? send('text/html', page('<h1>Shop</h1><p>A small page.</p>'))
      : send(
          'text/html',
          page(
            `<h1>Shop</h1><img src="/big.jpg" alt="hero"><script src="/slow.js"></script><p>${'text '.repeat(200)}</p>`,
            '<link rel="stylesheet" href="/slow.css">',
          ),
        );
  }
  if (req.url === '/slow.css') return send('text/css', 'h1{color:#333}', 1500);
  if (req.url === '/slow.js')
    return send('application/javascript', 'const e = Date.now() + 600; while (Date.now() < e) {}', 1500);
  if (req.url === '/big.jpg') return send('image/jpeg', bigImage);
  res.writeHead(404).end();
});

// Where the team's webhook channel delivers: deploy.checked and the alerts, as sent.
const receiver = await startServer();
const received = () =>
  receiver.requests.map((r) => JSON.parse(r.raw.toString('utf8')) as Record<string, any> & { event: string });

const post = async (path: string, body: unknown) => {
  const res = await call<any>(`${api}${path}`, { method: 'POST', token: key, body });
  assert.ok(res.status < 300, `POST ${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
};
const channel = await post('/alert-channels', { type: 'webhook', name: 'Deploy hook', url: `${receiver.url}/hook` });

const cli = (args: string[]) => runCli(stack.origin, key, args);

test('pageprobe deploy runs the tagged monitor now; a slower LCP is regressed, named, sent and marked', async () => {
  const monitor = await post('/monitors', {
    type: 'lighthouse',
    url: `${site.url}/`,
    interval_seconds: 86_400,
    // Three runs a check: the verdict compares medians, and a change within the runs' own spread is noise
    // (a single run on a loaded machine saw TTFB 25 → 154 ms and called version 1 regressed).
    runs: 3,
    tags: ['shop'],
    alert_channels: [channel.id],
  });
  // Its first run, at once: the run version 1's deploy is compared with.
  await eventually(
    async () =>
      (await env.db.test.count({ where: { monitorId: monitor.id, status: 'completed' } })) === 1 ? true : undefined,
    180_000,
    'the new monitor ran once',
  );
  // Version 1: its run is the one version 2 is compared with.
  version = 1;
  const first = await cli(['deploy', '--version', '1', '--tag', 'shop', '--commit', 'a1b2c3d', '--timeout', '240']);
  assert.equal(first.code, 0, first.stdout + first.stderr);
  assert.match(first.stdout, /deploy 1 \(production\): passed/);
  version = 2;
  const second = await cli(['deploy', '--version', '2', '--tag', 'shop', '--commit', 'e4f5a6b', '--timeout', '240']);
  // The verdict: regressed, naming the Largest Contentful Paint; the CLI exits 1 so a pipeline stops.
  assert.equal(second.code, 1, second.stdout + second.stderr);
  assert.match(second.stdout, /deploy 2 \(production\): regressed/);
  assert.match(second.stdout, /vitals\.lcp_ms \d+ ms → \d+ ms/);
  const deploys = (await call<any>(`${api}/deploys`, { token: key })).body.data;
  const two = deploys.find((d: any) => d.version === '2');
  assert.equal(two.status, 'regressed');
  const check = two.checks[0];
  assert.equal(check.monitor_id, monitor.id);
  const lcp = check.worse.find((w: any) => w.figure === 'vitals.lcp_ms');
  assert.ok(lcp && lcp.head > lcp.base, JSON.stringify(check));
  assert.ok(check.before_test_id && check.after_test_id && check.before_test_id !== check.after_test_id);
  // Each deploy ran the monitor once, out of its daily schedule.
  const one = deploys.find((d: any) => d.version === '1');
  const runs = await env.db.test.count({
    where: { monitorId: monitor.id, createdAt: { gte: new Date(one.created_at) } },
  });
  assert.equal(runs, 2);
  // The channel was told: deploy.checked naming version 2 and what got worse, with the comparison's link.
  const checked = await eventually(
    async () => received().find((b) => b.event === 'deploy.checked' && b.deploy.version === '2'),
    20_000,
    'deploy.checked for version 2',
  );
  assert.equal(checked.deploy.status, 'regressed');
  assert.equal(
    checked.checks[0].worse.some((w: any) => w.figure === 'vitals.lcp_ms'),
    true,
  );
  assert.match(checked.checks[0].compare_url, /\/reports\/[^/]+\/compare\/[^/]+$/);
  // The monitor's series carry both deploys as annotations, for the charts' markers.
  const series = await call<any>(`${api}/monitors/${monitor.id}/series?metric=lcp_ms`, { token: key });
  assert.equal(series.status, 200, JSON.stringify(series.body));
  assert.deepEqual(
    series.body.annotations.map((a: any) => [a.type, a.version, a.status]),
    [
      ['deploy', '1', 'passed'],
      ['deploy', '2', 'regressed'],
    ],
  );
  // The monitor's page flags both on its charts, each with its version.
  const html = await (await fetch(monitor.report_url)).text();
  assert.match(
    html,
    /<g class="deploy">.*?<title>Deploy 2 \(production\): regressed · [^<]+<\/title><\/rect><text [^>]+>2<\/text><\/g>/s,
  );
  assert.match(html, /<span class="key deploy">deploy<\/span>/);
});

const sign = (secret: string, body: string) => `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

test("GitHub's deployment_status: a bad signature is 401; the same deploy twice is one deploy and one run", async () => {
  const target = await startServer((_req, res) => res.writeHead(200).end('ok'));
  const monitor = await post('/monitors', {
    type: 'uptime',
    url: `${target.url}/`,
    interval_seconds: 86_400,
    tags: ['api'],
  });
  const { secret } = await post('/deploys/secret', {});
  assert.match(secret, /^ppd_/);
  const body = JSON.stringify({
    deployment_status: { state: 'success', environment: 'staging', environment_url: 'https://staging.example.com/' },
    deployment: { sha: '9f2c1e7a4b3d5e6f', ref: 'v3.0.0', environment: 'staging', description: 'Checkout' },
  });
  const hook = `${api}/deploys/github/${teamId}?tags=api`;
  const send = (signature: string, event = 'deployment_status', raw = body) =>
    call<any>(hook, {
      method: 'POST',
      body: raw,
      headers: { 'x-hub-signature-256': signature, 'x-github-event': event },
    });
  assertProblem(await send(sign('not the secret', body)), 401, 'invalid_signature');
  assertProblem(await send('sha256=00'), 401, 'invalid_signature');
  // A body changed after signing is refused too.
  assertProblem(
    await send(sign(secret, body), 'deployment_status', body.replace('v3.0.0', 'v3.0.1')),
    401,
    'invalid_signature',
  );
  assert.equal((await send(sign(secret, '{}'), 'ping', '{}')).status, 202);
  const pending = JSON.stringify({ deployment_status: { state: 'in_progress' }, deployment: { ref: 'v3.0.0' } });
  assert.deepEqual((await send(sign(secret, pending), 'deployment_status', pending)).body, {
    ignored: 'state in_progress',
  });
  const made = await send(sign(secret, body));
  assert.equal(made.status, 201, JSON.stringify(made.body));
  assert.deepEqual(
    [made.body.environment, made.body.version, made.body.commit, made.body.url, made.body.source],
    ['staging', 'v3.0.0', '9f2c1e7a4b3d5e6f', 'https://staging.example.com/', 'github'],
  );
  // Told again (GitHub redelivers; a pipeline retries): the same deploy, and no second run.
  const again = await send(sign(secret, body));
  assert.equal(again.status, 200);
  assert.equal(again.body.id, made.body.id);
  const viaApi = await call<any>(`${api}/deploys`, {
    method: 'POST',
    token: key,
    body: { environment: 'staging', version: 'v3.0.0', commit: '9f2c1e7a4b3d5e6f', run: { tags: ['api'] } },
  });
  assert.equal(viaApi.status, 200);
  assert.equal(viaApi.body.id, made.body.id);
  const done = await eventually(
    async () => {
      const d = (await call<any>(`${api}/deploys/${made.body.id}`, { token: key })).body;
      return d.status === 'checking' ? undefined : d;
    },
    20_000,
    'the deploy checked',
  );
  assert.equal(done.status, 'passed', JSON.stringify(done));
  await new Promise((r) => setTimeout(r, 1500));
  const checks = await env.db.$queryRawUnsafe<Array<{ n: number }>>(
    'SELECT count(*)::int AS n FROM monitoring.checks WHERE monitor_id = $1::uuid AND at >= $2',
    monitor.id,
    new Date(made.body.created_at),
  );
  assert.equal(checks[0]!.n, 1);
  // Another team's id, or none: the same 401, nothing to learn.
  assertProblem(
    await call(`${api}/deploys/github/${crypto.randomUUID()}`, {
      method: 'POST',
      body,
      headers: { 'x-hub-signature-256': sign(secret, body), 'x-github-event': 'deployment_status' },
    }),
    401,
    'invalid_signature',
  );
});

test('an address that sends bodies not signed with the secret is refused 429 past the limit', async () => {
  const body = '{"deployment_status":{"state":"success"},"deployment":{"ref":"x"}}';
  const statuses: number[] = [];
  for (let i = 0; i < 10; i++) {
    const res = await call(`${api}/deploys/github/${teamId}`, {
      method: 'POST',
      body,
      headers: { 'x-hub-signature-256': sign('guess', body), 'x-github-event': 'deployment_status' },
    });
    statuses.push(res.status);
    if (res.status === 429) {
      assert.ok(Number(res.headers.get('retry-after')) > 0);
      break;
    }
  }
  assert.equal(statuses.at(-1), 429, statuses.join(' '));
  assert.ok(statuses.slice(0, -1).every((s) => s === 401));
});

test('a monitor down two minutes after a deploy: its down alert names that deploy', async () => {
  let up = true;
  const target = await startServer((_req, res) => res.writeHead(up ? 200 : 503).end(up ? 'ok' : 'down'));
  const monitor = await post('/monitors', {
    type: 'uptime',
    url: `${target.url}/`,
    interval_seconds: 1,
    tags: ['web'],
    alert_channels: [channel.id],
  });
  const deploy = await post('/deploys', { version: 'v4.1.0', run: { tags: ['web'] } });
  await eventually(
    async () =>
      (await call<any>(`${api}/deploys/${deploy.id}`, { token: key })).body.status === 'passed' ? true : undefined,
    20_000,
    'the deploy passed',
  );
  // Two minutes ago, as far as the alert is concerned (inside the team's window, 120 minutes by default).
  await env.db.deploy.update({ where: { id: deploy.id }, data: { createdAt: new Date(Date.now() - 120_000) } });
  up = false;
  const down = await eventually(
    async () => received().find((b) => b.event === 'monitor.down' && b.monitor.id === monitor.id),
    30_000,
    'monitor.down',
  );
  assert.equal(down.deploy?.version, 'v4.1.0', JSON.stringify(down));
  assert.equal(down.deploy.id, deploy.id);
  assert.match(down.deploy.dashboard_url, new RegExp(`/deploys/${deploy.id}$`));
  up = true;
});
