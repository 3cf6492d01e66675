import { html, type SafeHtml } from '@pageprobe/html';
import {
  CATEGORY_WORDS,
  FIELD_LABELS,
  type FieldView,
  FORM_FACTOR_WORDS,
  fmtField,
  LAB_OF_FIELD,
  pct,
  readField,
  readFieldPair,
  scopeWords,
  UNAVAILABLE_WORDS,
  VERDICT_WORDS,
} from '@pageprobe/test-kinds';

const word = (category: string | null) => (category ? (CATEGORY_WORDS[category] ?? category) : '–');
const why = (reason: string) => UNAVAILABLE_WORDS[reason] ?? UNAVAILABLE_WORDS.api_error;

/**
 * A lighthouse test's field data beside its lab metrics (issue 48), in the report's words: per metric
 * what real Chrome users saw (p75), how their visits shared out, the lab figure compared and the verdict.
 * One sentence when there is none; nothing for a test from before field data.
 */
export function fieldFigures(result: Record<string, unknown>): SafeHtml {
  const field = readField(result.field);
  if (!field) return html``;
  const heading = html`<h3>Real users (Chrome UX Report)</h3>`;
  if (!field.available) return html`${heading}<p class="muted" id="field-unavailable">${why(field.reason)}</p>`;
  return html`${heading}<p class="muted">Chrome users ${FORM_FACTOR_WORDS[field.formFactor] ?? ''}, ${field.firstDate} to ${field.lastDate}: the 75th percentile of their visits. The data is ${scopeWords(field.scope, field.key)}.</p>
<div class="scroll" role="region" tabindex="0" aria-label="Real users"><table id="field"><thead><tr><th>Metric</th><th>Real users (p75)</th><th>Good · needs improvement · poor</th><th>Lab</th><th>Lab and field</th></tr></thead><tbody>
${field.metrics.map(
  (m) =>
    html`<tr data-metric="${m.metric}"><td>${m.label}</td><td>${fmtField(m.metric, m.p75)}, ${word(m.category)}</td><td>${pct(m.shares.good)} · ${pct(m.shares.needs_improvement)} · ${pct(m.shares.poor)}</td><td>${LAB_OF_FIELD[m.metric] ?? ''} ${m.lab === null ? 'not measured' : `${fmtField(m.metric, m.lab)}, ${word(m.labCategory)}`}</td><td>${m.verdict ? (VERDICT_WORDS[m.verdict] ?? m.verdict) : 'No lab figure to compare with'}</td></tr>`,
)}
</tbody></table></div>${field.metrics.some((m) => m.metric === 'inp') ? html`<p class="muted">INP is set against the lab’s Total Blocking Time: a lab run has no visitor to interact with the page.</p>` : ''}`;
}

/** One test's side of the comparison: the metric's p75 and category, and its verdict against that test's lab. */
function compareCell(field: FieldView | null, metric: string): SafeHtml {
  const m = field?.available ? field.metrics.find((x) => x.metric === metric) : undefined;
  if (!m) return html`<td>–</td>`;
  return html`<td>${fmtField(metric, m.p75)}, ${word(m.category)}<br><span class="muted">${m.verdict ? (VERDICT_WORDS[m.verdict] ?? m.verdict) : 'No lab figure to compare with'}</span></td>`;
}

/** When and whose figures a test has, or why it has none. */
function collectedCell(field: FieldView | null): SafeHtml {
  if (!field) return html`<td class="muted">Run before field data was recorded.</td>`;
  if (!field.available) return html`<td class="muted">${why(field.reason)}</td>`;
  const day = (d: string) => html`<time datetime="${d}">${d}</time>`;
  return html`<td>${day(field.firstDate)} to ${day(field.lastDate)}<br><span class="muted">Chrome users ${FORM_FACTOR_WORDS[field.formFactor] ?? ''}; ${scopeWords(field.scope, field.key)}</span></td>`;
}

/**
 * Both lighthouse tests' field data on the compare page (issue 48: the API's `deltas.field`, head and
 * base), in the columns of its differences. Not a difference: each test keeps the 28 days the Chrome UX
 * Report had when it ran. Nothing when neither test has field data (other kinds, tests from before it).
 */
export function fieldCompareFigures(deltas: Record<string, unknown>): SafeHtml {
  const pair = readFieldPair(deltas);
  if (!pair) return html``;
  const { head, base } = pair;
  return html`<h2>Real users (Chrome UX Report)</h2>
<p class="muted">The 75th percentile of real Chrome users' visits over the 28 days the Chrome UX Report had when each test ran, and each test's verdict against its own lab figures. Two tests of a page a few days apart share most of their days, so these are not counted as differences.</p>
<div class="scroll" role="region" tabindex="0" aria-label="Real users in both tests"><table id="field-compare"><thead><tr><th scope="col">Metric (p75)</th><th scope="col">This test</th><th scope="col">Against</th></tr></thead><tbody>
<tr><th scope="row">Collected</th>${collectedCell(head)}${collectedCell(base)}</tr>
${pair.metrics.map((m) => html`<tr data-metric="${m}"><th scope="row">${FIELD_LABELS[m]}</th>${compareCell(head, m)}${compareCell(base, m)}</tr>`)}
</tbody></table></div>`;
}
