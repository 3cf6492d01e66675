import assert from 'node:assert/strict';
import { test } from 'node:test';
import { nextUpdate } from './next-update.ts';

const at = (iso: string) => Date.parse(iso);
const iso = (ms: number) => new Date(ms).toISOString();

test("a record is kept until CrUX's next daily update at 04:00 UTC", () => {
  assert.equal(iso(nextUpdate('record', at('2026-11-26T03:59:59Z'))), '2026-11-26T04:00:00.000Z');
  assert.equal(iso(nextUpdate('record', at('2026-11-26T04:00:00Z'))), '2026-11-27T04:00:00.000Z');
  assert.equal(iso(nextUpdate('record', at('2026-12-31T23:00:00Z'))), '2027-01-01T04:00:00.000Z');
});

test('a history is kept until the next Monday, 04:00 UTC', () => {
  // 2026-11-26 is a Thursday; 2026-11-30 a Monday.
  assert.equal(iso(nextUpdate('history', at('2026-11-26T12:00:00Z'))), '2026-11-30T04:00:00.000Z');
  assert.equal(iso(nextUpdate('history', at('2026-11-30T03:00:00Z'))), '2026-11-30T04:00:00.000Z');
  assert.equal(iso(nextUpdate('history', at('2026-11-30T04:00:00Z'))), '2026-12-07T04:00:00.000Z');
});
