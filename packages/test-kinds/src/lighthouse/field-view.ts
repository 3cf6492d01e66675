import { html, type SafeHtml } from '@pageprobe/html';
import {
  CATEGORY_CLASS,
  CATEGORY_WORDS,
  FIELD_LABELS,
  type FieldMetricView,
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
} from './field-words.ts';

/**
 * The good / needs improvement / poor shares as one stacked bar. Drawn in SVG (the report's CSP allows
 * no style attribute) and hidden from assistive technology: the shares are written out beside it, so
 * the colours carry no meaning of their own.
 */
function distributionBar(shares: FieldMetricView['shares']): SafeHtml {
  let x = 0;
  const segments = (['good', 'needs_improvement', 'poor'] as const).map((key) => {
    const width = Math.max(0, Math.min(100 - x, (shares[key] ?? 0) * 100));
    const rect = html`<rect class="seg-${key}" x="${x.toFixed(1)}" y="0" width="${width.toFixed(1)}" height="8"/>`;
    x += width;
    return rect;
  });
  return html`<svg class="dist" viewBox="0 0 100 8" preserveAspectRatio="none" aria-hidden="true" focusable="false">${segments}</svg>`;
}

const category = (c: string | null) =>
  c ? html`<span class="badge ${CATEGORY_CLASS[c] ?? ''}">${CATEGORY_WORDS[c] ?? c}</span>` : html``;

function metricItem(m: FieldMetricView): SafeHtml {
  const lab = LAB_OF_FIELD[m.metric] ?? m.metric.toUpperCase();
  const verdict = m.verdict ? VERDICT_WORDS[m.verdict] : null;
  return html`<li class="field-metric" data-metric="${m.metric}"><span class="label">${m.label}</span>
<span class="value">${fmtField(m.metric, m.p75)}</span> ${category(m.category)}
${distributionBar(m.shares)}
<span class="meta shares">${pct(m.shares.good)}\u00a0good · ${pct(m.shares.needs_improvement)}\u00a0needs improvement · ${pct(m.shares.poor)}\u00a0poor</span>
<span class="lab">Lab ${lab}: ${m.lab === null ? 'not measured' : html`${fmtField(m.metric, m.lab)}${m.labCategory ? `, ${CATEGORY_WORDS[m.labCategory] ?? m.labCategory}` : ''}`}</span>
<span class="verdict${m.verdict ? ` ${m.verdict}` : ''}">${verdict ?? 'No lab figure to compare with'}</span></li>`;
}

/** What real users saw, for a field that is available; a sentence saying why not otherwise. */
function fieldBody(field: FieldView): SafeHtml {
  if (!field.available)
    return html`<p class="field-unavailable">${UNAVAILABLE_WORDS[field.reason] ?? UNAVAILABLE_WORDS.api_error}</p>`;
  const who = FORM_FACTOR_WORDS[field.formFactor] ?? '';
  return html`<p class="meta">What Chrome users ${who} saw from ${field.firstDate} to ${field.lastDate}: the 75th percentile of their visits, and how the visits shared out between good, needs improvement and poor. The data is ${scopeWords(field.scope, field.key)}.</p>
${field.metrics.length ? html`<ul class="field-metrics">${field.metrics.map(metricItem)}</ul>` : html`<p>The Chrome UX Report has no metric for it.</p>`}
${field.metrics.some((m) => m.metric === 'inp') ? html`<p class="meta">A lab run has no visitor to interact with the page: INP is set against Total Blocking Time, Lighthouse’s stand-in for it, and TBT’s thresholds (good ≤ 200 ms, poor > 600 ms).</p>` : ''}`;
}

/**
 * The "Real users" card beside the lab vitals (issue 48): per metric the field p75, its distribution,
 * its category and the verdict against the lab. Nothing for a test from before field data.
 */
export function fieldSection(value: unknown): SafeHtml {
  const field = readField(value);
  if (!field) return html``;
  return html`<section class="card field" aria-labelledby="field"><h2 id="field">Real users (Chrome UX Report)</h2>
${fieldBody(field)}</section>`;
}

/** One side's figure of a metric in the comparison: p75, category and verdict, or a dash. */
function compareCell(field: FieldView | null, metric: string): SafeHtml {
  const m = field?.available ? field.metrics.find((x) => x.metric === metric) : undefined;
  if (!m) return html`<td>–</td>`;
  return html`<td><span class="num">${fmtField(metric, m.p75)}</span> ${category(m.category)}<span class="meta block">${m.verdict ? VERDICT_WORDS[m.verdict] : 'No lab figure to compare with'}</span></td>`;
}

/** Whose data and when, or why there is none. */
function collectedCell(field: FieldView | null): SafeHtml {
  if (!field) return html`<td class="meta">Run before field data was recorded.</td>`;
  if (!field.available)
    return html`<td class="meta">${UNAVAILABLE_WORDS[field.reason] ?? UNAVAILABLE_WORDS.api_error}</td>`;
  return html`<td>${field.firstDate} to ${field.lastDate}<span class="meta block">${FORM_FACTOR_WORDS[field.formFactor] ?? ''}, ${scopeWords(field.scope, field.key)}</span></td>`;
}

/**
 * Both tests' field data side by side, for the compare page (`deltas.field` of two lighthouse tests).
 * Not a difference: each test keeps the 28 days CrUX had when it ran.
 */
export function fieldCompareSection(deltas: Record<string, unknown>): SafeHtml {
  const pair = readFieldPair(deltas);
  if (!pair) return html``;
  const { head, base } = pair;
  return html`<section class="card field" aria-labelledby="field"><h2 id="field">Real users (Chrome UX Report)</h2>
<table class="field-compare"><thead><tr><th scope="col">Metric (p75)</th><th scope="col">Base</th><th scope="col">Head</th></tr></thead><tbody>
<tr><th scope="row">Collected</th>${collectedCell(base)}${collectedCell(head)}</tr>
${pair.metrics.map((m) => html`<tr data-metric="${m}"><th scope="row">${FIELD_LABELS[m]}</th>${compareCell(base, m)}${compareCell(head, m)}</tr>`)}
</tbody></table>
<p class="meta">What real Chrome users saw over the 28 days the Chrome UX Report had when each test ran (updated daily): two tests of one page a few days apart share most of their days, so these figures move slowly and are not counted as changes above.</p></section>`;
}
