import { html, type SafeHtml } from '../html.ts';
import type { ReportTest } from '../load-report.ts';
import { fmtBytes, fmtMs, summary } from './layout.ts';
import { arr, num, obj, str } from './read-json.ts';

const PHASES: Array<[string, string]> = [
  ['dns', 'DNS'],
  ['connect', 'Connect'],
  ['tls', 'TLS'],
  ['first_byte', 'Waiting for the first byte'],
  ['download', 'Download'],
];
const PHASE_CLASS: Record<string, string> = { dns: 'dns', connect: 'connect', tls: 'ssl', first_byte: 'wait', download: 'receive' };
const REASONS: Record<string, string> = {
  dns_error: 'the name does not resolve',
  connection_refused: 'the server refused the connection',
  connection_reset: 'the connection was reset',
  timeout: 'no answer in time',
  tls_error: 'the secure connection failed',
  http_error: 'the server answered with an error',
};

export function uptimeBody(test: ReportTest): SafeHtml {
  const r = obj(test.result);
  const up = r.up === true;
  const timings = obj(r.timings_ms);
  const total = num(timings.total);
  const tls = r.tls ? obj(r.tls) : null;
  const days = tls ? num(tls.days_remaining) : null;
  const phases = PHASES.map(([key, label]) => ({ key, label, ms: num(timings[key]) ?? 0 })).filter((p) => p.ms > 0);
  const sum = Math.max(1, phases.reduce((a, p) => a + p.ms, 0));
  let x = 0;
  const rects = phases.map((p) => {
    const w = (p.ms / sum) * 1000;
    const rect = html`<rect class="phase-${PHASE_CLASS[p.key]!}" x="${x.toFixed(1)}" width="${Math.max(1, w).toFixed(1)}" height="10"/>`;
    x += w;
    return rect;
  });
  const redirects = arr(r.redirects).map(obj);
  return html`${summary(null, [
    { label: 'Verdict', value: up ? 'Up' : 'Down', cls: up ? 'good' : 'poor' },
    { label: 'Status', value: String(num(r.status_code) ?? '–') },
    { label: 'Response time', value: fmtMs(total) },
    ...(days !== null ? [{ label: 'Certificate days left', value: String(days), cls: days > 30 ? 'good' : days > 7 ? 'average' : 'poor' }] : []),
  ])}
<section class="card" aria-labelledby="verdict"><h2 id="verdict">${up ? 'The site is up' : `The site is down: ${REASONS[str(r.reason) ?? ''] ?? 'it did not answer properly'}`}</h2>
<p>Final address: ${str(r.final_url) ?? '–'} · IP ${str(r.ip_address) ?? '–'} · HTTP ${str(r.http_version) ?? '–'} · ${fmtBytes(num(r.size_bytes))}</p>
${str(r.error) ? html`<p class="meta">${str(r.error)}</p>` : ''}</section>
<section class="card" aria-labelledby="timing"><h2 id="timing">Where the time went</h2>
<svg class="bar" viewBox="0 0 1000 10" preserveAspectRatio="none" role="img" aria-label="${phases.map((p) => `${p.label} ${fmtMs(p.ms)}`).join(', ') || 'no timings'}">${rects}</svg>
<ul class="legend">${phases.map((p) => html`<li><svg aria-hidden="true" viewBox="0 0 10 10"><rect class="phase-${PHASE_CLASS[p.key]!}" width="10" height="10"/></svg>${p.label}: ${fmtMs(p.ms)}</li>`)}</ul></section>
${
  redirects.length
    ? html`<section class="card" aria-labelledby="hops"><h2 id="hops">Redirects</h2><ol>${redirects.map((h) => html`<li>${str(h.url)} → ${num(h.status_code) ?? '–'}</li>`)}</ol></section>`
    : ''
}
${
  tls
    ? html`<section class="card" aria-labelledby="cert"><h2 id="cert">Certificate</h2><table><tbody>
<tr><th scope="row">Subject</th><td>${str(tls.subject) ?? '–'}</td></tr>
<tr><th scope="row">Issuer</th><td>${str(tls.issuer) ?? '–'}</td></tr>
<tr><th scope="row">Valid</th><td>${str(tls.valid_from) ?? '–'} to ${str(tls.valid_to) ?? '–'}</td></tr>
<tr><th scope="row">Days remaining</th><td class="days-remaining">${days ?? '–'}</td></tr>
<tr><th scope="row">Chain</th><td>${tls.chain_valid === true ? 'trusted' : `not trusted${str(tls.error) ? `: ${str(tls.error)}` : ''}`}</td></tr>
</tbody></table></section>`
    : ''
}`;
}
