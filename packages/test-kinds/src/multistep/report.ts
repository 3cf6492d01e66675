import { html, type SafeHtml } from '@pageprobe/html';
import { advise } from '../report/advice.ts';
import { expectationsView } from '../report/expectations-view.ts';
import { fmtBytes, fmtMs, summary, type Tile } from '../report/format.ts';
import { arr, type Json, num, obj, str } from '../report/read-json.ts';
import type { ReportTest } from '../report/report-test.ts';
import { multistepFailures } from './failures.ts';

const STATUS_CLASS: Record<string, string> = { passed: 'good', failed: 'poor', skipped: '' };

/** A multistep check's report: the verdict naming the failed step, then each request in order. */
export function multistepReport(test: ReportTest): SafeHtml {
  const r = obj(test.result);
  const up = r.up === true;
  const steps = arr(r.steps).map(obj);
  const passed = steps.filter((s) => s.status === 'passed').length;
  const tiles: Tile[] = [
    { label: 'Verdict', value: up ? 'Up' : 'Down', cls: up ? 'good' : 'poor' },
    { label: 'Requests passed', value: `${passed} of ${steps.length}`, cls: passed === steps.length ? 'good' : 'poor' },
    { label: 'All requests', value: fmtMs(num(r.duration_ms)) },
  ];
  const advice = up ? null : advise(multistepFailures, str(r.reason), str(r.error));
  return html`${summary(null, tiles)}
<section class="card ${up ? '' : 'notice poor'}" aria-labelledby="verdict"><h2 id="verdict">${up ? 'Every request passed' : `Step ${num(r.failed_step) ?? '?'} failed`}</h2>
${advice ? html`<p>${advice.what}</p><p><strong>What to try:</strong> ${advice.tryThis}</p>` : ''}
${str(r.error) ? html`<p class="detail">${str(r.error)}</p>` : ''}</section>
<section class="card" aria-labelledby="requests"><h2 id="requests">Requests</h2>
<table><thead><tr><th scope="col">#</th><th scope="col">Step</th><th scope="col">Asked</th><th scope="col">Status</th><th scope="col">Time</th><th scope="col">Size</th><th scope="col">Gave</th><th scope="col">Result</th></tr></thead><tbody>
${steps.map((s, i) => stepRow(s, i))}
</tbody></table></section>
${steps.map((s, i) => (arr(s.expectations).length ? html`<h3>Step ${i + 1}: ${str(s.name) ?? ''}</h3>${expectationsView(s.expectations)}` : ''))}`;
}

function stepRow(s: Json, i: number): SafeHtml {
  const status = str(s.status) ?? 'skipped';
  const gave = arr(s.extracted)
    .map((n) => `{{${String(n)}}}`)
    .join(', ');
  return html`<tr><td>${i + 1}</td><td>${str(s.name) ?? ''}</td><td class="url"><code>${str(s.method) ?? 'GET'}</code> ${str(s.url) ?? ''}</td><td>${num(s.status_code) ?? '–'}</td><td>${fmtMs(num(obj(s.timings_ms).total))}</td><td>${num(s.size_bytes) === null ? '–' : fmtBytes(num(s.size_bytes))}</td><td>${gave || '–'}</td><td class="${STATUS_CLASS[status] ?? ''}">${status}${str(s.error) ? html`: ${str(s.error)}` : ''}</td></tr>`;
}
