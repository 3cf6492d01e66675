import { html, type SafeHtml } from '@pageprobe/html';
import { fmtMs } from '@pageprobe/test-kinds';
import { stateMark } from '../../views/state-mark.ts';

// A check's result on its test's page (uptime, tcp and dns alike, issue 47): the verdict and why, what was
// reached, the answers, the timings, the certificate and each expectation with the value found. Read
// from the result's own fields, so a kind's page shows what its result holds.

type Json = Record<string, unknown>;
const obj = (v: unknown): Json => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : {});
const shown = (v: unknown): string =>
  v === undefined || v === null ? '–' : typeof v === 'string' ? v : (JSON.stringify(v) ?? '–');

const row = (label: string, value: SafeHtml | string | number | null | undefined) =>
  value === null || value === undefined || value === '' ? '' : html`<dt>${label}</dt><dd>${value}</dd>`;

function expectationsTable(list: unknown): SafeHtml | '' {
  const rows = Array.isArray(list) ? list.map(obj) : [];
  if (!rows.length) return '';
  const failed = rows.filter((r) => r.passed !== true).length;
  return html`<h3>Expectations ${failed ? html`${stateMark('down', `${failed} failed`)}` : html`${stateMark('up', 'held')}`}</h3>
<div class="scroll" role="region" tabindex="0" aria-label="Expectations"><table><thead><tr><th scope="col">Source</th><th scope="col">Expected</th><th scope="col">Actual</th><th scope="col">Result</th></tr></thead><tbody>
${rows.map(
  (r) =>
    html`<tr><td>${[r.source, r.name, r.path].filter((v) => typeof v === 'string').join(' ')}</td><td><code>${shown(r.operator)}${r.value === undefined ? '' : ` ${shown(r.value)}`}</code></td><td class="url">${shown(r.actual)}</td><td>${r.passed === true ? 'Passed' : `Failed${typeof r.message === 'string' ? `: ${r.message}` : ''}`}</td></tr>`,
)}
</tbody></table></div>`;
}

function answersTable(list: unknown): SafeHtml | '' {
  if (!Array.isArray(list)) return '';
  if (!list.length) return html`<h3>Answers</h3><p>None.</p>`;
  return html`<h3>Answers</h3><div class="scroll" role="region" tabindex="0" aria-label="Answers"><table><thead><tr><th scope="col">Record</th><th scope="col" class="num">TTL (s)</th></tr></thead><tbody>
${list.map(obj).map((a) => html`<tr><td class="url">${shown(a.value)}</td><td class="num">${a.ttl === null || a.ttl === undefined ? '–' : String(a.ttl)}</td></tr>`)}
</tbody></table></div>`;
}

/** A check's figures, from a result that has `up` (uptime, tcp, dns). */
export function checkFigures(result: Json): SafeHtml {
  const timings = obj(result.timings_ms);
  const tls = obj(result.tls);
  const target =
    typeof result.host === 'string' && typeof result.port === 'number' ? `${result.host}:${result.port}` : null;
  const query =
    typeof result.name === 'string' && typeof result.type === 'string' ? `${result.name} ${result.type}` : null;
  return html`<h3>Check</h3><dl class="facts">
${row('Verdict', result.up ? 'Up' : html`Down${result.reason ? html` (${String(result.reason).replaceAll('_', ' ')})` : ''}`)}
${row('Why', typeof result.error === 'string' ? result.error : null)}
${row('Status code', typeof result.status_code === 'number' ? result.status_code : null)}
${row('Final URL', typeof result.final_url === 'string' ? result.final_url : null)}
${row('Target', target)}
${row('Address', typeof result.ip_address === 'string' ? result.ip_address : null)}
${row('Query', query)}
${row('Resolver', query ? (typeof result.resolver === 'string' ? result.resolver : 'the system’s') : null)}
${Object.entries(timings).map(([phase, ms]) => row(`Time: ${phase.replaceAll('_', ' ')}`, fmtMs(ms as number | null)))}
${row('Certificate', typeof tls.subject === 'string' ? `${tls.subject}, issued by ${shown(tls.issuer)}` : null)}
${row('Certificate expires', typeof tls.valid_to === 'string' ? `${tls.valid_to} (${shown(tls.days_remaining)} days)` : null)}
</dl>
${answersTable(result.answers)}
${expectationsTable(result.expectations)}`;
}
