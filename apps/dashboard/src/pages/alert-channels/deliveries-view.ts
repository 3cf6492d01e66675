import type { alertChannels } from '@pageprobe/services';
import { html } from '@pageprobe/html';
import type { PageContext } from '../../http/page-context.ts';
import { listTable } from '../../views/list-table.ts';

type Deliveries = Awaited<ReturnType<typeof alertChannels.listDeliveries>>;

const EVENTS: Record<string, string> = {
  'alert_channel.test': 'Test message',
  'alert_channel.confirm': 'Confirmation mail',
  'alert_channel.failing': 'Another channel failing',
  'monitor.down': 'Monitor down',
  'monitor.recovered': 'Monitor recovered',
  'monitor.regressed': 'Monitor regressed',
  'monitor.paused': 'Monitor paused',
  'monitor.certificate_expiring': 'Certificate expiring',
  'monitor.field_regressed': 'Real users fare worse (field data)',
};
const when = (iso: string | null) => (iso ? iso.slice(0, 19).replace('T', ' ') : '');

/** A channel's messages, newest first, each with every attempt and the start of each answer; a page at a time. */
export function deliveriesTable(ctx: PageContext, channelId: string, { data, next_cursor }: Deliveries) {
  if (data.length === 0) return html`<p class="muted">No messages yet.</p>`;
  return html`${listTable(
    'Deliveries',
    [{ head: 'Sent' }, { head: 'Event' }, { head: 'State' }, { head: 'Attempts' }],
    data.map((d) => ({
      attrs: html`data-delivery="${d.id}"`,
      cells: [
        `${when(d.created_at)} UTC`,
        html`${EVENTS[d.event] ?? d.event}${d.monitor_id ? html` <a href="${ctx.href(`/monitors/${d.monitor_id}`)}">monitor</a>` : ''}`,
        { cls: `delivery-${d.state}`, content: d.state },
        d.attempts.length
          ? html`<ol class="attempts">${d.attempts.map(
              (a) =>
                html`<li>${when(a.started_at)}: ${a.status_code !== null ? `answered ${a.status_code}` : (a.error ?? 'no answer')} in ${a.duration_ms} ms${
                  a.response_snippet ? html`<br><code>${a.response_snippet.slice(0, 200)}</code>` : ''
                }</li>`,
            )}</ol>`
          : html`<span class="muted">none yet</span>`,
      ],
    })),
    'deliveries',
  )}
${next_cursor ? html`<p><a href="${ctx.href(`/alert-channels/${channelId}?cursor=${encodeURIComponent(next_cursor)}`)}">Older deliveries</a></p>` : ''}`;
}
