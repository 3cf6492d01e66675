import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { createClient, MONITOR_TYPES, type Monitor, type MonitorCheck, TEST_TYPES, type Test } from '@pageprobe/client';
import { describeCheck, describeMonitorDetail, describeRumSite, describeTest } from './describe.ts';
import { createServer } from './server.ts';

/** The tools as an MCP client lists them (no call reaches the API: listing asks the server alone). */
async function listTools(readOnly: boolean) {
  const server = createServer(createClient({ baseUrl: 'http://127.0.0.1:9', apiKey: 'pp_live_unused' }), { readOnly });
  const [near, far] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: 'annotations-test', version: '1.0.0' });
  await Promise.all([server.connect(far), client.connect(near)]);
  try {
    return (await client.listTools()).tools;
  } finally {
    await client.close();
  }
}

const WRITES = [
  'run_test',
  'create_monitor',
  'pause_monitor',
  'resume_monitor',
  'delete_monitor',
  'update_incident',
  'record_deploy',
];

test('issue 44: every tool says whether it writes; reads are read-only, delete_monitor alone is destructive', async () => {
  const tools = await listTools(false);
  assert.equal(tools.length, 22, tools.map((t) => t.name).join(', '));
  for (const tool of tools) {
    const a = tool.annotations;
    assert.ok(a, `${tool.name} has no annotations`);
    const writes = WRITES.includes(tool.name);
    assert.equal(a.readOnlyHint, !writes, `${tool.name} readOnlyHint`);
    if (!writes) continue;
    assert.equal(a.destructiveHint, tool.name === 'delete_monitor', `${tool.name} destructiveHint`);
    assert.equal(typeof a.idempotentHint, 'boolean', `${tool.name} idempotentHint`);
    assert.equal(typeof a.openWorldHint, 'boolean', `${tool.name} openWorldHint`);
  }
  const byName = Object.fromEntries(tools.map((t) => [t.name, t.annotations!]));
  // A test and a monitor make Pageprobe load the caller's URL: the open world.
  assert.deepEqual([byName.run_test!.openWorldHint, byName.create_monitor!.openWorldHint], [true, true]);
  assert.deepEqual([byName.pause_monitor!.idempotentHint, byName.delete_monitor!.idempotentHint], [true, true]);
  assert.equal(byName.run_test!.idempotentHint, false);
});

test('a read key lists the read tools alone, each read-only', async () => {
  const tools = await listTools(true);
  assert.deepEqual(
    tools.filter((t) => WRITES.includes(t.name)),
    [],
  );
  assert.ok(tools.length > 0);
  for (const tool of tools) assert.equal(tool.annotations?.readOnlyHint, true, tool.name);
});

test('issue 47: the tools take tcp, dns and heartbeat, expectations and a request’s method and body', async () => {
  const tools = Object.fromEntries((await listTools(false)).map((t) => [t.name, t]));
  type Props = Record<string, { enum?: string[]; type?: string; items?: { properties: Record<string, unknown> } }>;
  const run = tools.run_test!.inputSchema.properties as Props;
  // Every kind the client knows (the document's, held to it by the typecheck), in its order.
  assert.deepEqual(run.type!.enum, [...TEST_TYPES]);
  assert.deepEqual(run.method!.enum, ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
  assert.equal(run.body!.type, 'string');
  assert.equal(run.tls!.type, 'boolean');
  assert.deepEqual(Object.keys(run.expect!.items!.properties).sort(), ['name', 'operator', 'path', 'source', 'value']);
  assert.match(tools.run_test!.description!, /tcp \(does a port accept connections/);
  const create = tools.create_monitor!.inputSchema;
  const props = create.properties as Props;
  assert.deepEqual(props.type!.enum, [...MONITOR_TYPES]);
  assert.ok(MONITOR_TYPES.includes('heartbeat'));
  for (const field of ['period_seconds', 'schedule', 'time_zone', 'grace_seconds', 'expect', 'method', 'body'])
    assert.ok(props[field], field);
  // A heartbeat has neither: the API says which a type needs.
  assert.deepEqual(create.required ?? [], []);
  assert.match(tools.create_monitor!.description!, /ping_url/);
  // Each kind's series, one after another (a kind added anywhere adds its own).
  for (const series of [
    /tcp: up, dns_ms, connect_ms, tls_ms, total_ms, certificate_days_remaining; /,
    /; dns: up, total_ms; /,
    /; browser: up, duration_ms, ttfb_ms, fcp_ms, lcp_ms, requests_failed, and step:<name> for each step, its time in ms; /,
    /; multistep: up, total_ms, status_code, and step:<name> for each request, its time in ms; /,
    /; heartbeat: up, total_ms \(total_ms is a run’s duration/,
  ])
    assert.match(tools.monitor_series!.description!, series);
  assert.equal(tools.monitor_pings!.annotations!.readOnlyHint, true);
});

const testOf = (t: Record<string, unknown>) =>
  ({
    id: 't1',
    status: 'completed',
    error: null,
    scores: null,
    structure_score: null,
    passed: null,
    report_url: 'https://pageprobe.test/reports/r',
    ...t,
  }) as unknown as Test;

test('issue 47: what an assistant reads of a dns, tcp and uptime result, a heartbeat and its checks', () => {
  const dns = describeTest(
    testOf({
      type: 'dns',
      url: 'dns:example.com?type=A',
      result: {
        up: true,
        reason: null,
        error: null,
        name: 'example.com',
        type: 'A',
        resolver: null,
        answers: [{ value: '93.184.216.34', ttl: 300 }],
        timings_ms: { total: 4 },
        expectations: [],
      },
    }),
  );
  assert.match(dns, /\nup, A example\.com from the system resolver, total 4 ms\n93\.184\.216\.34 \(ttl 300\)\n/);
  const tcp = describeTest(
    testOf({
      type: 'tcp',
      url: 'tcp://db.example.com:5432',
      result: {
        up: false,
        reason: 'connection_refused',
        error: 'db.example.com:5432 refused the connection',
        tls: null,
        timings_ms: { dns: 1, connect: null, tls: null, total: 2 },
        expectations: [],
      },
    }),
  );
  assert.match(
    tcp,
    /\ndown \(connection_refused\): db\.example\.com:5432 refused the connection, connect –, total 2 ms\n/,
  );
  const uptime = describeTest(
    testOf({
      type: 'uptime',
      url: 'https://api.example.com/health',
      result: {
        up: false,
        reason: 'expectation_failed',
        error: 'Expected $.status to equal "ok", got "degraded"',
        status_code: 200,
        timings_ms: { total: 31 },
        expectations: [
          { source: 'status', operator: 'eq', value: 200, actual: 200, passed: true, message: null },
          {
            source: 'json',
            path: '$.status',
            operator: 'eq',
            value: 'ok',
            actual: 'degraded',
            passed: false,
            message: 'Expected $.status to equal "ok", got "degraded"',
          },
        ],
      },
    }),
  );
  assert.match(
    uptime,
    /\ndown \(expectation_failed\), status 200, total 31 ms\nexpectations: 1 of 2 held; failed: Expected \$\.status to equal "ok", got "degraded"\n/,
  );

  const heartbeat = {
    id: 'm1',
    type: 'heartbeat',
    name: 'nightly backup',
    url: 'heartbeat:m1',
    status: 'active',
    paused_reason: null,
    down: false,
    schedule: '0 3 * * *',
    time_zone: 'Europe/Paris',
    period_seconds: null,
    grace_seconds: 300,
    ping_url: 'https://pageprobe.test/ping/tok',
    last_ping_at: null,
    deadline_at: '2026-12-14T02:05:00.000Z',
    run_started_at: null,
    uptime_percent: null,
    incidents: null,
    locations: null,
    report_url: 'https://pageprobe.test/reports/monitors/p',
  } as unknown as Monitor;
  const text = describeMonitorDetail(heartbeat);
  assert.match(
    text,
    /^monitor m1: heartbeat "nightly backup" pinged cron '0 3 \* \* \*' Europe\/Paris \+ 300 s grace, active\n/,
  );
  assert.match(text, /\nping URL: https:\/\/pageprobe\.test\/ping\/tok /);
  assert.match(text, /\nlast ping: none yet; down unless a ping comes by 2026-12-14T02:05:00\.000Z\n/);
  assert.ok(!text.includes('heartbeat:m1'), 'the placeholder url is not shown');
  const missed = {
    at: '2026-12-14T02:05:01Z',
    up: false,
    reason: 'missed',
    status_code: null,
    total_ms: null,
    passed: null,
    test_id: null,
  };
  assert.equal(describeCheck(missed as unknown as MonitorCheck), '2026-12-14T02:05:01Z: down (missed), – ms');
});

test('issue 59: list_variables reads the team’s variables; no tool sets one (a secret stays out of conversations)', async () => {
  const tools = Object.fromEntries((await listTools(false)).map((t) => [t.name, t]));
  assert.equal(tools.list_variables!.annotations!.readOnlyHint, true);
  assert.match(tools.list_variables!.description!, /\{\{secrets\.NAME\}\}/);
  assert.deepEqual(
    Object.keys(tools).filter((n) => /variable/.test(n)),
    ['list_variables'],
  );
});

test('issue 61: list_rum_sites is a read; a site reads as its origins, rate, groups and budgets', async () => {
  const tools = Object.fromEntries((await listTools(true)).map((t) => [t.name, t]));
  assert.equal(tools.list_rum_sites!.annotations!.readOnlyHint, true);
  const at = '2026-11-28T10:00:00.000Z';
  const site = {
    id: 's1',
    name: 'Shop',
    site_key: 'rum_Q2hvb3NlIGEgbmFtZSBoZQ',
    origins: ['https://shop.test', 'https://www.shop.test'],
    sample_rate: 0.5,
    page_groups: [{ name: 'blog', pattern: '/blog/*' }],
    keep_query_strings: false,
    budgets: { lcp_ms: 2500 },
    alert_channels: [],
    alert: { window_minutes: 60, min_page_views: 50 },
    beacons_per_minute: 60000,
    snippet: '<script></script>',
    created_at: at,
    updated_at: at,
  };
  assert.equal(
    describeRumSite(site),
    [
      'Shop (s1), key rum_Q2hvb3NlIGEgbmFtZSBoZQ: origins https://shop.test, https://www.shop.test; sampled at 0.5',
      'page groups (first match wins, else other): blog /blog/*',
      'p75 budgets: lcp_ms 2500',
    ].join('\n'),
  );
});
