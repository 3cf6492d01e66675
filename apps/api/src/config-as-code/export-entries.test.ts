// biome-ignore-all lint/suspicious/noTemplateCurlyInString: ${…} is the file's own syntax here
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { entryOf, Placeholders } from './export-entries.ts';
import { newKeys, slugOf } from './export-keys.ts';
import { type EntryState, SECRET } from './field-diff.ts';

/** A state as plan's loaders make it: `shown` with each secret as (secret), `clear` with its value. */
const state = (shown: Record<string, unknown>, clear: Record<string, unknown> = shown): EntryState => ({
  shown,
  clear,
});

const ALERT = { down_after: 2, regression_points: 10, remind_every_minutes: null, certificate_alert_days: 14 };

test("a monitor's entry: what differs from a create's defaults, secrets as placeholders, a literal ${ kept", () => {
  const vars = new Placeholders();
  const entry = entryOf(
    'monitor',
    'shop',
    state({
      type: 'uptime',
      name: 'Shop ${not a variable}',
      url: 'https://shop.example.com/',
      device: 'mobile',
      interval_seconds: 60,
      runs: 1,
      callback_url: null,
      assertions: null,
      alert: { ...ALERT, down_after: 3 },
      alert_channels: ['ops'],
      tags: [],
      locations: null,
      quorum: null,
      location_mode: 'every',
      headers: { Authorization: SECRET, 'X-Plain': SECRET },
      cookies: [{ name: 'session', value: SECRET }],
      basic_auth: { username: 'me', password: SECRET },
      body: '{"a": "${b}"}',
    }),
    vars,
  );
  assert.deepEqual(entry, {
    key: 'shop',
    type: 'uptime',
    name: 'Shop $${not a variable}',
    url: 'https://shop.example.com/',
    interval_seconds: 60,
    alert: { down_after: 3 },
    alert_channels: ['ops'],
    headers: { Authorization: '${SHOP_HEADER_AUTHORIZATION}', 'X-Plain': '${SHOP_HEADER_X_PLAIN}' },
    cookies: [{ name: 'session', value: '${SHOP_COOKIE_SESSION}' }],
    basic_auth: { username: 'me', password: '${SHOP_PASSWORD}' },
    body: '{"a": "$${b}"}',
  });
  assert.deepEqual(vars.list, [
    { name: 'SHOP_HEADER_AUTHORIZATION', description: "monitor shop's Authorization header" },
    { name: 'SHOP_HEADER_X_PLAIN', description: "monitor shop's X-Plain header" },
    { name: 'SHOP_COOKIE_SESSION', description: "monitor shop's session cookie" },
    { name: 'SHOP_PASSWORD', description: "monitor shop's password" },
  ]);
});

test("a heartbeat's down_after 1 and a schedule's UTC are its defaults; (secret) outside a secret's place is a value", () => {
  const vars = new Placeholders();
  const beat = entryOf(
    'monitor',
    'backup',
    state({
      type: 'heartbeat',
      name: SECRET,
      period_seconds: null,
      grace_seconds: 600,
      schedule: '0 3 * * *',
      time_zone: 'UTC',
      callback_url: null,
      assertions: null,
      alert: { ...ALERT, down_after: 1 },
      alert_channels: [],
      tags: ['ops'],
    }),
    vars,
  );
  assert.deepEqual(beat, {
    key: 'backup',
    type: 'heartbeat',
    name: '(secret)',
    grace_seconds: 600,
    schedule: '0 3 * * *',
    tags: ['ops'],
  });
  assert.deepEqual(vars.list, []);
});

test("channels' URL and routing key, windows and pages: placeholders, defaults out, a page's empty list kept", () => {
  const vars = new Placeholders();
  assert.deepEqual(
    entryOf(
      'alert_channel',
      'pager',
      state({ type: 'pagerduty', name: 'Pager', routing_key: SECRET, severity: 'error' }),
      vars,
    ),
    { key: 'pager', type: 'pagerduty', name: 'Pager', routing_key: '${PAGER_ROUTING_KEY}', severity: 'error' },
  );
  // Two keys that spell one variable: the second is numbered.
  entryOf('alert_channel', 'a-b', state({ type: 'slack', name: 'A', url: SECRET }), vars);
  entryOf('alert_channel', 'a_b', state({ type: 'slack', name: 'B', url: SECRET }), vars);
  assert.deepEqual(
    vars.list.map((v) => v.name),
    ['PAGER_ROUTING_KEY', 'A_B_URL', 'A_B_URL_2'],
  );
  const window = {
    name: 'Night',
    starts_at: '2026-12-01T01:00:00.000Z',
    ends_at: '2026-12-01T02:00:00.000Z',
    rrule: null,
    duration_minutes: null,
    time_zone: 'UTC',
    monitors: [],
    tags: ['shop'],
  };
  assert.deepEqual(entryOf('maintenance_window', 'night', state(window), vars), {
    key: 'night',
    name: 'Night',
    starts_at: '2026-12-01T01:00:00.000Z',
    ends_at: '2026-12-01T02:00:00.000Z',
    tags: ['shop'],
  });
  const page = {
    slug: 'acme',
    title: 'Acme',
    description: null,
    monitors: [],
    indexable: false,
    auto_incidents: false,
    logo_url: null,
    accent_color: null,
  };
  assert.deepEqual(entryOf('status_page', 'acme', state(page), vars), {
    key: 'acme',
    slug: 'acme',
    title: 'Acme',
    monitors: [],
  });
});

test('keys from names: slugs made unique among the kind, the oldest keeping the plain one, keys held kept', () => {
  assert.equal(slugOf('https://Example.com/health?x=1'), 'example-com-health-x-1');
  assert.equal(slugOf('Café — Prod'), 'cafe-prod');
  assert.equal(slugOf('!!!'), 'resource');
  assert.ok(slugOf('a'.repeat(100)).length <= 56);
  const keys = newKeys([
    { id: '1', key: null, label: 'Shop' },
    { id: '2', key: 'shop-2', label: 'Anything' },
    { id: '3', key: null, label: 'Shop' },
    { id: '4', key: null, label: 'shop' },
  ]);
  assert.deepEqual(
    [...keys],
    [
      ['1', 'shop'],
      ['3', 'shop-3'],
      ['4', 'shop-4'],
    ],
  );
});
