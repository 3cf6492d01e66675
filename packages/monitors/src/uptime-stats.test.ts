import assert from 'node:assert/strict';
import { test } from 'node:test';
import { downsample } from './series.ts';
import { incidents, uptimePercent } from './uptime-stats.ts';

const now = new Date('2026-11-23T12:00:00Z');
const ago = (minutes: number) => new Date(now.getTime() - minutes * 60_000);

test('uptime percent per window, and incidents from the first failed check to the first good one', () => {
  const checks = [
    { at: ago(3 * 24 * 60), up: false, reason: 'timeout' }, // 3 days ago: in 7d and 30d only
    { at: ago(3 * 24 * 60 - 1), up: true, reason: null },
    { at: ago(30), up: true, reason: null },
    { at: ago(20), up: false, reason: 'http_error' },
    { at: ago(10), up: false, reason: 'timeout' },
    { at: ago(5), up: true, reason: null },
    { at: ago(1), up: false, reason: 'connection_refused' },
  ];
  assert.deepEqual(uptimePercent(checks, now), { '24h': 40, '7d': 42.857, '30d': 42.857 });
  assert.deepEqual(uptimePercent([], now), { '24h': null, '7d': null, '30d': null });
  assert.deepEqual(incidents(checks), [
    { started_at: ago(1).toISOString(), ended_at: null, reason: 'connection_refused' },
    { started_at: ago(20).toISOString(), ended_at: ago(5).toISOString(), reason: 'http_error' },
    { started_at: ago(3 * 24 * 60).toISOString(), ended_at: ago(3 * 24 * 60 - 1).toISOString(), reason: 'timeout' },
  ]);
});

test('a series of more than 500 points is averaged into at most 500 time slices', () => {
  const from = ago(1000);
  const points = Array.from({ length: 1000 }, (_, i) => ({ at: ago(1000 - i), value: i % 2 }));
  const out = downsample(points, from, now);
  assert.equal(out.length, 500);
  assert.ok(out.every((p) => p.value === 0.5));
  assert.ok(out.every((p, i) => i === 0 || p.at > out[i - 1]!.at));
  const few = points.slice(0, 10);
  assert.equal(downsample(few, from, now), few);
});
