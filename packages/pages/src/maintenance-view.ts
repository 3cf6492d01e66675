import { html, type SafeHtml } from '@pageprobe/html';
import { utc } from '@pageprobe/test-kinds';

/** A maintenance window's occurrence running now or coming, as a page shows it. */
export interface MaintenanceRow {
  name: string;
  start: Date;
  end: Date;
  /** The monitors it covers, by their labels (a status page); none on a monitor's own page. */
  labels?: string[];
}

/** Windows within this of now are listed as scheduled. */
export const MAINTENANCE_AHEAD_MS = 7 * 86_400_000;

/** Maintenance now and in the next 7 days; nothing at all when there is none. */
export function maintenanceView(rows: MaintenanceRow[], now: Date): SafeHtml {
  if (rows.length === 0) return html``;
  const item = (r: MaintenanceRow) => {
    const active = r.start <= now && now < r.end;
    const when = active
      ? html`<strong>Now</strong>, until <time datetime="${r.end.toISOString()}">${utc(r.end)}</time>`
      : html`<time datetime="${r.start.toISOString()}">${utc(r.start)}</time> to <time datetime="${r.end.toISOString()}">${utc(r.end)}</time>`;
    const labels = r.labels?.length ? html` · ${r.labels.join(', ')}` : '';
    return html`<li class="${active ? 'active' : 'scheduled'}"><span class="label">${r.name}</span>: ${when}${labels}</li>`;
  };
  return html`<section class="card maintenance" aria-labelledby="maintenance-h"><h2 id="maintenance-h">Maintenance</h2>
<p class="meta">Alerts are held during maintenance, and its checks count neither up nor down.</p>
<ul>${rows.map(item)}</ul></section>`;
}
