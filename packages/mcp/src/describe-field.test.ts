// What an assistant reads of a lighthouse test's field data (issue 48): get_test's and run_test's text
// names each field p75 beside the lab's with the verdict; compare_tests' the p75s of both tests;
// monitor_series with source field a monitor's weekly p75s. The structured content is the API's answer,
// field included.
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { test } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { type Comparison, createClient, type MonitorFieldSeries, type Test } from '@pageprobe/client';
import { describeComparison, describeTest } from './describe.ts';
import { createServer as mcpServer } from './server.ts';

const metric = (over: Record<string, unknown>) => ({
  p75: 2100,
  good: 0.82,
  needs_improvement: 0.12,
  poor: 0.06,
  category: 'good',
  lab_metric: 'lcp_ms',
  lab: 2300,
  lab_category: 'good',
  verdict: 'agree',
  ...over,
});
const field = (lcp: number, category: string, verdict: string) => ({
  available: true,
  scope: 'origin',
  key: 'https://example.com',
  form_factor: 'PHONE',
  collection_period: { first_date: '2026-10-25', last_date: '2026-11-21' },
  metrics: {
    lcp: metric({ p75: lcp, category, verdict, lab_category: 'good' }),
    inp: metric({ p75: 350, category: 'needs_improvement', lab_metric: 'tbt_ms', lab: 120, verdict: 'lab_better' }),
    cls: null,
    fcp: null,
    ttfb: null,
  },
});

const lighthouse = (f: unknown) =>
  ({
    id: 't1',
    type: 'lighthouse',
    url: 'https://example.com/',
    status: 'completed',
    error: null,
    scores: { performance: 91 },
    grade: 'A',
    structure_score: null,
    vitals: { lcp_ms: 2300, tbt_ms: 120 },
    result: { final_url: 'https://example.com/', requests: 1, blocked_requests: [], warnings: [], field: f },
    passed: null,
    report_url: 'https://pageprobe.test/reports/r',
  }) as unknown as Test;

test("a lighthouse test's text gives each field p75, its category and the verdict against the lab", () => {
  const text = describeTest(lighthouse(field(2100, 'good', 'agree')));
  assert.match(
    text,
    /\nfield data \(real users, Chrome UX Report p75 on phones, the origin https:\/\/example\.com \(the page has too few visits\), 2026-10-25 to 2026-11-21\): LCP 2100 ms good \(lab and field agree: lab LCP 2300 ms good\), INP 350 ms needs improvement \(lab is more optimistic than real users: lab TBT 120 ms good\)\n/,
  );
  assert.match(
    describeTest(lighthouse({ available: false, reason: 'no_api_key' })),
    /\nfield data \(real users\): off: the service has no Chrome UX Report API key\n/,
  );
  assert.doesNotMatch(describeTest(lighthouse(undefined)), /field data/);
});

test("a comparison's text gives both tests' field p75s, not as changes", () => {
  const comparison = {
    type: 'lighthouse',
    head: { url: 'https://example.com/' },
    base: { url: 'https://example.com/' },
    deltas: {
      scores: {},
      vitals: {},
      field: { head: field(2900, 'needs_improvement', 'lab_better'), base: field(2100, 'good', 'agree') },
    },
    report_url: 'https://pageprobe.test/reports/r/compare/b',
  } as unknown as Comparison;
  const text = describeComparison(comparison);
  assert.match(
    text,
    /\nno significant change\nfield p75 \(real users, not counted as changes\): LCP 2100 ms → 2900 ms \(needs improvement\), INP 350 ms → 350 ms \(needs improvement\)\n/,
  );
  const older = { ...comparison, deltas: { ...comparison.deltas, field: { head: null, base: null } } } as Comparison;
  assert.doesNotMatch(describeComparison(older), /field/);
});

test("monitor_series with source field: the monitor's CrUX weeks, each p75 with its category and shares", async () => {
  const week = {
    at: '2026-11-22T00:00:00.000Z',
    value: 240,
    p75: 240,
    good: 0.712,
    needs_improvement: 0.2,
    poor: 0.088,
    category: 'needs_improvement' as const,
    collection_period: { first_date: '2026-10-26', last_date: '2026-11-22' },
  };
  const series: MonitorFieldSeries = {
    metric: 'inp_ms',
    source: 'field',
    from: '2026-10-26T00:00:00.000Z',
    to: '2026-11-22T00:00:00.000Z',
    resolution: 'week',
    annotations: [],
    field: { available: true, scope: 'url', key: 'https://shop.example/cart', form_factor: 'DESKTOP' },
    points: [week],
  };
  const asked: URL[] = [];
  const api = createServer((req, res) => {
    const url = new URL(req.url!, 'http://api.test');
    asked.push(url);
    res.setHeader('content-type', 'application/json');
    res.end(
      JSON.stringify(
        url.pathname.includes('/m-quiet/')
          ? {
              ...series,
              metric: 'cls',
              points: [],
              from: null,
              to: null,
              field: { available: false, reason: 'not_enough_data' },
            }
          : series,
      ),
    );
  });
  api.listen(0, '127.0.0.1');
  await once(api, 'listening');
  const baseUrl = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
  const server = mcpServer(createClient({ baseUrl, apiKey: 'pp_live_mcp_series' }), { readOnly: true });
  const [near, far] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: 'field-series-test', version: '1.0.0' });
  await Promise.all([server.connect(far), client.connect(near)]);
  try {
    const result = await client.callTool({
      name: 'monitor_series',
      arguments: { id: 'm-1', metric: 'inp_ms', source: 'field' },
    });
    assert.deepEqual(Object.fromEntries(asked[0]!.searchParams), { metric: 'inp_ms', source: 'field' });
    assert.deepEqual(result.structuredContent, series);
    assert.equal(
      (result.content as Array<{ text: string }>)[0]!.text,
      'field inp_ms (real users, Chrome UX Report p75 on desktop, the page), weekly, 1 points\n' +
        '2026-11-22 (28 days from 2026-10-26): 240 ms needs improvement (good 71%, needs improvement 20%, poor 9%)',
    );
    const quiet = await client.callTool({
      name: 'monitor_series',
      arguments: { id: 'm-quiet', metric: 'cls', source: 'field' },
    });
    assert.equal(
      (quiet.content as Array<{ text: string }>)[0]!.text,
      'field cls (real users): none: too few Chrome users visited the page or its origin in 28 days',
    );
  } finally {
    await client.close();
    api.close();
  }
});
