// Field data everywhere a lighthouse test is read (issue 48, item 5), on stored tests (the worker's side
// is field-data.test.ts): GET /tests/{id} and the compare call (responses checked against the OpenAPI
// document), the report and the side-by-side page, the CLI as a process (text and --json) and the MCP
// server over stdio (text and structured content).
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { after, test } from 'node:test';
import { promisify } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { startApiInProcess } from '../support/api-in-process.ts';
import { call } from '../support/http.ts';
import { teamWithKey } from '../support/teams.ts';
import { createTestEnv } from '../support/test-env.ts';

const run = promisify(execFile);
const env = await createTestEnv();
const { origin } = await startApiInProcess(env);
const { key, teamId } = await teamWithKey(env, { credits: 5 });

const metric = (
  p75: number,
  category: string,
  lab_metric: string,
  lab: number,
  lab_category: string,
  verdict: string,
) => ({ p75, good: 0.62, needs_improvement: 0.25, poor: 0.13, category, lab_metric, lab, lab_category, verdict });
const field = (lcp: number, category: string, verdict: string) => ({
  available: true,
  scope: 'url',
  key: 'https://shop.example/',
  form_factor: 'PHONE',
  collection_period: { first_date: '2026-10-25', last_date: '2026-11-21' },
  metrics: {
    lcp: metric(lcp, category, 'lcp_ms', 2300, 'good', verdict),
    inp: metric(350, 'needs_improvement', 'tbt_ms', 120, 'good', 'lab_better'),
    cls: metric(0.05, 'good', 'cls', 0.3, 'poor', 'field_better'),
    fcp: null,
    ttfb: null,
  },
});
const HEAD = field(3100, 'needs_improvement', 'lab_better');
const BASE = field(2200, 'good', 'agree');

let n = 0;
const stored = (result: Record<string, unknown>) =>
  env.db.test.create({
    data: {
      teamId,
      type: 'lighthouse',
      url: 'https://shop.example/',
      device: 'mobile',
      status: 'completed',
      reportToken: `field-everywhere-${n++}-${Date.now()}`,
      performanceScore: 88,
      scores: { performance: 88, accessibility: 95, best_practices: 100, seo: 92 },
      vitals: {
        lcp_ms: 2300,
        fcp_ms: 1100,
        cls: 0.3,
        tbt_ms: 120,
        speed_index_ms: 1900,
        ttfb_ms: 300,
        interactive_ms: 2500,
      },
      audits: [],
      result: {
        final_url: 'https://shop.example/',
        requests: 4,
        blocked_requests: [],
        warnings: [],
        ...result,
      } as never,
      startedAt: new Date(Date.now() - 10_000),
      completedAt: new Date(),
    },
  });
const head = await stored({ field: HEAD });
const base = await stored({ field: BASE });
const none = await stored({ field: { available: false, reason: 'rate_limited' } });

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

test('the API answers field in the test and both tests’ field in the comparison, as the OpenAPI document says', async () => {
  const got = await call<{ result: { field: unknown } }>(`${origin}/api/v1/tests/${head.id}`, { token: key });
  assert.equal(got.status, 200);
  assert.deepEqual(got.body.result.field, HEAD);
  const compared = await call<{ deltas: { field: unknown }; report_url: string }>(
    `${origin}/api/v1/tests/${head.id}/compare/${base.id}`,
    { token: key },
  );
  assert.equal(compared.status, 200, JSON.stringify(compared.body));
  assert.deepEqual(compared.body.deltas.field, { head: HEAD, base: BASE });

  // The side-by-side page: both tests' LCP, base then head, each with its verdict.
  const page = await fetch(compared.body.report_url);
  assert.equal(page.status, 200);
  const words = text(await page.text());
  assert.match(words, /Real users \(Chrome UX Report\)/);
  assert.match(
    words,
    /Largest Contentful Paint \(LCP\) 2\.2 s good Lab and field agree 3\.1 s needs improvement Lab is more optimistic than real users/,
  );
});

test('the report shows real users beside the lab, or why there are none', async () => {
  const report = text(await (await fetch(`${origin}/reports/${head.reportToken}`)).text());
  assert.match(report, /Real users \(Chrome UX Report\)/);
  assert.match(report, /Largest Contentful Paint \(LCP\) 3\.1 s needs improvement/);
  assert.match(report, /Lab is more optimistic than real users/);
  assert.match(report, /Real users fare better than the lab/);
  assert.match(report, /this page’s own/);
  const without = text(await (await fetch(`${origin}/reports/${none.reportToken}`)).text());
  assert.match(
    without,
    /Real users \(Chrome UX Report\) The Chrome UX Report was not asked: its query quota was used up/,
  );
});

test('the CLI prints the field p75s after the lab figures, and --json carries result.field', async () => {
  const cli = new URL('../../packages/cli/src/main.ts', import.meta.url).pathname;
  const cliEnv = { ...process.env, PAGEPROBE_API_URL: origin, PAGEPROBE_API_KEY: key, NO_COLOR: '1' };
  const { stdout } = await run(process.execPath, [cli, 'get', head.id], { env: cliEnv });
  const lines = stdout.split('\n');
  const lab = lines.findIndex((l) => l.startsWith('  LCP 2.3 s'));
  const realUsers = lines.findIndex((l) => l.startsWith('  real users (Chrome UX Report, phones, this page'));
  assert.ok(lab > 0 && realUsers > lab, stdout);
  assert.match(
    stdout,
    /\n {4}LCP {2}3\.1 s {3}needs improvement {2}lab is more optimistic than real users \(lab LCP 2\.3 s\)\n/,
  );
  assert.match(
    stdout,
    /\n {4}INP {2}350 ms {2}needs improvement {2}lab is more optimistic than real users \(lab TBT 120 ms\)\n/,
  );
  const json = JSON.parse((await run(process.execPath, [cli, 'get', head.id, '--json'], { env: cliEnv })).stdout);
  assert.deepEqual(json.result.field, HEAD);
  const { stdout: unavailable } = await run(process.execPath, [cli, 'get', none.id], { env: cliEnv });
  assert.match(unavailable, /\n {2}real users: none \(the Chrome UX Report's quota was used up when the test ran\)\n/);
});

test('the MCP server’s get_test and compare_tests carry field and say it in words', async () => {
  const mcp = new Client({ name: 'field-test', version: '1.0.0' });
  await mcp.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [new URL('../../packages/mcp/src/main.ts', import.meta.url).pathname],
      env: { PATH: process.env.PATH ?? '', PAGEPROBE_API_URL: origin, PAGEPROBE_API_KEY: key },
      stderr: 'pipe',
    }),
  );
  after(() => mcp.close());
  const got = await mcp.callTool({ name: 'get_test', arguments: { id: head.id } });
  assert.deepEqual((got.structuredContent as { result: { field: unknown } }).result.field, HEAD);
  const words = (got.content as Array<{ text: string }>)[0]!.text;
  assert.match(words, /field data \(real users, Chrome UX Report p75 on phones, the page, 2026-10-25 to 2026-11-21\)/);
  assert.match(words, /LCP 3100 ms needs improvement \(lab is more optimistic than real users: lab LCP 2300 ms good\)/);
  const compared = await mcp.callTool({ name: 'compare_tests', arguments: { id: head.id, base_id: base.id } });
  assert.deepEqual((compared.structuredContent as { deltas: { field: unknown } }).deltas.field, {
    head: HEAD,
    base: BASE,
  });
  assert.match(
    (compared.content as Array<{ text: string }>)[0]!.text,
    /field p75 \(real users, not counted as changes\): LCP 2200 ms → 3100 ms/,
  );
});
