import { html, type SafeHtml, utc } from '@pageprobe/test-kinds';
import { type Day, dayBarsView } from './day-bars-view.ts';
import { fmtPercent } from './format.ts';
import { type IncidentRow, incidentsView, type MonitorState } from './monitor-page.ts';
import { type MaintenanceRow, maintenanceView } from './maintenance-view.ts';
import { pageShell } from './page-shell.ts';
import { uptimeTone } from './thresholds.ts';

export type OverallState = 'operational' | 'maintenance' | 'partial_outage' | 'major_outage' | 'unknown';

export interface StatusMonitor {
  label: string;
  state: MonitorState;
  /** A maintenance window covers it now: being down then is no outage. */
  inMaintenance: boolean;
  uptime90d: number | null;
  days: Day[];
}

export interface StatusPageData {
  title: string;
  description: string | null;
  now: Date;
  monitors: StatusMonitor[];
  incidents: Array<IncidentRow & { label: string }>;
  /** Maintenance now and in the next 7 days, with the labels of the monitors it covers. */
  maintenance: MaintenanceRow[];
  links: { css: string; json: string };
}

/**
 * The page's overall state: an outage when any running monitor is down outside maintenance (major when
 * all are), maintenance when maintenance covers one now and nothing else is down, operational when none
 * is down, unknown when none has run. Paused monitors say nothing either way.
 */
export function overallState(monitors: Array<{ state: MonitorState; inMaintenance?: boolean }>): OverallState {
  const running = monitors.filter((m) => m.state === 'up' || m.state === 'down');
  if (!running.length) return 'unknown';
  const down = running.filter((m) => m.state === 'down' && !m.inMaintenance).length;
  if (down > 0) return down === running.length ? 'major_outage' : 'partial_outage';
  return running.some((m) => m.inMaintenance) ? 'maintenance' : 'operational';
}

const OVERALL: Record<OverallState, { text: string; cls: string }> = {
  operational: { text: 'All systems operational', cls: 'good' },
  maintenance: { text: 'Scheduled maintenance in progress', cls: 'neutral' },
  partial_outage: { text: 'Partial outage', cls: 'average' },
  major_outage: { text: 'Major outage', cls: 'poor' },
  unknown: { text: 'No checks yet', cls: 'neutral' },
};

const STATE_TEXT: Record<MonitorState, string> = {
  up: 'Operational',
  down: 'Down',
  paused: 'Paused',
  pending: 'No checks yet',
};

/** A team's public status page: only the labels it chose, never a target URL. */
export function statusPage(d: StatusPageData): SafeHtml {
  const overall = OVERALL[overallState(d.monitors)];
  return pageShell(
    d.title,
    d.links.css,
    html`<main>
<h1>${d.title}</h1>
${d.description ? html`<p>${d.description}</p>` : ''}
<p class="card overall ${overall.cls}">${overall.text}</p>
${maintenanceView(d.maintenance, d.now)}
<section aria-labelledby="monitors-h"><h2 id="monitors-h">Uptime over the last 90 days</h2>
${
  d.monitors.length
    ? d.monitors.map(
        (
          m,
          i,
        ) => html`<section class="card status-monitor" aria-labelledby="m${i}"><h3 id="m${i}"><span class="label">${m.label}</span> <span class="state ${m.inMaintenance ? 'neutral' : m.state === 'down' ? 'poor' : m.state === 'up' ? 'good' : 'neutral'}">${m.inMaintenance ? 'Under maintenance' : STATE_TEXT[m.state]}</span></h3>
${dayBarsView(m.days, 'check')}
<p class="meta"><span class="${uptimeTone(m.uptime90d)}-text">${fmtPercent(m.uptime90d)}</span> good checks over 90 days</p>
</section>`,
      )
    : html`<p>Nothing is monitored on this page yet.</p>`
}
</section>
${incidentsView(d.incidents, d.now, (i) => (i as IncidentRow & { label: string }).label)}
</main>
<footer>Updated ${utc(d.now)} · <a href="${d.links.json}">as JSON</a> · Status page by Pageprobe</footer>`,
    true,
  );
}
