import { html, type SafeHtml } from '@pageprobe/html';
import { expectationsView } from '../report/expectations-view.ts';
import { fmtMs, summary, type Tile } from '../report/format.ts';
import { type Json, num, obj, str } from '../report/read-json.ts';
import type { ReportTest } from '../report/report-test.ts';
import { tcpFailures } from './failures.ts';

const CERT_WARN_DAYS = 30;
const CERT_ALARM_DAYS = 7;
const daysClass = (days: number) => (days > CERT_WARN_DAYS ? 'good' : days > CERT_ALARM_DAYS ? 'average' : 'poor');
const day = (iso: string | null) => (iso && !Number.isNaN(Date.parse(iso)) ? iso.slice(0, 10) : '–');

/** A finished TCP check: whether the port answered, how long each phase took, its certificate. */
export function tcpReport(test: ReportTest): SafeHtml {
  const r = obj(test.result);
  const up = r.up === true;
  const timings = obj(r.timings_ms);
  const tls = r.tls && typeof r.tls === 'object' ? obj(r.tls) : null;
  const days = tls ? num(tls.days_remaining) : null;
  const tiles: Tile[] = [
    { label: 'Verdict', value: up ? 'Up' : 'Down', cls: up ? 'good' : 'poor' },
    { label: 'Connect', value: fmtMs(num(timings.connect)) },
    { label: 'Total', value: fmtMs(num(timings.total)) },
  ];
  if (days !== null) tiles.push({ label: 'Certificate days left', value: String(days), cls: daysClass(days) });
  const where = `${str(r.host) ?? ''}:${num(r.port) ?? ''}`;
  const advice = up ? null : tcpFailures[str(r.reason) ?? ''];
  const phases: Array<[string, string]> = [
    ['dns', 'DNS'],
    ['connect', 'Connect'],
    ['tls', 'TLS handshake'],
    ['total', 'Total'],
  ];
  return html`${summary(null, tiles)}
<section class="card ${up ? '' : 'notice poor'}" aria-labelledby="verdict"><h2 id="verdict">${up ? `${where} accepts connections` : `${where} is down`}</h2>
${advice ? html`<p>${advice.what}</p><p><strong>What to try:</strong> ${advice.tryThis}</p>` : ''}
${str(r.error) ? html`<p class="detail">${str(r.error)}</p>` : ''}
<dl class="facts"><dt>Address</dt><dd>${str(r.ip_address) ?? '–'}</dd>${phases.map(([k, label]) => (num(timings[k]) === null ? '' : html`<dt>${label}</dt><dd>${fmtMs(num(timings[k]))}</dd>`))}</dl></section>
${expectationsView(r.expectations)}
${tls ? certificateSection(tls, days) : ''}`;
}

function certificateSection(tls: Json, days: number | null): SafeHtml {
  return html`<section class="card" aria-labelledby="cert"><h2 id="cert">Certificate</h2><table class="cert"><tbody>
<tr><th scope="row">Days remaining</th><td><span class="days-remaining badge ${days === null ? '' : daysClass(days)}">${days ?? '–'}</span></td></tr>
<tr><th scope="row">Valid</th><td>${day(str(tls.valid_from))} to ${day(str(tls.valid_to))}</td></tr>
<tr><th scope="row">Protocol</th><td>${str(tls.protocol) ?? '–'}</td></tr>
<tr><th scope="row">Subject</th><td>${str(tls.subject) ?? '–'}</td></tr>
<tr><th scope="row">Issuer</th><td>${str(tls.issuer) ?? '–'}</td></tr>
<tr><th scope="row">Chain</th><td>${tls.chain_valid === true ? 'trusted' : `not trusted${str(tls.error) ? `: ${str(tls.error)}` : ''}`}</td></tr>
</tbody></table></section>`;
}
