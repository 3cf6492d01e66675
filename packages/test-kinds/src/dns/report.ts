import { html, type SafeHtml } from '@pageprobe/html';
import { expectationsView } from '../report/expectations-view.ts';
import { fmtMs, plural, summary, type Tile } from '../report/format.ts';
import { arr, num, obj, str } from '../report/read-json.ts';
import type { ReportTest } from '../report/report-test.ts';
import { dnsFailures } from './failures.ts';

/** A finished DNS check: the answers and their TTLs, or why there were none. */
export function dnsReport(test: ReportTest): SafeHtml {
  const r = obj(test.result);
  const up = r.up === true;
  const answers = arr(r.answers).map(obj);
  const query = `${str(r.name) ?? ''} ${str(r.type) ?? ''}`;
  const tiles: Tile[] = [
    { label: 'Verdict', value: up ? 'Up' : 'Down', cls: up ? 'good' : 'poor' },
    { label: 'Answers', value: String(answers.length) },
    { label: 'Response time', value: fmtMs(num(obj(r.timings_ms).total)) },
  ];
  const advice = up ? null : dnsFailures[str(r.reason) ?? ''];
  return html`${summary(null, tiles)}
<section class="card ${up ? '' : 'notice poor'}" aria-labelledby="verdict"><h2 id="verdict">${up ? `${query} resolves` : `${query} does not resolve as expected`}</h2>
${advice ? html`<p>${advice.what}</p><p><strong>What to try:</strong> ${advice.tryThis}</p>` : ''}
${str(r.error) ? html`<p class="detail">${str(r.error)}</p>` : ''}
<dl class="facts"><dt>Resolver</dt><dd>${str(r.resolver) ?? 'the system’s'}</dd></dl>
${num(r.withheld) ? html`<p class="detail">${plural(num(r.withheld)!, 'private address', 'private addresses')} withheld: this worker does not check private addresses, so they are not shown or matched (a split-horizon name answers so inside its network).</p>` : ''}</section>
${
  answers.length
    ? html`<section class="card" aria-labelledby="answers"><h2 id="answers">${plural(answers.length, 'answer')}</h2>
<table><thead><tr><th scope="col">${str(r.type) ?? 'Record'}</th><th scope="col" class="num">TTL</th></tr></thead><tbody>
${answers.map((a) => html`<tr><td class="url">${str(a.value) ?? ''}</td><td class="num">${num(a.ttl) === null ? '–' : `${num(a.ttl)} s`}</td></tr>`)}
</tbody></table></section>`
    : ''
}
${expectationsView(r.expectations)}`;
}
