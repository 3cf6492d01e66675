import {
  CATEGORY_WORDS,
  FORM_FACTOR_WORDS,
  fmtField,
  html,
  LAB_OF_FIELD,
  pct,
  readField,
  type SafeHtml,
  scopeWords,
  UNAVAILABLE_WORDS,
  VERDICT_WORDS,
} from '@pageprobe/test-kinds';

/**
 * A lighthouse test's field data beside its lab metrics (issue 48), in the report's words: per metric
 * what real Chrome users saw (p75), how their visits shared out, the lab figure compared and the verdict.
 * One sentence when there is none; nothing for a test from before field data.
 */
export function fieldFigures(result: Record<string, unknown>): SafeHtml {
  const field = readField(result.field);
  if (!field) return html``;
  const heading = html`<h3>Real users (Chrome UX Report)</h3>`;
  if (!field.available)
    return html`${heading}<p class="muted" id="field-unavailable">${UNAVAILABLE_WORDS[field.reason] ?? UNAVAILABLE_WORDS.api_error}</p>`;
  const word = (category: string | null) => (category ? (CATEGORY_WORDS[category] ?? category) : '–');
  return html`${heading}<p class="muted">Chrome users ${FORM_FACTOR_WORDS[field.formFactor] ?? ''}, ${field.firstDate} to ${field.lastDate}: the 75th percentile of their visits. The data is ${scopeWords(field.scope, field.key)}.</p>
<div class="scroll" role="region" tabindex="0" aria-label="Real users"><table id="field"><thead><tr><th>Metric</th><th>Real users (p75)</th><th>Good · needs improvement · poor</th><th>Lab</th><th>Lab and field</th></tr></thead><tbody>
${field.metrics.map(
  (m) =>
    html`<tr data-metric="${m.metric}"><td>${m.label}</td><td>${fmtField(m.metric, m.p75)}, ${word(m.category)}</td><td>${pct(m.shares.good)} · ${pct(m.shares.needs_improvement)} · ${pct(m.shares.poor)}</td><td>${LAB_OF_FIELD[m.metric] ?? ''} ${m.lab === null ? 'not measured' : `${fmtField(m.metric, m.lab)}, ${word(m.labCategory)}`}</td><td>${m.verdict ? (VERDICT_WORDS[m.verdict] ?? m.verdict) : 'No lab figure to compare with'}</td></tr>`,
)}
</tbody></table></div>${field.metrics.some((m) => m.metric === 'inp') ? html`<p class="muted">INP is set against the lab’s Total Blocking Time: a lab run has no visitor to interact with the page.</p>` : ''}`;
}
