import { arr, num, obj, str } from './read-json.ts';
import { html, type SafeHtml } from './html.ts';
import type { ReportTest } from './report-test.ts';

const OPERATOR_WORDS: Record<string, string> = {
  minScore: '≥',
  minNumericValue: '≥',
  maxNumericValue: '≤',
  maxLength: 'items ≤',
};

/** The verdict on the test's assertions, shown before everything else (issue 15); nothing without them. */
export function assertionsView(test: ReportTest): SafeHtml {
  if (test.passed === null && test.assertionResults === null) return html``;
  const rows = arr(test.assertionResults).map(obj);
  const verdict = test.passed ? 'Assertions passed' : 'Assertions failed';
  const cls = test.passed ? 'good' : 'poor';
  return html`<section class="card notice ${cls}" aria-labelledby="assertions">
<h2 id="assertions">${verdict}</h2>
${
  rows.length
    ? html`<table><thead><tr><th scope="col">Assertion</th><th scope="col">Level</th><th scope="col" class="num">Expected</th><th scope="col" class="num">Measured</th><th scope="col">Result</th></tr></thead><tbody>${rows.map(
        (r) =>
          html`<tr><td><code>${str(r.key) ?? ''}</code></td><td>${str(r.level) ?? ''}</td><td class="num">${OPERATOR_WORDS[str(r.operator) ?? ''] ?? ''} ${String(num(r.expected) ?? '')}</td><td class="num">${num(r.actual) === null ? '–' : String(num(r.actual))}</td><td class="${r.passed === true ? 'good' : str(r.level) === 'warn' ? 'average' : 'poor'}">${r.passed === true ? 'passed' : 'failed'}</td></tr>`,
      )}</tbody></table>`
    : html`<p>The test did not finish, so its assertions could not be judged.</p>`
}
</section>`;
}
