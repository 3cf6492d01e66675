// Issue 59, items 1-3: a browser check through a shop this file serves (sign in, search, add to basket,
// check out) in a real Chromium, through the worker's pool and egress guard: every step measured when it
// passes; the checkout button broken and the run fails on that step with its screenshot, filmstrip, trace
// and HAR; a step slowed by the shop misses its budget; what a `type` step typed appears nowhere.
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { BrowserPool } from '@pageprobe/browser';
import type { Test } from '@pageprobe/db';
import { createLogger } from '@pageprobe/logger';
import { shopJourney, startShop } from '@pageprobe/testing';
import type { ArtifactUpload, BrowserResult, BrowserStep, RunContext } from '@pageprobe/test-kinds';
import { runBrowserTest } from './run-browser-test.ts';

const PASSWORD = 'hunter2-s3cret';
const shop = await startShop();
after(() => shop.close());
const origin = shop.origin;

const browsers = new BrowserPool({
  chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  recycleAfter: 50,
  logger: createLogger({ name: 'browser-check-test', level: 'silent' }),
});
after(() => browsers.close());
const deps = { browsers, allowPrivate: true, allowTargets: [], localAddress: undefined, timeoutMs: 60_000 };

// As the API keeps it: the typed password is sealed, the stored step says [redacted].
const JOURNEY = shopJourney(origin, '[redacted]');

async function run(steps: BrowserStep[]) {
  const stored: ArtifactUpload[] = [];
  const row = {
    id: 'b0f7e3c2-0000-4000-8000-000000000001',
    url: `${origin}/`,
    type: 'browser',
    device: 'desktop',
    options: { steps },
  } as unknown as Test;
  const ctx: RunContext = {
    log: createLogger({ name: 'browser-check-test', level: 'silent' }),
    // The password as the API seals it: the stored step says [redacted], the run types the secret.
    secrets: { headers: {}, cookies: [], basicAuth: null, typed: { 3: PASSWORD } },
    storeArtifacts: async (files) => void stored.push(...files),
  };
  const outcome = await runBrowserTest(row, deps, ctx);
  assert.equal(outcome.status, 'completed');
  const result = (outcome as unknown as { fields: { result: BrowserResult } }).fields.result;
  return { result, stored };
}

test('a journey through the shop passes with every step measured and a screenshot a step', async () => {
  shop.state.checkout = true;
  shop.state.slowAddMs = 0;
  // The add step's budget as one no loaded machine misses: a missed one would keep the filmstrip and HAR.
  const roomy = JOURNEY.map((s) =>
    s.expect ? { ...s, expect: [{ source: 'inp_ms' as const, operator: 'lt' as const, value: 10_000 }] } : s,
  );
  const { result, stored } = await run(roomy);
  assert.equal(result.up, true, result.error ?? '');
  assert.equal(result.steps.length, JOURNEY.length + 1);
  assert.ok(result.steps.every((s) => s.status === 'passed'));
  const load = result.steps[0]!;
  assert.equal(load.type, 'load');
  for (const figure of ['ttfb_ms', 'fcp_ms', 'lcp_ms'] as const)
    assert.equal(typeof load.navigation?.[figure], 'number', figure);
  assert.ok(load.requests >= 1 && load.bytes > 0, 'the load made requests');
  const add = result.steps.find((s) => s.name === 'add to basket')!;
  // A click is an interaction: INP when the browser reported it (16 ms or more); its budget held.
  assert.ok(add.interaction, 'an interaction');
  assert.deepEqual(
    add.expect.map((b) => b.passed),
    [true],
  );
  assert.ok(result.cpu_ms !== null && result.cpu_ms > 0, 'the run’s CPU is measured');
  // A passing run keeps a screenshot a step, and no filmstrip, trace or HAR.
  assert.equal(stored.filter((a) => a.kind === 'step_screenshot').length, JOURNEY.length + 1);
  assert.deepEqual([...new Set(stored.map((a) => a.kind))], ['step_screenshot']);
  assert.equal(JSON.stringify(result).includes(PASSWORD), false, 'the typed secret is not in the result');
});

test('the checkout broken: the run fails on that step, named, with its screenshot, filmstrip, trace and HAR', async () => {
  shop.state.checkout = false;
  try {
    const { result, stored } = await run(JOURNEY);
    assert.equal(result.up, false);
    assert.equal(result.reason, 'step_failed');
    assert.equal(result.failed_step, 13);
    assert.equal(result.error, 'Step 13 "click #checkout" failed: no visible element matches #checkout within 10 s');
    assert.equal(result.steps[14]!.status, 'skipped');
    const kinds = new Set(stored.map((a) => a.kind));
    for (const kind of ['step_screenshot', 'filmstrip_frame', 'trace', 'har'])
      assert.ok(kinds.has(kind as never), kind);
    assert.ok(
      stored.some((a) => a.name === 'steps/13-failed.jpg'),
      'the failed step’s screenshot',
    );
    const trace = JSON.parse(stored.find((a) => a.kind === 'trace')!.body.toString());
    assert.ok(Array.isArray(trace.traceEvents) && trace.traceEvents.length > 100, 'Chrome’s trace, with events');
    const har = JSON.parse(stored.find((a) => a.kind === 'har')!.body.toString());
    assert.equal(har.log.version, '1.2');
    assert.ok(har.log.entries.some((e: { request: { url: string } }) => e.request.url.endsWith('/basket')));
    // The password went out in the sign-in form's POST: the HAR and the trace carry [redacted] instead.
    for (const file of stored.filter((a) => a.kind === 'har' || a.kind === 'trace'))
      assert.equal(file.body.toString().includes(PASSWORD), false, `${file.kind} holds no secret`);
    assert.ok(
      stored
        .find((a) => a.kind === 'har')!
        .body.toString()
        .includes('[redacted]'),
    );
  } finally {
    shop.state.checkout = true;
  }
});

test('a step made slow by the shop misses its budget: over_budget names it; of severity down, the run fails', async () => {
  shop.state.slowAddMs = 400;
  try {
    const { result } = await run(JOURNEY);
    assert.equal(result.up, true, 'a slow step is a regression, not an outage (the default severity)');
    const add = result.steps.find((s) => s.name === 'add to basket')!;
    assert.ok(add.interaction!.inp_ms! >= 400, `INP ${add.interaction!.inp_ms} ms`);
    assert.ok(add.interaction!.processing_ms! >= 350, 'the slow handler is processing time');
    assert.equal(add.interaction!.target, 'button#add');
    assert.equal(result.over_budget.length, 1);
    assert.match(
      result.over_budget[0]!.message,
      /^Step 10 "add to basket" is over its budget: inp_ms was \d+, expected below 200$/,
    );
    const strict = JOURNEY.map((s) =>
      s.name === 'add to basket'
        ? {
            ...s,
            expect: [{ source: 'inp_ms' as const, operator: 'lt' as const, value: 200, severity: 'down' as const }],
          }
        : s,
    );
    const failed = (await run(strict)).result;
    assert.deepEqual([failed.up, failed.reason], [false, 'budget_exceeded']);
    assert.equal(failed.error, failed.over_budget[0]!.message);
  } finally {
    shop.state.slowAddMs = 0;
  }
});
