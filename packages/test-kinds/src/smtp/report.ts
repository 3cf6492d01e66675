import { html, type SafeHtml } from '@pageprobe/html';
import { certificateSection, certificateTiles, tlsOf } from '../report/certificate-view.ts';
import { expectationsView } from '../report/expectations-view.ts';
import { fmtMs, summary } from '../report/format.ts';
import { arr, num, obj, str } from '../report/read-json.ts';
import type { ReportTest } from '../report/report-test.ts';
import { smtpFailures } from './failures.ts';

const PHASES: Array<[string, string]> = [
  ['dns', 'DNS'],
  ['connect', 'Connect'],
  ['greeting', 'Waiting for the greeting'],
  ['ehlo', 'EHLO'],
  ['tls', 'TLS handshake'],
  ['total', 'Total'],
];

/** A finished SMTP check: whether the server greeted and answered, each phase's time, what it offers, its certificate. */
export function smtpReport(test: ReportTest): SafeHtml {
  const r = obj(test.result);
  const up = r.up === true;
  const timings = obj(r.timings_ms);
  const tls = tlsOf(r);
  const where = `${str(r.host) ?? ''}:${num(r.port) ?? ''}`;
  const advice = up ? null : smtpFailures[str(r.reason) ?? ''];
  const extensions = arr(r.extensions).flatMap((e) => (typeof e === 'string' ? [e] : []));
  return html`${summary(null, [
    { label: 'Verdict', value: up ? 'Up' : 'Down', cls: up ? 'good' : 'poor' },
    { label: 'Greeting', value: fmtMs(num(timings.greeting)) },
    { label: 'Total', value: fmtMs(num(timings.total)) },
    ...certificateTiles(tls),
  ])}
<section class="card ${up ? '' : 'notice poor'}" aria-labelledby="verdict"><h2 id="verdict">${up ? `${where} answers mail` : `${where} is down`}</h2>
${advice ? html`<p>${advice.what}</p><p><strong>What to try:</strong> ${advice.tryThis}</p>` : ''}
${str(r.error) ? html`<p class="detail">${str(r.error)}</p>` : ''}
<dl class="facts"><dt>Address</dt><dd>${str(r.ip_address) ?? '–'}</dd><dt>Greeting</dt><dd><code>${str(r.greeting) ?? '–'}</code></dd>${PHASES.map(([k, label]) => (num(timings[k]) === null ? '' : html`<dt>${label}</dt><dd>${fmtMs(num(timings[k]))}</dd>`))}</dl>
${extensions.length ? html`<h3>Offered after EHLO</h3><ul class="extensions">${extensions.map((e) => html`<li><code>${e}</code></li>`)}</ul>` : ''}</section>
${expectationsView(r.expectations)}
${certificateSection(tls)}`;
}
