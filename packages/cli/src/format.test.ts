import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Monitor, MonitorCheck, Test } from '@pageprobe/client';
import { checkLine, monitorLine, monitorSummary, pingLine, summary } from './format.ts';

const base = {
  id: '0190f1a2-0000-7000-8000-000000000001',
  status: 'completed',
  runs_requested: 1,
  device: 'mobile',
  error: null,
  scores: null,
  grade: null,
  structure_score: null,
  assertion_results: null,
  passed: null,
  report_url: 'https://pageprobe.test/reports/abc',
};
const asTest = (t: Record<string, unknown>) => ({ ...base, ...t }) as unknown as Test;

test('a tcp test: the verdict, connect and total times, the certificate; an expectation that failed in its words', () => {
  const text = summary(
    asTest({
      type: 'tcp',
      url: 'tcp://db.example.com:5432',
      result: {
        up: false,
        reason: 'expectation_failed',
        error: 'Expected certificate days remaining to be greater than 30, got 12',
        timings_ms: { dns: 1, connect: 12, tls: 30, total: 43 },
        tls: { protocol: 'TLSv1.3', days_remaining: 12, chain_valid: true, error: null },
        expectations: [
          { source: 'response_time', operator: 'lt', value: 500, actual: 43, passed: true, message: null },
          {
            source: 'certificate_days',
            operator: 'gt',
            value: 30,
            actual: 12,
            passed: false,
            message: 'Expected certificate days remaining to be greater than 30, got 12',
          },
        ],
      },
    }),
  );
  assert.equal(
    text,
    [
      '✔ completed  tcp://db.example.com:5432  (tcp)',
      '  down (expectation_failed) · connect 12 ms · total 43 ms',
      '  TLS TLSv1.3 · certificate 12 days left',
      '  expectations:',
      '    ✔ response time lt 500 (43)',
      '    ✖ Expected certificate days remaining to be greater than 30, got 12',
      '  report: https://pageprobe.test/reports/abc',
    ].join('\n'),
  );
});

test('a dns test: the answers with their TTLs; a TXT record’s control characters cannot drive the terminal', () => {
  const text = summary(
    asTest({
      type: 'dns',
      url: 'dns:example.com?type=TXT',
      result: {
        up: true,
        reason: null,
        error: null,
        name: 'example.com',
        type: 'TXT',
        resolver: '192.0.2.53:5353',
        timings_ms: { total: 3 },
        answers: [{ value: 'v=spf1 -all\u001b[2J', ttl: 300 }],
        expectations: [],
      },
    }),
  );
  assert.match(
    text,
    /\n {2}up · TXT example\.com from 192\.0\.2\.53:5353 · total 3 ms\n {2}v=spf1 -all\uFFFD\[2J \(ttl 300\)\n/,
  );
  assert.ok(!text.includes('\u001b'));
  const down = summary(
    asTest({
      type: 'dns',
      url: 'dns:gone.example?type=A',
      result: {
        up: false,
        reason: 'nxdomain',
        error: 'gone.example does not exist (NXDOMAIN)',
        name: 'gone.example',
        type: 'A',
        resolver: null,
        timings_ms: { total: 2 },
        answers: [],
        expectations: [],
      },
    }),
  );
  assert.match(
    down,
    /down \(nxdomain\): gone\.example does not exist \(NXDOMAIN\) · A gone\.example from the system resolver/,
  );
});

const heartbeat = {
  id: '0190f1a2-0000-7000-8000-000000000002',
  type: 'heartbeat',
  status: 'active',
  down: false,
  name: 'nightly backup',
  url: 'heartbeat:0190f1a2-0000-7000-8000-000000000002',
  interval_seconds: 86400,
  period_seconds: null,
  schedule: '0 3 * * *',
  time_zone: 'Europe/Paris',
  grace_seconds: 300,
  ping_url: 'https://pageprobe.test/ping/tok',
  last_ping_at: '2026-12-13T02:00:41.000Z',
  deadline_at: '2026-12-14T02:05:00.000Z',
  run_started_at: null,
  uptime_percent: null,
  incidents: [],
  locations: null,
  paused_reason: null,
  report_url: 'https://pageprobe.test/reports/monitors/x',
} as unknown as Monitor;

test('a heartbeat: its schedule and grace, its ping URL, last ping and deadline; never its placeholder url', () => {
  assert.equal(
    monitorLine(heartbeat),
    `${heartbeat.id}  active  heartbeat   cron '0 3 * * *' Europe/Paris + 300 s grace  nightly backup`,
  );
  const byPeriod = { ...heartbeat, schedule: null, time_zone: null, period_seconds: 3600 } as Monitor;
  assert.match(monitorLine(byPeriod), /heartbeat {3}every 3600 s \+ 300 s grace/);
  const text = monitorSummary(heartbeat);
  assert.match(text, /^up {2}nightly backup {2}\(heartbeat, cron '0 3 \* \* \*' Europe\/Paris \+ 300 s grace\)/);
  assert.match(text, /\n {2}ping: https:\/\/pageprobe\.test\/ping\/tok\n/);
  assert.match(text, /last ping 2026-12-13T02:00:41\.000Z · down unless one comes by 2026-12-14T02:05:00\.000Z/);
  assert.ok(!text.includes('heartbeat:0190'));
  const check = {
    at: '2026-12-14T02:05:01.000Z',
    up: false,
    reason: 'missed',
    status_code: null,
    total_ms: null,
    passed: null,
    test_id: null,
  } as unknown as MonitorCheck;
  assert.equal(checkLine(check), '2026-12-14T02:05:01.000Z  down (missed)  total –');
  assert.equal(
    pingLine({ at: '2026-12-13T03:00:41Z', kind: 'exit', exit_code: 3, duration_ms: 40120, body: 'disk full\nmore' }),
    '2026-12-13T03:00:41Z  exit 3  run 40.1 s  disk full',
  );
});
