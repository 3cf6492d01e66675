import { html, type SafeHtml, UPTIME_METHODS } from '@pageprobe/test-kinds';
import type { FormState } from '../../views/form-errors.ts';
import { hinted, input, select, textarea } from './form-controls.ts';

// The monitor form's fields of issue 47's kinds: a check's request and expectations (uptime's method,
// body and content type, tcp's TLS, the expectations of all three), and a heartbeat's timing.

const EXPECT_HINT =
  'A JSON list, each failing one named in the alert. Uptime: [{"source": "status", "operator": "eq", "value": 200}, {"source": "json", "path": "$.status", "operator": "eq", "value": "ok"}, {"source": "body", "operator": "contains", "value": "Welcome"}]. TCP: [{"source": "response_time", "operator": "lt", "value": 500}]. DNS: [{"source": "answers", "operator": "contains", "value": "192.0.2.1"}].';

/** How a check asks and what its answer must show; `creating` adds what is fixed once made (TLS). */
export function checkRequestFields(state: FormState, creating: boolean): SafeHtml {
  return html`<fieldset><legend>Request and expectations (uptime, TCP, DNS)</legend>
${select(state, 'Method (uptime)', 'method', [['', 'GET (the default)'], ...UPTIME_METHODS.filter((m) => m !== 'GET').map((m): [string, string] => [m, m])])}
${textarea(state, 'Request body (uptime)', 'body', 'Sent as given with POST, PUT, PATCH, DELETE or OPTIONS; at most 64 KB.')}
${hinted(state, 'Content type (uptime)', 'content_type', 'text', 'Of the body; default text/plain; charset=utf-8.', html`placeholder="application/json"`)}
${creating ? html`<p><label class="check"><input type="checkbox" name="tls"${state.values.tls === 'on' ? html` checked` : ''}> TLS handshake (TCP): check the port’s certificate too</label></p>` : ''}
${textarea(state, 'Expectations (JSON)', 'expect', EXPECT_HINT, 4)}
</fieldset>`;
}

/** A heartbeat's timing: a period or a cron schedule in a time zone, and the grace a ping may be late by. */
export function heartbeatTimingFields(state: FormState): SafeHtml {
  return html`<fieldset><legend>Heartbeat (a job pings its URL)</legend>
<p class="hint">For the Heartbeat type only: the URL and interval above stay empty. Give a period, or a cron schedule instead; after the grace without a ping, it is down.</p>
${hinted(state, 'Period (seconds)', 'period_seconds', 'number', 'A ping is expected this often.', html`min="1" max="2592000"`)}
${hinted(state, 'Cron schedule', 'schedule', 'text', html`Instead of a period: five fields, e.g. <code>0 3 * * *</code> for 03:00 every day.`, html`spellcheck="false" autocomplete="off"`)}
${hinted(state, 'Time zone', 'time_zone', 'text', 'Of the schedule: an IANA name; default UTC.', html`placeholder="Europe/Paris" autocomplete="off"`)}
${input(state, 'Grace (seconds)', 'grace_seconds', 'number', html`min="1" max="2592000"`)}
</fieldset>`;
}
