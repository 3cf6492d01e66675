// monitors.series (issue 48): `source: 'field'` asks for a lighthouse monitor's field series and answers
// it typed as MonitorFieldSeries (weekly p75s with shares and category, and whose figures); without a
// source the lab's MonitorSeries as before. A local HTTP server answers as the API does.
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, test } from 'node:test';
import { createClient } from './client.ts';
import type { MonitorFieldSeries, MonitorSeries } from './types.ts';

const FIELD: MonitorFieldSeries = {
  metric: 'inp_ms',
  source: 'field',
  from: '2026-10-26T00:00:00.000Z',
  to: '2026-11-22T00:00:00.000Z',
  resolution: 'week',
  annotations: [],
  field: { available: true, scope: 'origin', key: 'https://shop.example', form_factor: 'PHONE' },
  points: [
    {
      at: '2026-11-22T00:00:00.000Z',
      value: 240,
      p75: 240,
      good: 0.71,
      needs_improvement: 0.2,
      poor: 0.09,
      category: 'needs_improvement',
      collection_period: { first_date: '2026-10-26', last_date: '2026-11-22' },
    },
  ],
};
const LAB: MonitorSeries = {
  metric: 'lcp_ms',
  source: 'lab',
  from: '2026-11-21T00:00:00.000Z',
  to: '2026-11-22T00:00:00.000Z',
  resolution: 'hour',
  annotations: [],
  points: [{ at: '2026-11-21T10:00:00.000Z', value: 2100, count: 2, min: 2000, max: 2200, p50: 2100, p95: 2200 }],
};

const asked: URL[] = [];
const server = createServer((req, res) => {
  const url = new URL(req.url!, 'http://api.test');
  asked.push(url);
  res.setHeader('content-type', 'application/json');
  if (url.searchParams.get('source') !== 'field') return void res.end(JSON.stringify(LAB));
  if (url.pathname.endsWith('/m-unseen/series'))
    return void res.end(
      JSON.stringify({ ...FIELD, from: null, to: null, points: [], field: { available: false, reason: 'no_api_key' } }),
    );
  res.end(JSON.stringify(FIELD));
});
server.listen(0, '127.0.0.1');
await once(server, 'listening');
after(() => server.close());
const client = createClient({
  baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
  apiKey: 'pp_live_series',
});

test("source 'field' asks for the field series and carries each week's p75, shares, category and whose", async () => {
  const series = await client.monitors.series('m-1', {
    metric: 'inp_ms',
    source: 'field',
    from: new Date('2026-10-01T00:00:00Z'),
  });
  const url = asked.at(-1)!;
  assert.equal(url.pathname, '/api/v1/monitors/m-1/series');
  assert.deepEqual(Object.fromEntries(url.searchParams), {
    metric: 'inp_ms',
    source: 'field',
    from: '2026-10-01T00:00:00.000Z',
  });
  // Typed as the field's answer: these read without a cast.
  const week = series.points[0]!;
  assert.deepEqual(
    [week.p75, week.category, week.collection_period.last_date],
    [240, 'needs_improvement', '2026-11-22'],
  );
  assert.equal(series.field.available && series.field.scope, 'origin');
  assert.deepEqual(series, FIELD);
});

test('a field series without figures says why', async () => {
  const series = await client.monitors.series('m-unseen', { metric: 'lcp_ms', source: 'field' });
  assert.deepEqual(series.field, { available: false, reason: 'no_api_key' });
  assert.deepEqual(series.points, []);
});

test('without a source the lab series, as before', async () => {
  const series = await client.monitors.series('m-1', { metric: 'lcp_ms' });
  assert.equal(asked.at(-1)!.searchParams.has('source'), false);
  assert.equal(series.points[0]!.count, 2);
  assert.deepEqual(series, LAB);
});
