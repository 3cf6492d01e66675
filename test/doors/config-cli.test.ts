// Issue 50: monitoring as code, end to end. The real CLI (packages/cli's sources, as a process) reads a
// pageprobe.yaml and plans and applies it against the real API: a file with 3 channels, 20 monitors of
// every kind, a maintenance window and a status page applies to an empty team, plans as no change after,
// an edited field is exactly what the plan shows (ids kept), a removed entry stays without --prune and goes
// with it, a resource made by hand is never touched; export of a team made through the API (one write)
// plans as no change with a plain plan.
// biome-ignore-all lint/suspicious/noTemplateCurlyInString: ${…} is the file's own syntax here
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { tempDir } from '../support/temp-dir.ts';
import { createClient, type Monitor } from '@pageprobe/client';
import { parse, stringify } from 'yaml';
import { startApiInProcess } from '../support/api-in-process.ts';
import { runCli } from '../support/cli.ts';
import { teamWithKey } from '../support/teams.ts';
import { createTestEnv } from '../support/test-env.ts';

const env = await createTestEnv();
const { origin } = await startApiInProcess(env, {
  ALLOW_PRIVATE_TARGETS: 'true',
  RATE_LIMIT_WRITES_PER_MIN: '1000',
  RATE_LIMIT_READS_PER_MIN: '100000',
  MONITOR_MIN_INTERVAL_SECONDS: '1',
});
/** Runs the CLI in `cwd` with the team's key; its exit code and output, whatever the code. */
const cli = (key: string, cwd: string, args: string[], env: Record<string, string> = {}) =>
  runCli(origin, key, args, { cwd, env });

const SECRETS = {
  OPS_HOOK_URL: 'http://127.0.0.1:9/hooks/ops',
  OPS_CHAT_URL: 'http://127.0.0.1:9/api/webhooks/1234567890/abcdef',
  API_TOKEN: 'Bearer s3cret-token',
};
const target = 'http://127.0.0.1:9';
const slug = `acme-${Date.now().toString(36)}`;

/** The file: 3 channels, 20 monitors of every kind, a maintenance window and a status page. */
function desired() {
  const monitors: Array<Record<string, unknown>> = [
    ...[1, 2, 3, 4].map((n) => ({
      key: `speed-${n}`,
      type: 'lighthouse',
      url: `${target}/page-${n}`,
      interval_seconds: 86400,
      ...(n === 1 ? { device: 'desktop', assertions: { 'categories:performance': ['error', { minScore: 0.8 }] } } : {}),
      alert_channels: ['ops-hook'],
    })),
    ...[1, 2, 3].map((n) => ({
      key: `seo-${n}`,
      type: 'seo_crawl',
      url: `${target}/site-${n}/`,
      interval_seconds: 86400,
    })),
    ...[1, 2, 3, 4, 5].map((n) => ({
      key: `api-${n}`,
      name: `API ${n}`,
      type: 'uptime',
      url: `${target}/health-${n}`,
      interval_seconds: 300,
      alert: { down_after: 3 },
      alert_channels: ['ops-hook', 'ops-chat'],
      tags: ['api'],
      ...(n === 1
        ? {
            headers: { Authorization: '${API_TOKEN}' },
            expect: [{ source: 'status', operator: 'eq', value: 200 }],
          }
        : {}),
    })),
    ...[1, 2, 3].map((n) => ({
      key: `port-${n}`,
      type: 'tcp',
      url: `tcp://127.0.0.1:${5430 + n}`,
      interval_seconds: 300,
    })),
    ...[1, 2].map((n) => ({
      key: `dns-${n}`,
      type: 'dns',
      url: `dns://127.0.0.1/example.com?type=${n === 1 ? 'A' : 'MX'}`,
      interval_seconds: 300,
    })),
    {
      key: 'backup',
      type: 'heartbeat',
      name: 'Nightly backup',
      schedule: '0 3 * * *',
      time_zone: 'Europe/Paris',
      grace_seconds: 1800,
    },
    {
      key: 'cron-1',
      type: 'heartbeat',
      name: 'Cron 1',
      period_seconds: 3600,
      grace_seconds: 300,
      alert_channels: ['pager'],
    },
    { key: 'cron-2', type: 'heartbeat', name: 'Cron 2', period_seconds: 600, grace_seconds: 60 },
  ];
  return {
    alert_channels: [
      { key: 'ops-hook', type: 'webhook', name: 'Ops hook', url: '${OPS_HOOK_URL}' },
      { key: 'ops-chat', type: 'discord', name: 'Ops chat', url: '${OPS_CHAT_URL}' },
      { key: 'pager', type: 'pagerduty', name: 'Pager', routing_key: '${PAGER_KEY}', severity: 'error' },
    ],
    monitors,
    maintenance_windows: [
      {
        key: 'sunday',
        name: 'Sunday deploys',
        starts_at: '2026-11-29T01:00:00Z',
        rrule: 'FREQ=WEEKLY;BYDAY=SU',
        duration_minutes: 60,
        time_zone: 'Europe/Paris',
        monitors: ['api-1', 'api-2'],
        tags: ['api'],
      },
    ],
    status_pages: [
      {
        key: 'public',
        slug,
        title: 'Acme status',
        monitors: [
          { key: 'api-1', label: 'API' },
          { key: 'dns-2', label: 'Mail' },
        ],
      },
    ],
  };
}

const write = (dir: string, state: unknown, name = 'pageprobe.yaml') =>
  writeFileSync(join(dir, name), `# yaml-language-server: $schema=./schema.json\n${stringify(state)}`);

test('apply from an empty team, then plan: no change; an edit is exactly the plan; --prune alone deletes', async () => {
  const { key } = await teamWithKey(env, { plan: 'pro', credits: 100 });
  const client = createClient({ baseUrl: origin, apiKey: key });
  const dir = tempDir('config-cli-');
  const vars = { ...SECRETS, PAGER_KEY: 'R0UT1NGKEY' };
  const byHand = await client.monitors.create({ url: `${target}/by-hand`, type: 'uptime', interval_seconds: 300 });

  const state = desired();
  write(dir, state);
  const applied = await cli(key, dir, ['apply'], vars);
  assert.equal(applied.code, 0, applied.stderr);
  assert.match(applied.stdout, /^Applied: 25 to create, 0 to change, 0 to delete\.$/m);
  assert.doesNotMatch(applied.stdout, /s3cret|R0UT1NGKEY|hooks\/ops|abcdef/, 'secrets are never echoed');

  const clean = await cli(key, dir, ['plan'], vars);
  assert.equal(clean.code, 0, clean.stdout + clean.stderr);
  assert.match(clean.stdout, /^No changes: the team's resources are as pageprobe\.yaml describes\.$/m);

  const monitors = (await client.monitors.list({ limit: 100 })).data;
  assert.equal(monitors.length, 21);
  const before = new Map(monitors.map((m) => [m.key, m]));
  assert.equal(before.get('api-3')?.managed_by, 'pageprobe.yaml');
  assert.equal(before.get(null as never)?.id, byHand.id, 'the monitor made by hand has no key');

  // One field edited: the plan shows it and nothing else, exit 2; apply keeps the monitor's id and tokens.
  const api3 = state.monitors.find((m) => m.key === 'api-3')!;
  api3.interval_seconds = 600;
  (api3.alert as { down_after: number }).down_after = 4;
  write(dir, state);
  const edited = await cli(key, dir, ['plan'], vars);
  assert.equal(edited.code, 2, edited.stderr);
  assert.deepEqual(
    edited.stdout.split('\n').filter((l) => /^[+~-] /.test(l)),
    ['~ monitor api-3: interval_seconds 300 → 600', '~ monitor api-3: alert.down_after 3 → 4'],
  );
  assert.equal((await cli(key, dir, ['apply'], vars)).code, 0);
  const after = await client.monitors.get(before.get('api-3')!.id);
  assert.equal(after.interval_seconds, 600);
  assert.equal(after.report_url, before.get('api-3')!.report_url, 'its page link is kept');
  assert.equal((await cli(key, dir, ['plan'], vars)).code, 0);

  // A changed secret is planned without showing either value.
  const rotated = await cli(key, dir, ['plan'], { ...vars, API_TOKEN: 'Bearer n3w-token' });
  assert.equal(rotated.code, 2);
  assert.match(rotated.stdout, /^~ monitor api-1: headers\.Authorization \(secret\) → \(secret\)$/m);
  assert.doesNotMatch(rotated.stdout, /s3cret|n3w-token/);

  // An entry removed: kept without --prune; plan --prune shows the delete; apply --prune makes it.
  const dns2 = before.get('dns-2')!;
  state.monitors = state.monitors.filter((m) => m.key !== 'dns-2');
  state.status_pages[0]!.monitors = [{ key: 'api-1', label: 'API' }];
  write(dir, state);
  const kept = await cli(key, dir, ['apply'], vars);
  assert.equal(kept.code, 0, kept.stderr);
  assert.equal((await client.monitors.get(dns2.id)).id, dns2.id);
  const prunePlan = await cli(key, dir, ['plan', '--prune'], vars);
  assert.equal(prunePlan.code, 2);
  assert.deepEqual(
    prunePlan.stdout.split('\n').filter((l) => /^[+~-] /.test(l)),
    ['- monitor dns-2'],
  );
  assert.equal((await cli(key, dir, ['apply', '--prune'], vars)).code, 0);
  const left = (await client.monitors.list({ limit: 100 })).data;
  assert.equal(
    left.some((m) => m.id === dns2.id),
    false,
  );
  assert.ok(
    left.some((m) => m.id === byHand.id),
    'what was made by hand is never touched',
  );
  assert.equal(left.find((m) => m.id === byHand.id)?.updated_at, byHand.updated_at);
  assert.equal((await cli(key, dir, ['plan', '--prune'], vars)).code, 0);
});

test('errors exit 1 before any request: a typo with its line, a missing variable by name', async () => {
  const { key } = await teamWithKey(env, { plan: 'pro', credits: 10 });
  const dir = tempDir('config-cli-');
  writeFileSync(
    join(dir, 'pageprobe.yaml'),
    'monitors:\n  - key: home\n    url: http://127.0.0.1:9/\n    inteval_seconds: 300\n',
  );
  const typo = await cli(key, dir, ['plan']);
  assert.equal(typo.code, 1);
  assert.equal(
    typo.stderr,
    'pageprobe.yaml:4:5: monitors[0].inteval_seconds is not a field (did you mean interval_seconds?)\n',
  );
  writeFileSync(
    join(dir, 'other.json'),
    '{"alert_channels": [{"key": "x", "type": "slack", "name": "X", "url": "${NOPE}"}]}',
  );
  const missing = await cli(key, dir, ['apply', '--file', 'other.json']);
  assert.equal(missing.code, 1);
  assert.equal(missing.stderr, 'other.json:1:71: ${NOPE} is not set (alert_channels[0].url)\n');
  const client = createClient({ baseUrl: origin, apiKey: key });
  assert.deepEqual((await client.monitors.list()).data, []);
});

test('export of a team of many resources made through the API, in one write: then a plain plan finds no change', async () => {
  const { teamId, key, admin } = await teamWithKey(env, { plan: 'pro', credits: 10 });
  const client = createClient({ baseUrl: origin, apiKey: key });
  const post = async (path: string, body: unknown) => {
    const res = await fetch(`${origin}/api/v1${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    assert.ok(res.status === 201 || res.status === 200, `${path}: ${await res.clone().text()}`);
    return (await res.json()) as { id: string };
  };
  // Another file's channel: export leaves it to that file.
  await post('/config/apply', {
    managed_by: 'infra.yaml',
    alert_channels: [{ key: 'infra-hook', type: 'webhook', name: 'Infra', url: `${target}/infra` }],
  });
  const channel = await post('/alert-channels', { type: 'slack', name: 'Ops on Slack', url: SECRETS.OPS_HOOK_URL });
  const pager = await post('/alert-channels', { type: 'pagerduty', name: 'Pager', routing_key: 'R0UT1NGKEY' });
  const infra = (await client.alertChannels.list()).data.find((c) => c.key === 'infra-hook')!;
  const shop = await post('/monitors', {
    name: 'Shop',
    type: 'uptime',
    url: `${target}/shop`,
    interval_seconds: 120,
    headers: { Authorization: SECRETS.API_TOKEN },
    alert: { remind_every_minutes: 60 },
    alert_channels: [channel.id, infra.id],
    tags: ['shop'],
  });
  await post('/monitors', {
    name: 'Shop',
    type: 'lighthouse',
    url: `${target}/shop`,
    interval_seconds: 86400,
    device: 'desktop',
    assertions: { 'categories:performance': ['error', { minScore: 0.8 }] },
    cookies: [{ name: 'session', value: 'c00kie' }],
    basic_auth: { username: 'me', password: 'pa55word' },
  });
  // A name with the file's own syntax in it: written $${ so that plan reads it as it is.
  await post('/monitors', { name: 'Cost ${EUR}', type: 'seo_crawl', url: `${target}/cost`, interval_seconds: 86400 });
  for (let n = 1; n <= 8; n++) {
    await post('/monitors', {
      type: 'uptime',
      url: `${target}/health-${n}`,
      interval_seconds: 300,
      alert: { down_after: 3 },
    });
  }
  await post('/monitors', { type: 'tcp', url: '127.0.0.1:5432', interval_seconds: 300 });
  await post('/monitors', { type: 'dns', url: 'dns://127.0.0.1/example.com?type=MX', interval_seconds: 300 });
  await post('/monitors', { type: 'heartbeat', name: 'Backup', period_seconds: 3600, grace_seconds: 600 });
  await post('/monitors', { type: 'heartbeat', schedule: '0 3 * * *', grace_seconds: 600, alert_channels: [pager.id] });
  await post('/maintenance-windows', {
    name: 'Night',
    starts_at: '2026-12-01T01:00:00Z',
    ends_at: '2026-12-01T02:00:00Z',
    monitors: [shop.id],
  });
  await post('/maintenance-windows', {
    name: 'Sundays',
    starts_at: '2026-11-29T01:00:00Z',
    rrule: 'FREQ=WEEKLY;BYDAY=SU',
    duration_minutes: 60,
    time_zone: 'Europe/Paris',
    tags: ['shop'],
  });
  await post('/status-pages', { slug: `${slug}-x`, title: 'Shop status', monitors: [{ id: shop.id, label: 'Shop' }] });
  const made = (await client.monitors.list({ limit: 100 })).data as Monitor[];
  assert.equal(made.length, 15);

  // Exported by a key of its own: one write, whatever the number of resources it keys and takes over.
  const { key: exporter } = await admin.createApiKey(teamId, { scope: 'write' });
  const dir = tempDir('config-export-');
  const exported = await cli(exporter, dir, ['export']);
  assert.equal(exported.code, 0, exported.stderr);
  const probe = await fetch(`${origin}/api/v1/monitors/${shop.id}`, {
    method: 'PATCH',
    headers: { authorization: `Bearer ${exporter}`, 'content-type': 'application/json' },
    body: '{}',
  });
  assert.equal(probe.status, 400);
  assert.match(probe.headers.get('ratelimit') ?? '', /^"writes";r=998;/, 'the export and this probe: two writes');

  assert.match(exported.stderr, /^20 resources written to pageprobe\.yaml, now managed by pageprobe\.yaml\.$/m);
  assert.match(exported.stderr, /^20 of them had no key/m);
  assert.match(exported.stderr, /^ {2}alert_channel infra-hook {2}\(infra\.yaml\)$/m);
  assert.match(exported.stderr, /^ {2}OPS_ON_SLACK_URL {2}\(alert channel ops-on-slack's webhook URL\)$/m);
  const text = readFileSync(join(dir, 'pageprobe.yaml'), 'utf8');
  assert.ok(text.startsWith('# yaml-language-server: $schema='));
  assert.doesNotMatch(text, /s3cret|hooks\/ops|c00kie|pa55word|R0UT1NGKEY|\[redacted\]|\(secret\)/);
  const file = parse(text) as Record<string, Array<Record<string, unknown>>>;
  assert.deepEqual(
    file.alert_channels!.map((c) => c.key),
    ['ops-on-slack', 'pager'],
  );
  const byKey = new Map(file.monitors!.map((m) => [m.key, m]));
  assert.deepEqual(byKey.get('shop')!.alert_channels, ['infra-hook', 'ops-on-slack']);
  assert.equal(byKey.get('cost-eur')!.name, 'Cost $${EUR}');
  assert.ok(byKey.has('shop-2') && byKey.has('backup') && byKey.has('heartbeat'), [...byKey.keys()].join());
  assert.deepEqual(
    file.maintenance_windows!.map((w) => w.key),
    ['night', 'sundays'],
  );
  assert.deepEqual(file.status_pages![0]!.monitors, [{ key: 'shop', label: 'Shop' }]);
  const keyed = (await client.monitors.list({ limit: 100 })).data as Monitor[];
  assert.ok(keyed.every((m) => m.key && m.managed_by === 'pageprobe.yaml'));
  assert.deepEqual((await client.alertChannels.list()).data.map((c) => `${c.key} ${c.managed_by}`).sort(), [
    'infra-hook infra.yaml',
    'ops-on-slack pageprobe.yaml',
    'pager pageprobe.yaml',
  ]);

  // The variables export listed, set: a plain plan, nothing to adopt, no change; apply changes nothing.
  const vars = Object.fromEntries(
    [...exported.stderr.matchAll(/^ {2}([A-Z0-9_]+) {2}\(/gm)].map(([, name]) => [
      name!,
      {
        OPS_ON_SLACK_URL: SECRETS.OPS_HOOK_URL,
        PAGER_ROUTING_KEY: 'R0UT1NGKEY',
        SHOP_HEADER_AUTHORIZATION: SECRETS.API_TOKEN,
        SHOP_2_COOKIE_SESSION: 'c00kie',
        SHOP_2_PASSWORD: 'pa55word',
      }[name!] ?? 'unset',
    ]),
  );
  assert.deepEqual(Object.keys(vars).sort(), [
    'OPS_ON_SLACK_URL',
    'PAGER_ROUTING_KEY',
    'SHOP_2_COOKIE_SESSION',
    'SHOP_2_PASSWORD',
    'SHOP_HEADER_AUTHORIZATION',
  ]);
  const plan = await cli(key, dir, ['plan'], vars);
  assert.equal(plan.code, 0, plan.stdout + plan.stderr);
  assert.match(plan.stdout, /^No changes: the team's resources are as pageprobe\.yaml describes\.$/m);
  const applied = await cli(key, dir, ['apply', '--prune'], vars);
  assert.equal(applied.code, 0, applied.stderr);
  assert.match(applied.stdout, /^No changes/m);
  assert.equal((await client.monitors.get(shop.id)).updated_at, keyed.find((m) => m.id === shop.id)!.updated_at);

  // Exported again, to standard output: the same entries, nothing more keyed.
  const again = await cli(exporter, dir, ['export', '--file', '-']);
  assert.equal(again.code, 0, again.stderr);
  assert.doesNotMatch(again.stderr, /had no key/);
  assert.deepEqual(parse(again.stdout), file);
});
