import { html, type SafeHtml } from '@pageprobe/html';
import { arr, num, obj, str } from './read-json.ts';
import { formatAssertion } from './measure-format.ts';
import type { ReportTest } from './report-test.ts';

/**
 * The verdict on the test's assertions, shown before everything else (issue 15); nothing without them.
 * A test of several runs is judged on the median of its runs (assertions.ts `medianMeasure`), while the
 * figures below are its representative run's: the section says which is which.
 */
export function assertionsView(test: ReportTest): SafeHtml {
  if (test.passed === null && test.assertionResults === null) return html``;
  const rows = arr(test.assertionResults).map(obj);
  const runs = arr(test.runResults).length;
  const verdict = test.passed ? 'Assertions passed' : 'Assertions failed';
  const cls = test.passed ? 'good' : 'poor';
  const measured = runs > 1 ? `Median of ${runs} runs` : 'Measured';
  return html`<section class="card notice ${cls}" aria-labelledby="assertions">
<h2 id="assertions">${verdict}</h2>
${
  rows.length && runs > 1
    ? html`<p class="median">This test ran ${runs} times: each assertion is judged on the median of the ${runs} runs, as Lighthouse CI’s median aggregation does. The scores, vitals, filmstrip and audits below are those of the representative run, so they can differ from these medians.</p>`
    : ''
}
${
  rows.length
    ? html`<table><thead><tr><th scope="col">Assertion</th><th scope="col">Level</th><th scope="col" class="num">Expected</th><th scope="col" class="num">${measured}</th><th scope="col">Result</th></tr></thead><tbody>${rows.map(
        (r) => {
          const key = str(r.key) ?? '';
          const operator = str(r.operator) ?? '';
          const shown = formatAssertion(key, operator, num(r.expected), num(r.actual));
          return html`<tr><td><code>${key}</code></td><td>${str(r.level) ?? ''}</td><td class="num">${shown.expected}</td><td class="num">${shown.measured}</td><td class="${r.passed === true ? 'good' : str(r.level) === 'warn' ? 'average' : 'poor'}">${r.passed === true ? 'passed' : 'failed'}</td></tr>`;
        },
      )}</tbody></table>`
    : html`<p>The test did not finish, so its assertions could not be judged.</p>`
}
</section>`;
}
