// biome-ignore-all lint/suspicious/noTemplateCurlyInString: ${…} is the file's own syntax here
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { AlertChannel, MaintenanceWindow, Monitor, StatusPage } from '@pageprobe/client';
import { checkSchema } from './check-schema.ts';
import { exportConfig, slugOf } from './export-config.ts';
import { readText } from './read-source.ts';
import { substituteEnv } from './substitute-env.ts';
import { stringify } from 'yaml';

const ALERT = { down_after: 2, regression_points: 10, remind_every_minutes: null, certificate_alert_days: 14 };
const monitor = (fields: Partial<Monitor>) =>
  ({
    key: null,
    managed_by: null,
    name: null,
    type: 'uptime',
    device: 'mobile',
    interval_seconds: 300,
    callback_url: null,
    runs: 1,
    assertions: null,
    alert: ALERT,
    alert_channels: [],
    tags: [],
    options: null,
    locations: null,
    quorum: null,
    location_mode: 'every',
    period_seconds: null,
    grace_seconds: null,
    schedule: null,
    time_zone: null,
    ...fields,
  }) as unknown as Monitor;

// Listed newest first, as the API lists them.
const resources = {
  alert_channels: [
    { id: 'c2', key: 'pager', type: 'pagerduty', name: 'Pager', routing_key: '[redacted]', severity: 'error' },
    { id: 'c1', key: null, type: 'slack', name: 'Ops on Slack', url: '[redacted]' },
  ] as unknown as AlertChannel[],
  monitors: [
    monitor({
      id: 'm3',
      type: 'heartbeat',
      name: 'Nightly backup',
      url: 'heartbeat:x',
      interval_seconds: 60,
      schedule: '0 3 * * *',
      time_zone: 'Europe/Paris',
      grace_seconds: 600,
    }),
    monitor({
      id: 'm2',
      name: 'Shop',
      url: 'https://shop.example.com/',
      alert: { ...ALERT, down_after: 3 },
      alert_channels: ['c1', 'c2'],
      options: {
        headers: { Authorization: '[redacted]' },
        basic_auth: { username: 'u', password: '[redacted]' },
        method: 'HEAD',
      } as unknown as Monitor['options'],
      locations: [
        { location: 'eu', state: 'up', last_check_at: null, uptime_24h: null },
        { location: 'us', state: 'up', last_check_at: null, uptime_24h: null },
      ] as Monitor['locations'],
      quorum: 2,
    }),
    monitor({
      id: 'm1',
      name: 'Shop',
      url: 'https://shop.example.com/',
      type: 'lighthouse',
      device: 'desktop',
      interval_seconds: 3600,
    }),
  ],
  maintenance_windows: [
    {
      id: 'w1',
      key: null,
      name: 'Sunday deploys',
      starts_at: '2026-11-29T01:00:00.000Z',
      ends_at: null,
      rrule: 'FREQ=WEEKLY;BYDAY=SU',
      duration_minutes: 60,
      time_zone: 'Europe/Paris',
      monitors: ['m2'],
      tags: [],
    },
  ] as unknown as MaintenanceWindow[],
  status_pages: [
    {
      id: 'p1',
      key: null,
      slug: 'acme',
      title: 'Acme',
      description: null,
      indexable: false,
      monitors: [{ id: 'm2', label: 'Shop' }],
    },
  ] as unknown as StatusPage[],
};

test('export: keys from names made unique (oldest keeps the plain one), references by key, defaults left out', () => {
  const { state, newKeys } = exportConfig(resources);
  assert.deepEqual(
    state.monitors.map((m) => m.key),
    ['nightly-backup', 'shop-2', 'shop'],
  );
  const shop = state.monitors[1]!;
  assert.deepEqual(shop.alert_channels, ['ops-on-slack', 'pager']);
  assert.deepEqual(shop.alert, { down_after: 3 });
  assert.deepEqual(shop.locations, ['eu', 'us']);
  assert.equal('quorum' in shop, false, 'a majority is the default');
  assert.equal('device' in shop, false);
  assert.equal(state.monitors[2]!.device, 'desktop');
  assert.deepEqual(state.monitors[0], {
    key: 'nightly-backup',
    type: 'heartbeat',
    name: 'Nightly backup',
    grace_seconds: 600,
    schedule: '0 3 * * *',
    time_zone: 'Europe/Paris',
  });
  assert.deepEqual(state.maintenance_windows[0]!.monitors, ['shop-2']);
  assert.deepEqual(state.status_pages[0]!.monitors, [{ key: 'shop-2', label: 'Shop' }]);
  assert.deepEqual(
    newKeys.map((k) => `${k.resource} ${k.id} ${k.key}`),
    [
      'alert_channels c1 ops-on-slack',
      'monitors m3 nightly-backup',
      'monitors m2 shop-2',
      'monitors m1 shop',
      'maintenance_windows w1 sunday-deploys',
      'status_pages p1 acme',
    ],
  );
});

test('export: secrets are ${VARIABLE} placeholders, listed; the file passes the schema', () => {
  const { state, variables } = exportConfig(resources);
  assert.equal(state.alert_channels[1]!.url, '${OPS_ON_SLACK_URL}');
  assert.equal(state.alert_channels[0]!.routing_key, '${PAGER_ROUTING_KEY}');
  assert.deepEqual(state.monitors[1]!.headers, { Authorization: '${SHOP_2_HEADER_AUTHORIZATION}' });
  assert.deepEqual(state.monitors[1]!.basic_auth, { username: 'u', password: '${SHOP_2_PASSWORD}' });
  assert.deepEqual(variables.map((v) => v.name).sort(), [
    'OPS_ON_SLACK_URL',
    'PAGER_ROUTING_KEY',
    'SHOP_2_HEADER_AUTHORIZATION',
    'SHOP_2_PASSWORD',
  ]);
  // As plan reads it once the variables are set.
  const env = Object.fromEntries(
    variables.map((v) => [v.name, v.name.endsWith('_URL') ? 'https://hooks.example/x' : 'abc']),
  );
  const source = readText('exported.yaml', stringify(state));
  checkSchema(source, substituteEnv(source, env).value);
});

test('slugs: lower-case, hyphens, no scheme, at most 56 before a suffix', () => {
  assert.equal(slugOf('https://Example.com/health?x=1'), 'example-com-health-x-1');
  assert.equal(slugOf('Café — Prod'), 'cafe-prod');
  assert.equal(slugOf('!!!'), 'resource');
  assert.ok(slugOf('a'.repeat(100)).length <= 56);
});
