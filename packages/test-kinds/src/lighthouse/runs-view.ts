import { html, type SafeHtml } from '@pageprobe/html';
import { fmtMs, fmtScore, scoreClass } from '../report/format.ts';
import { arr, type Json, num, obj } from '../report/read-json.ts';

const COLUMNS: Array<[string, string]> = [
  ['lcp_ms', 'LCP'],
  ['fcp_ms', 'FCP'],
  ['tbt_ms', 'TBT'],
  ['interactive_ms', 'Interactive'],
];

/** The runs' performance scores on a 0–100 line: how far apart they are, at a glance. */
function scoreStrip(runs: Json[]): SafeHtml {
  const dots = runs.map((r) => {
    const score = num(r.performance_score);
    if (score === null) return html``;
    const x = 4 + score * 2.92;
    return html`<circle cx="${x.toFixed(1)}" cy="12" r="${r.representative === true ? 6 : 4}" class="${scoreClass(score)}${r.representative === true ? ' representative' : ''}"><title>Run ${String(num(r.index))}: ${fmtScore(score)}</title></circle>`;
  });
  return html`<svg class="strip" viewBox="0 0 300 32" width="300" height="32" role="img" aria-label="Performance score of each run, 0 to 100">
<line x1="4" y1="12" x2="296" y2="12"/><text x="4" y="30">0</text><text x="150" y="30" text-anchor="middle">50</text><text x="296" y="30" text-anchor="end">100</text>${dots}</svg>`;
}

/**
 * Every run of a test of several (issue 15), the representative one marked: the test's scores, vitals,
 * audits, filmstrip and HAR are that run's; its assertions are judged on the runs' median. Nothing for a
 * single run.
 */
export function runsSection(runResults: unknown, spread: unknown): SafeHtml {
  const runs = arr(runResults).map(obj);
  if (runs.length < 2) return html``;
  const s = obj(spread);
  const stddev = num(s.stddev);
  return html`<section class="card" aria-labelledby="runs"><h2 id="runs">${String(runs.length)} runs</h2>
<p>Performance from ${fmtScore(num(s.min))} to ${fmtScore(num(s.max))} (standard deviation ${stddev === null ? '–' : stddev.toFixed(1)}). The marked run is the one closest to the median first paint and time to interactive; the scores, vitals, filmstrip, audits and requests on this page are from it, while the assertions are judged on the median of the ${String(runs.length)} runs.</p>
${scoreStrip(runs)}
<table class="runs"><thead><tr><th scope="col">Run</th><th scope="col" class="num">Performance</th>${COLUMNS.map(([, label]) => html`<th scope="col" class="num">${label}</th>`)}</tr></thead><tbody>${runs.map(
    (r) => {
      const score = num(r.performance_score);
      const vitals = obj(r.vitals);
      const chosen = r.representative === true;
      return html`<tr${chosen ? html` class="representative"` : ''}><td>${String(num(r.index))}${chosen ? html` <strong>representative</strong>` : ''}</td><td class="num"><span class="badge ${scoreClass(score)}">${fmtScore(score)}</span></td>${COLUMNS.map(([key]) => html`<td class="num">${fmtMs(num(vitals[key]))}</td>`)}</tr>`;
    },
  )}</tbody></table></section>`;
}
