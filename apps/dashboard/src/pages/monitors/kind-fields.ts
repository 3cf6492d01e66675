import { html, type SafeHtml } from '@pageprobe/html';
import { kindNamed, UPTIME_METHODS } from '@pageprobe/test-kinds';
import { expectEditor } from '../../views/expect-rows.ts';
import { requestEditor } from '../../views/request-rows.ts';
import type { FormState } from '../../views/form-errors.ts';
import { expectExamples, PINGED, takerNames, takers } from '../../views/kind-words.ts';
import { hinted, input, select, textarea } from './form-controls.ts';

// The monitor form's fields of the checks' options (a request's method, body and content type, a TLS
// handshake, expectations), each labelled with the kinds whose options hold it, and a pinged kind's timing.

const [firstExamples, ...otherExamples] = expectExamples();
const EXPECT_HINT = `A JSON list, each failing one named in the alert. ${firstExamples}. Add "severity": "degraded" to one whose failure means slow but up (amber, monitor.degraded), not down: {"source": "response_time", "operator": "lt", "value": 800, "severity": "degraded"}. ${otherExamples.map((e) => `${e}.`).join(' ')}`;

/** How a check asks and what its answer must show; `creating` adds what is fixed once made (TLS). */
export function checkRequestFields(state: FormState, kind: string, creating: boolean): SafeHtml {
  const takes = (option: string) => kindNamed(kind).options.includes(option);
  return html`<fieldset><legend>Request</legend>
${takes('method') ? select(state, `Method (${takerNames('method')})`, 'method', [['', 'GET (the default)'], ...UPTIME_METHODS.filter((m) => m !== 'GET').map((m): [string, string] => [m, m])]) : ''}
${takes('body') ? textarea(state, `Request body (${takerNames('body')})`, 'body', 'Sent as given with POST, PUT, PATCH, DELETE or OPTIONS; at most 64 KB.') : ''}
${takes('content_type') ? hinted(state, `Content type (${takerNames('content_type')})`, 'content_type', 'text', 'Of the body; default text/plain; charset=utf-8.', html`placeholder="application/json"`) : ''}
${creating && takes('tls') ? html`<p><label class="check"><input type="checkbox" name="tls"${state.values.tls === 'on' ? html` checked` : ''}> TLS handshake (${takers('tls')}): check the port’s certificate too</label></p>` : ''}
</fieldset>
${expectEditor(state, kind, EXPECT_HINT)}`;
}

/** A sequence of requests (the kinds whose options hold `requests`), as rows beside their JSON. */
export const requestsField = (state: FormState): SafeHtml => requestEditor(state, `Requests (${takers('requests')})`);

/** A heartbeat's timing: a period or a cron schedule in a time zone, and the grace a ping may be late by. */
export function heartbeatTimingFields(state: FormState): SafeHtml {
  return html`<fieldset><legend>${PINGED} (a job pings its URL)</legend>
<p class="hint">Give a period, or a cron schedule instead; after the grace without a ping, it is down.</p>
${hinted(state, 'Period (seconds)', 'period_seconds', 'number', 'A ping is expected this often.', html`min="1" max="2592000"`)}
${hinted(state, 'Cron schedule', 'schedule', 'text', html`Instead of a period: five fields, e.g. <code>0 3 * * *</code> for 03:00 every day.`, html`spellcheck="false" autocomplete="off"`)}
${hinted(state, 'Time zone', 'time_zone', 'text', 'Of the schedule: an IANA name; default UTC.', html`placeholder="Europe/Paris" autocomplete="off"`)}
${input(state, 'Grace (seconds)', 'grace_seconds', 'number', html`min="1" max="2592000"`)}
</fieldset>`;
}
