import { html, type SafeHtml } from '@pageprobe/html';
import type { Tile } from './format.ts';
import { type Json, num, obj, str } from './read-json.ts';

// A check's certificate in its report (uptime's https, tcp's and smtp's TLS): its tile and its card.

/** Certificates renewing within this many days get attention, within a week alarm. */
const CERT_WARN_DAYS = 30;
const CERT_ALARM_DAYS = 7;
const daysClass = (days: number) => (days > CERT_WARN_DAYS ? 'good' : days > CERT_ALARM_DAYS ? 'average' : 'poor');

const day = (iso: string | null) =>
  iso && !Number.isNaN(Date.parse(iso)) ? new Date(iso).toISOString().slice(0, 10) : (iso ?? '–');

/** A result's `tls`, when it has one. */
export const tlsOf = (result: Json): Json | null =>
  result.tls && typeof result.tls === 'object' ? obj(result.tls) : null;

/** The summary's tile of the days a certificate has left, coloured by how soon; none without a certificate. */
export function certificateTiles(tls: Json | null): Tile[] {
  const days = tls ? num(tls.days_remaining) : null;
  return days === null ? [] : [{ label: 'Certificate days left', value: String(days), cls: daysClass(days) }];
}

/** The certificate's card: days left, validity, the negotiated version where known, subject, issuer, chain. */
export function certificateSection(tls: Json | null): SafeHtml {
  if (!tls) return html``;
  const days = num(tls.days_remaining);
  const protocol = str(tls.protocol);
  return html`<section class="card" aria-labelledby="cert"><h2 id="cert">Certificate</h2><table class="cert"><tbody>
<tr><th scope="row">Days remaining</th><td><span class="days-remaining badge ${days === null ? '' : daysClass(days)}">${days ?? '–'}</span></td></tr>
<tr><th scope="row">Valid</th><td>${day(str(tls.valid_from))} to ${day(str(tls.valid_to))}</td></tr>
${protocol ? html`<tr><th scope="row">Protocol</th><td>${protocol}</td></tr>` : ''}
<tr><th scope="row">Subject</th><td>${str(tls.subject) ?? '–'}</td></tr>
<tr><th scope="row">Issuer</th><td>${str(tls.issuer) ?? '–'}</td></tr>
<tr><th scope="row">Chain</th><td>${tls.chain_valid === true ? 'trusted' : `not trusted${str(tls.error) ? `: ${str(tls.error)}` : ''}`}</td></tr>
</tbody></table></section>`;
}
