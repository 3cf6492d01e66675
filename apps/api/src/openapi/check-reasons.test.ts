import assert from 'node:assert/strict';
import { test } from 'node:test';
import { REASONS } from '@pageprobe/monitors';
import { publicSpec } from './load-spec.ts';

// A check's `reason` is written by hand in public.yaml, where GET /monitors/{id}/checks and an alert's
// `details.check` list it: a reason monitoring.checks stores and the document lacks would fail the response's
// validation (a 500 for the monitor's whole list). These keep both to REASONS, the stored list.
type Schema = { properties?: Record<string, { enum?: unknown[] }> };
const schemas = (publicSpec.components as { schemas: Record<string, Schema> }).schemas;

for (const name of ['MonitorUptimeCheck', 'AlertCheck']) {
  test(`${name}.reason lists every reason a check can store, and null`, () => {
    const listed = schemas[name]?.properties?.reason?.enum ?? [];
    assert.deepEqual(listed, [...REASONS, null]);
  });
}
