import { html, type SafeHtml } from '@pageprobe/html';
import { arr, obj, str } from './read-json.ts';

const shown = (v: unknown) => (v === undefined ? '' : typeof v === 'string' ? v : (JSON.stringify(v) ?? ''));

/**
 * A check's `expectations` (issue 47): each with what was found and, when it failed, why, in the words
 * its alert used. Nothing without any.
 */
export function expectationsView(expectations: unknown): SafeHtml {
  const rows = arr(expectations).map(obj);
  if (rows.length === 0) return html``;
  const failed = rows.filter((r) => r.passed !== true).length;
  return html`<section class="card ${failed ? 'notice poor' : ''}" aria-labelledby="expectations"><h2 id="expectations">${failed ? `${failed} of ${rows.length} expectations failed` : 'Expectations held'}</h2>
<table><thead><tr><th scope="col">Source</th><th scope="col">Expected</th><th scope="col">Found</th><th scope="col">Result</th></tr></thead><tbody>
${rows.map(
  (r) =>
    html`<tr><td>${[str(r.source), str(r.name), str(r.path)].filter(Boolean).join(' ')}</td><td><code>${str(r.operator) ?? ''} ${shown(r.value)}</code></td><td class="url">${shown(r.actual)}</td><td class="${r.passed === true ? 'good' : 'poor'}">${r.passed === true ? 'passed' : (str(r.message) ?? 'failed')}</td></tr>`,
)}
</tbody></table></section>`;
}
