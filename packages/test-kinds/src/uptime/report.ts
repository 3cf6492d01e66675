import { html, type SafeHtml } from '@pageprobe/html';
import { advise } from '../report/advice.ts';
import { certificateSection, certificateTiles, tlsOf } from '../report/certificate-view.ts';
import { expectationsView } from '../report/expectations-view.ts';
import { fmtBytes, fmtMs, plural, summary, type Tile } from '../report/format.ts';
import { arr, type Json, num, obj, str } from '../report/read-json.ts';
import type { ReportTest } from '../report/report-test.ts';
import { uptimeFailures } from './failures.ts';

const PHASES: Array<{ key: string; label: string; cls: string }> = [
  { key: 'dns', label: 'DNS', cls: 'dns' },
  { key: 'connect', label: 'Connect', cls: 'connect' },
  { key: 'tls', label: 'TLS', cls: 'ssl' },
  { key: 'first_byte', label: 'Waiting for the first byte', cls: 'wait' },
  { key: 'download', label: 'Download', cls: 'receive' },
];

export function uptimeReport(test: ReportTest): SafeHtml {
  const r = obj(test.result);
  const up = r.up === true;
  const tls = tlsOf(r);
  const tiles: Tile[] = [
    { label: 'Verdict', value: up ? 'Up' : 'Down', cls: up ? 'good' : 'poor' },
    { label: 'Status', value: String(num(r.status_code) ?? '–') },
    { label: 'Response time', value: fmtMs(num(obj(r.timings_ms).total)) },
    ...certificateTiles(tls),
  ];
  return html`${summary(null, tiles)}
${verdictSection(r, up)}
${requestSection(obj(test.options))}
${expectationsView(r.expectations)}
${timingSection(obj(r.timings_ms))}
${redirectSection(arr(r.redirects).map(obj), str(r.final_url))}
${certificateSection(tls)}`;
}

function verdictSection(r: Json, up: boolean): SafeHtml {
  const facts: Array<[string, string | null]> = [
    ['Final address', str(r.final_url)],
    ['IP address', str(r.ip_address)],
    ['HTTP version', str(r.http_version)],
    ['Size', num(r.size_bytes) === null ? null : fmtBytes(num(r.size_bytes))],
  ];
  const shown = facts.filter((f): f is [string, string] => f[1] !== null);
  const advice = up
    ? null
    : advise(uptimeFailures, str(r.reason), str(r.error) ?? (num(r.status_code) ? `HTTP ${num(r.status_code)}` : null));
  return html`<section class="card ${up ? '' : 'notice poor'}" aria-labelledby="verdict"><h2 id="verdict">${up ? 'The site is up' : 'The site is down'}</h2>
${advice ? html`<p>${advice.what}</p><p><strong>What to try:</strong> ${advice.tryThis}</p>` : html`<p>It answered ${num(r.status_code) ?? ''} in ${fmtMs(num(obj(r.timings_ms).total))}.</p>`}
${shown.length ? html`<dl class="facts">${shown.map(([k, v]) => html`<dt>${k}</dt><dd>${v}</dd>`)}</dl>` : ''}
${str(r.error) ? html`<p class="detail">${str(r.error)}</p>` : ''}</section>`;
}

function timingSection(timings: Json): SafeHtml {
  const phases = PHASES.map((p) => ({ ...p, ms: num(timings[p.key]) ?? 0 })).filter((p) => p.ms > 0);
  if (phases.length === 0) return html``;
  const sum = phases.reduce((a, p) => a + p.ms, 0);
  let x = 0;
  const rects = phases.map((p) => {
    const w = (p.ms / sum) * 1000;
    const rect = html`<rect class="phase-${p.cls}" x="${x.toFixed(1)}" width="${Math.max(2, w).toFixed(1)}" height="10"/>`;
    x += w;
    return rect;
  });
  return html`<section class="card" aria-labelledby="timing"><h2 id="timing">Where the time went</h2>
<svg class="bar tall" viewBox="0 0 1000 10" preserveAspectRatio="none" role="img" aria-label="${phases.map((p) => `${p.label} ${fmtMs(p.ms)}`).join(', ')}">${rects}</svg>
<ul class="legend">${phases.map((p) => html`<li><svg aria-hidden="true" viewBox="0 0 10 10"><rect class="phase-${p.cls}" width="10" height="10"/></svg>${p.label}: ${fmtMs(p.ms)}</li>`)}</ul>
<p class="meta">Total ${fmtMs(num(timings.total) ?? sum)}${phases.length < PHASES.length ? ' (phases not shown took no measurable time or did not apply)' : ''}.</p></section>`;
}

function redirectSection(hops: Json[], finalUrl: string | null): SafeHtml {
  if (hops.length === 0) return html``;
  // Each hop is an address and the redirect it answered; it led to the next hop, the last to the final address.
  return html`<section class="card" aria-labelledby="hops"><h2 id="hops">${plural(hops.length, 'redirect')}</h2>
<table class="hops"><thead><tr><th scope="col">Address</th><th scope="col" class="num">Status</th><th scope="col">Led to</th></tr></thead><tbody>
${hops.map((h, i) => html`<tr><td class="url">${str(h.url) ?? '–'}</td><td class="num">${num(h.status_code) ?? '–'}</td><td class="url">${(i + 1 < hops.length ? str(hops[i + 1]!.url) : finalUrl) ?? '–'}</td></tr>`)}
</tbody></table></section>`;
}

/** A request other than a plain GET: its method, and the body it sent (not secret, as the test shows it). */
function requestSection(options: Json): SafeHtml {
  const method = str(options.method);
  const body = str(options.body);
  if (!method && body === null) return html``;
  const type = str(options.content_type) ?? (body === null ? null : 'text/plain; charset=utf-8');
  return html`<section class="card" aria-labelledby="request"><h2 id="request">Request</h2>
<dl class="facts"><dt>Method</dt><dd>${method ?? 'GET'}</dd>${type ? html`<dt>Content type</dt><dd>${type}</dd>` : ''}</dl>
${body === null ? '' : html`<pre class="detail">${body.length > 2000 ? `${body.slice(0, 2000)}…` : body}</pre>`}</section>`;
}
