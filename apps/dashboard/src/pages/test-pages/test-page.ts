import { compareTests, type Comparison, NEWEST_FIRST, ProblemError, reportUrl, testReader } from '@pageprobe/services';
import type { Pool, Test } from '@pageprobe/db';
import { html, type SafeHtml } from '@pageprobe/html';
import { ASSETS } from '../../assets.ts';
import type { PageContext } from '../../http/page-context.ts';
import { form, may, message, page, problem } from '../../views/layout.ts';
import { againBody, formValuesOf, hasSecrets } from './start-body.ts';
import { startFormPage, startWith } from './start-form.ts';
import { checkFigures } from './check-figures.ts';
import { fieldCompareFigures, fieldFigures } from './field-figures.ts';
import { statusBadge, testTitle, when } from './view-parts.ts';
import { runView } from './lighthouse-view.ts';
import { compareTable, type DeltaRow } from './compare-words.ts';
import { stateMark, testStatusMark } from '../../views/state-mark.ts';
import { emptyForm } from '../../views/form-errors.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const FINISHED = new Set(['completed', 'failed']);

// The API's reader of one team's test (the statement GET /tests/{id} runs), one per pool.
const readers = new WeakMap<Pool, ReturnType<typeof testReader>>();
function readerOf(ctx: PageContext) {
  let read = readers.get(ctx.deps.pool);
  if (!read) {
    read = testReader(ctx.deps.pool);
    readers.set(ctx.deps.pool, read);
  }
  return read;
}

/** The team's test named by the path, or null (a malformed id, another team's, none). */
export async function testOf(ctx: PageContext, id = String(ctx.req.params.id)): Promise<Test | null> {
  return UUID.test(id) ? readerOf(ctx)(ctx.session!.teamId!, id.toLowerCase()) : null;
}

const notFound = (ctx: PageContext) => message(ctx, 'Not found', 'This team has no test with that id.', 404);

/** What the progress script polls: the status and its moments, nothing else. */
export function stateOf(test: Test) {
  return {
    id: test.id,
    status: test.status,
    /** The status's mark as the page draws it (the script swaps it in: one drawing of it, the server's). */
    mark: testStatusMark(test.status).value,
    finished: FINISHED.has(test.status),
    started_at: test.startedAt?.toISOString() ?? null,
    completed_at: test.completedAt?.toISOString() ?? null,
  };
}

const row = (label: string, value: SafeHtml | string | number | null | undefined) =>
  value === null || value === undefined || value === '' ? '' : html`<dt>${label}</dt><dd>${value}</dd>`;

async function figures(ctx: PageContext, test: Test): Promise<SafeHtml> {
  const result = (test.result as Record<string, unknown> | null) ?? {};
  const parts: SafeHtml[] = [];
  // Gauges, rated metrics, screenshot, filmstrip and waterfall (a lighthouse test's; a check has gauges at most).
  parts.push(await runView(ctx, test));
  if (test.grade) parts.push(html`<p>Grade <strong>${test.grade}</strong></p>`);
  // Field data (real users, CrUX) beside the lab metrics, where the result has it (a lighthouse test's).
  parts.push(fieldFigures(result));
  // A check (uptime, tcp, dns): its verdict, target, answers, timings and expectations.
  if ('up' in result) parts.push(checkFigures(result));
  const results =
    (test.assertionResults as Array<{
      key: string;
      level: string;
      operator: string;
      expected: number;
      actual: number | null;
      passed: boolean;
    }> | null) ?? [];
  if (results.length) {
    parts.push(html`<h3>Assertions ${test.passed === false ? html`${stateMark('down', 'failed')}` : html`${stateMark('up', 'passed')}`}</h3>
<div class="scroll" role="region" tabindex="0" aria-label="Assertions"><table><thead><tr><th>Key</th><th>Level</th><th>Expected</th><th>Actual</th><th>Result</th></tr></thead><tbody>
${results.map((a) => html`<tr><td><code>${a.key}</code></td><td>${a.level}</td><td>${a.operator} ${String(a.expected)}</td><td>${a.actual === null ? '–' : String(a.actual)}</td><td>${a.passed ? 'Passed' : 'Failed'}</td></tr>`)}
</tbody></table></div>`);
  }
  return html`${parts}`;
}

/** The other completed tests of its type, newest first, to compare with (one indexed query). */
async function comparable(ctx: PageContext, test: Test) {
  return ctx.deps.db.test.findMany({
    where: { teamId: test.teamId, type: test.type, status: 'completed', id: { not: test.id } },
    orderBy: NEWEST_FIRST,
    take: 20,
    select: { id: true, url: true, device: true, createdAt: true },
  });
}

function compareForm(ctx: PageContext, test: Test, others: Awaited<ReturnType<typeof comparable>>): SafeHtml {
  if (!others.length) return html`<p class="muted">No other completed ${test.type} test to compare with yet.</p>`;
  return html`<form method="get" action="${ctx.href(`/tests/${test.id}/compare`)}" class="compare">
<p><label for="base">Compare with</label><select id="base" name="base">${others.map(
    (o) => html`<option value="${o.id}">${when(o.createdAt)} · ${o.device} · ${o.url}</option>`,
  )}</select></p>
<p><button type="submit" class="secondary">Compare</button></p></form>`;
}

/** GET /tests/:id: its facts, its progress live until it ends, then its summary and its report's link. */
export async function testPage(ctx: PageContext): Promise<void> {
  const test = await testOf(ctx);
  if (!test) return notFound(ctx);
  const finished = FINISHED.has(test.status);
  const others = test.status === 'completed' ? await comparable(ctx, test) : [];
  const report = reportUrl(ctx.deps.config.PUBLIC_BASE_URL, test.reportToken);
  const body = html`<dl class="facts">
${row('URL', test.url)}
${row('Type', `${test.type} · ${test.device}`)}
<dt>Status</dt><dd id="test-status" aria-live="polite" data-status="${test.status}">${statusBadge(test.status)}</dd>
${row('Started', when(test.createdAt))}
${row('Finished', when(test.completedAt))}
${row('Runs', test.runCount > 1 ? test.runCount : null)}
${row('Locations', test.locations?.length ? test.locations.join(', ') : null)}
${test.monitorId ? html`<dt>Monitor</dt><dd><a href="${ctx.href(`/tests?monitor=${test.monitorId}`)}">This monitor’s runs</a></dd>` : ''}
</dl>
${
  finished
    ? ''
    : html`<p id="test-progress" data-state="${ctx.href(`/tests/${test.id}/state`)}">This page follows the test until it ends.</p>
<noscript><meta http-equiv="refresh" content="5"><p>Without JavaScript, this page reloads every 5 seconds.</p></noscript>
<script type="module" src="${ctx.href(ASSETS.testProgress.path)}"></script>`
}
${test.status === 'failed' ? html`<h2>What went wrong</h2><p class="problem">${test.errorMessage ?? 'The test failed.'} <span class="muted">(${test.errorCode ?? 'failed'})</span></p>` : ''}
${finished ? html`<h2>Report</h2><p><a href="${report}">Open the full report</a> <span class="muted">(its public link)</span></p>${await figures(ctx, test)}` : ''}
${may(ctx, 'team.write') ? html`<h2>Run again</h2>${form(ctx, `/tests/${test.id}/run-again`, html`<p>${hasSecrets(test) ? 'Its headers, cookies or password are sealed: the form asks for them again. ' : ''}The same URL and options, as a new test.</p><p><button type="submit">Run again</button></p>`)}` : ''}
${test.status === 'completed' ? html`<h2>Compare</h2>${compareForm(ctx, test, others)}` : ''}`;
  page(ctx, testTitle(test.url), body);
}

/** GET /tests/:id/state: the progress script's poll (JSON). */
export async function testState(ctx: PageContext): Promise<void> {
  const test = await testOf(ctx);
  ctx.res.set('cache-control', 'no-store');
  if (!test) {
    ctx.res.status(404).json({ code: 'not_found' });
    return;
  }
  ctx.res.json(stateOf(test));
}

/**
 * POST /tests/:id/run-again: the same test as a new one, through the start form's service. Sealed
 * secrets cannot be sent again: then the form comes back filled with the rest, asking for them.
 */
export async function runAgain(ctx: PageContext): Promise<void> {
  const test = await testOf(ctx);
  if (!test) return notFound(ctx);
  if (hasSecrets(test)) {
    return startFormPage(ctx, {
      ...emptyForm(formValuesOf(test)),
      problem: 'Its headers, cookies and passwords are sealed and never shown: give them again, then start it.',
    });
  }
  await startWith(ctx, againBody(test), undefined, formValuesOf(test));
}

const DELTA_KEYS = ['head', 'base', 'delta', 'change'];
const isDelta = (v: unknown): v is DeltaRow => typeof v === 'object' && v !== null && DELTA_KEYS.every((k) => k in v);

/** Every figure of a comparison, by its path (the kinds' deltas nest). */
function deltaRows(deltas: unknown, path: string[] = []): Array<[string[], DeltaRow]> {
  if (isDelta(deltas)) return [[path, deltas]];
  if (typeof deltas !== 'object' || deltas === null || Array.isArray(deltas)) return [];
  return Object.entries(deltas).flatMap(([k, v]) => deltaRows(v, [...path, k]));
}

/** GET /tests/:id/compare?base=: the API's comparison of two completed tests, and the side-by-side report. */
export async function comparePage(ctx: PageContext): Promise<void> {
  const test = await testOf(ctx);
  if (!test) return notFound(ctx);
  const baseId = typeof ctx.req.query.base === 'string' ? ctx.req.query.base : '';
  let comparison: Comparison;
  try {
    if (!UUID.test(baseId)) throw new ProblemError(404, 'not_found', 'No base test with that id.');
    comparison = await compareTests(
      readerOf(ctx),
      ctx.session!.teamId!,
      test.id,
      baseId.toLowerCase(),
      ctx.deps.config.PUBLIC_BASE_URL,
    );
  } catch (error) {
    if (!(error instanceof ProblemError) || error.status >= 500) throw error;
    return page(
      ctx,
      'Compare tests',
      html`${problem(error.message)}<p><a href="${ctx.href(`/tests/${test.id}`)}">Back to the test</a></p>`,
      error.status,
    );
  }
  const rows = deltaRows(comparison.deltas);
  page(
    ctx,
    'Compare tests',
    html`<dl class="facts">
<dt>This test</dt><dd><a href="${ctx.href(`/tests/${comparison.head.id}`)}">${comparison.head.url}</a> <span class="muted">${comparison.head.device} · ${when(new Date(comparison.head.completed_at))}</span></dd>
<dt>Against</dt><dd><a href="${ctx.href(`/tests/${comparison.base.id}`)}">${comparison.base.url}</a> <span class="muted">${comparison.base.device} · ${when(new Date(comparison.base.completed_at))}</span></dd>
</dl>
<p><a href="${comparison.report_url}">Open the side-by-side report</a></p>
${compareTable(rows)}
${fieldCompareFigures(comparison.deltas as Record<string, unknown>)}`,
  );
}
