import { html, type SafeHtml } from '@pageprobe/html';
import { certificateSection, certificateTiles, tlsOf } from '../report/certificate-view.ts';
import { expectationsView } from '../report/expectations-view.ts';
import { fmtMs, summary } from '../report/format.ts';
import { num, obj, str } from '../report/read-json.ts';
import type { ReportTest } from '../report/report-test.ts';
import { tcpFailures } from './failures.ts';

const PHASES: Array<[string, string]> = [
  ['dns', 'DNS'],
  ['connect', 'Connect'],
  ['tls', 'TLS handshake'],
  ['total', 'Total'],
];

/** A finished TCP check: whether the port answered, how long each phase took, its certificate. */
export function tcpReport(test: ReportTest): SafeHtml {
  const r = obj(test.result);
  const up = r.up === true;
  const timings = obj(r.timings_ms);
  const tls = tlsOf(r);
  const where = `${str(r.host) ?? ''}:${num(r.port) ?? ''}`;
  const advice = up ? null : tcpFailures[str(r.reason) ?? ''];
  return html`${summary(null, [
    { label: 'Verdict', value: up ? 'Up' : 'Down', cls: up ? 'good' : 'poor' },
    { label: 'Connect', value: fmtMs(num(timings.connect)) },
    { label: 'Total', value: fmtMs(num(timings.total)) },
    ...certificateTiles(tls),
  ])}
<section class="card ${up ? '' : 'notice poor'}" aria-labelledby="verdict"><h2 id="verdict">${up ? `${where} accepts connections` : `${where} is down`}</h2>
${advice ? html`<p>${advice.what}</p><p><strong>What to try:</strong> ${advice.tryThis}</p>` : ''}
${str(r.error) ? html`<p class="detail">${str(r.error)}</p>` : ''}
<dl class="facts"><dt>Address</dt><dd>${str(r.ip_address) ?? '–'}</dd>${PHASES.map(([k, label]) => (num(timings[k]) === null ? '' : html`<dt>${label}</dt><dd>${fmtMs(num(timings[k]))}</dd>`))}</dl></section>
${expectationsView(r.expectations)}
${certificateSection(tls)}`;
}
