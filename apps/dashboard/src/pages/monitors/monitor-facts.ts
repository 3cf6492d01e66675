import type { LastExchange, MonitorWithChannels } from '@pageprobe/services';
import { html, type SafeHtml } from '@pageprobe/html';
import {
  type Expectation,
  expectationWords,
  fmtMs,
  monitorKindNamed,
  monitorSubject,
  toldByPings,
} from '@pageprobe/test-kinds';

// What a monitor is, on its page (issue 60): its target, kind, schedule, locations, expectations in
// words, alert channels and dependencies by name (linked), tags; and the last check's request and
// response as its check kept them (status, headers with credentials redacted, timings, the body's start).

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;

/** An interval in words: `every minute`, `every 5 minutes`, `every 90 seconds`, `every 2 hours`. */
export function intervalWords(seconds: number): string {
  const [n, unit] =
    seconds % 86_400 === 0
      ? [seconds / 86_400, 'day']
      : seconds % 3600 === 0
        ? [seconds / 3600, 'hour']
        : seconds % 60 === 0
          ? [seconds / 60, 'minute']
          : [seconds, 'second'];
  return n === 1 ? `every ${unit}` : `every ${plural(n, unit)}`;
}

function scheduleWords(m: MonitorWithChannels): string {
  if (!toldByPings(m.type)) return intervalWords(m.intervalSeconds);
  const grace = m.graceSeconds ? `, ${plural(m.graceSeconds, 'second')} of grace` : '';
  return m.schedule
    ? `a ping on the cron schedule ${m.schedule} (${m.timeZone ?? 'UTC'})${grace}`
    : `a ping ${intervalWords(m.periodSeconds ?? m.intervalSeconds)}${grace}`;
}

export interface Named {
  id: string;
  name: string;
}

/** The monitor's settings as facts. */
export function monitorFacts(
  m: MonitorWithChannels,
  names: { channels: Named[]; monitors: Named[] },
  href: (path: string) => string,
): SafeHtml {
  const kind = monitorKindNamed(m.type);
  const expect = ((m.options ?? {}) as { expect?: Expectation[] }).expect ?? [];
  const none = html`<span class="muted">none</span>`;
  const links = (items: Named[], path: string) =>
    items.length
      ? html`<ul class="inline-list">${items.map((i) => html`<li><a href="${href(`${path}/${i.id}`)}">${i.name}</a></li>`)}</ul>`
      : none;
  return html`<section class="card" aria-labelledby="facts-h"><h2 id="facts-h">What it checks</h2>
<dl class="facts monitor-facts">
${toldByPings(m.type) ? '' : html`<dt>Target</dt><dd class="url">${monitorSubject(m)}</dd>`}
<dt>Kind</dt><dd>${kind.title} <span class="muted">(${kind.offer})</span></dd>
<dt>Schedule</dt><dd>${scheduleWords(m)}${m.status === 'paused' ? ' (paused)' : ''}</dd>
${toldByPings(m.type) ? '' : html`<dt>Locations</dt><dd>${m.locations?.length ? `${m.locations.join(', ')}${m.locations.length > 1 ? ` (${m.locationMode === 'round_robin' ? 'one at a time, in turn' : 'every one each time'})` : ''}` : 'the default location'}</dd>`}
${
  toldByPings(m.type)
    ? ''
    : html`<dt>Expectations</dt><dd>${
        expect.length
          ? html`<ul class="expectations-list">${expect.map(
              (e) => html`<li>${expectationWords(e)}${e.severity === 'degraded' ? ' (else degraded)' : ''}</li>`,
            )}</ul>`
          : html`<span class="muted">none: an answer is up by its status</span>`
      }</dd>`
}
<dt>Alert channels</dt><dd>${links(names.channels, '/alert-channels')}</dd>
${names.monitors.length ? html`<dt>Depends on</dt><dd>${links(names.monitors, '/monitors')}</dd>` : ''}
<dt>Tags</dt><dd>${m.tags.length ? m.tags.join(', ') : none}</dd>
</dl></section>`;
}

/** The phases' labels, in the order the check measured them; the first phase (the name lookup) by default. */
const PHASE_LABELS: Record<string, string> = {
  connect: 'Connect',
  tls: 'TLS',
  first_byte: 'First byte',
  download: 'Download',
  total: 'Total',
};
const phaseLabel = (phase: string) => PHASE_LABELS[phase] ?? 'Name lookup';

const when = (d: Date) => `${d.toISOString().slice(0, 19).replace('T', ' ')} UTC`;

/** The last check's request and response, as it kept them; nothing for a monitor without one. */
export function lastExchangeSection(last: LastExchange | null): SafeHtml | '' {
  if (!last) return '';
  const { request, response, timings_ms: timings } = last.exchange;
  // In the order the phases happen (a JSONB column keeps its keys in an order of its own).
  const order = Object.keys(PHASE_LABELS);
  const measured = Object.entries(timings ?? {})
    .filter(([, ms]) => typeof ms === 'number')
    .sort(([a], [b]) => order.indexOf(a) - order.indexOf(b));
  return html`<section class="card exchange" aria-labelledby="exchange-h"><h2 id="exchange-h">Last check’s request and response</h2>
<p class="muted">${when(last.at)}${last.location ? `, from ${last.location}` : ''}</p>
<dl class="facts">
<dt>Request</dt><dd class="url"><code>${request.method} ${request.url}</code></dd>
<dt>Status</dt><dd>${response.status === null ? html`<span class="muted">no answer${response.error ? `: ${response.error}` : ''}</span>` : `${response.status}${response.http_version ? ` (HTTP/${response.http_version})` : ''}`}</dd>
</dl>
${
  measured.length
    ? html`<h3>Timings</h3><dl class="timings">${measured.map(([phase, ms]) => html`<div><dt>${phaseLabel(phase)}</dt><dd>${fmtMs(ms)}</dd></div>`)}</dl>`
    : ''
}
${
  response.headers.length
    ? html`<h3>Response headers</h3><div class="scroll" role="region" tabindex="0" aria-label="Response headers"><table class="headers"><tbody>${response.headers.map(
        ([name, value]) => html`<tr><th scope="row">${name}</th><td>${value}</td></tr>`,
      )}</tbody></table></div>`
    : ''
}
${
  response.body_start !== null
    ? html`<h3>Body${response.body_cut ? ' (its start)' : ''}</h3><pre class="body-start" tabindex="0" aria-label="Body">${response.body_start || '(empty)'}</pre>`
    : ''
}
</section>`;
}
