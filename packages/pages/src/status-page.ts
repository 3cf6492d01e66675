import { html, type SafeHtml } from '@pageprobe/html';
import { utc } from '@pageprobe/test-kinds';
import { type Day, dayBarsView } from './day-bars-view.ts';
import { fmtPercent } from './format.ts';
import { openIncidentsView, type PageIncident, pastIncidentsView } from './incident-view.ts';
import { type MaintenanceRow, maintenanceView } from './maintenance-view.ts';
import { type IncidentRow, incidentsView, type MonitorState } from './monitor-page.ts';
import { pageShell } from './page-shell.ts';
import { IMPACT_WORDS, type ImpactName, reasonWords } from './public-words.ts';
import { subscribeView } from './subscription-pages.ts';
import { uptimeTone } from './thresholds.ts';

export type OverallState =
  | 'operational'
  | 'maintenance'
  | 'degraded_performance'
  | 'partial_outage'
  | 'major_outage'
  | 'unknown';

export interface StatusMonitor {
  label: string;
  state: MonitorState;
  /** Why it is down now (a stored reason code), said in public words; null when it is not. */
  reason?: string | null;
  /** A maintenance window covers it now: being down then is no outage. */
  inMaintenance: boolean;
  /** The worst impact an open incident gives it (issue 58); null: none. */
  impact?: ImpactName | null;
  uptime90d: number | null;
  days: Day[];
}

/** How the team's page looks (issue 58): its name, logo and accent color. */
export interface StatusPageLook {
  teamName: string;
  logoUrl: string | null;
  accentColor: string | null;
}

export interface StatusPageData extends StatusPageLook {
  title: string;
  description: string | null;
  now: Date;
  monitors: StatusMonitor[];
  /** Outages the monitors saw (90 days); `reason` in public words (reasonWords), `code` as stored. */
  incidents: Array<IncidentRow & { label: string; code: string }>;
  /** Incidents the team wrote: open ones, and the latest resolved ones. */
  openIncidents: PageIncident[];
  pastIncidents: PageIncident[];
  /** Maintenance now and in the next 7 days, with the labels of the monitors it covers. */
  maintenance: MaintenanceRow[];
  links: { home: string; css: string; json: string; atom: string; rss: string; history: string };
}

const IMPACT_RANK: Record<ImpactName, number> = { degraded_performance: 1, partial_outage: 2, major_outage: 3 };
const RANKED: OverallState[] = ['operational', 'degraded_performance', 'partial_outage', 'major_outage'];

/**
 * The page's overall state: an outage when any running monitor is down outside maintenance (major when
 * all are), maintenance when maintenance covers one now and nothing else is down, operational when none
 * is down, unknown when none has run. Paused monitors say nothing either way. An open incident the team
 * wrote makes it at least as bad as its impact says (issue 58).
 */
export function overallState(
  monitors: Array<{ state: MonitorState; inMaintenance?: boolean }>,
  impacts: Array<ImpactName | null> = [],
): OverallState {
  const worst = Math.max(0, ...impacts.map((i) => (i ? IMPACT_RANK[i] : 0)));
  const running = monitors.filter((m) => m.state === 'up' || m.state === 'degraded' || m.state === 'down');
  let seen: OverallState;
  if (!running.length) seen = 'unknown';
  else {
    const down = running.filter((m) => m.state === 'down' && !m.inMaintenance).length;
    if (down > 0) seen = down === running.length ? 'major_outage' : 'partial_outage';
    else if (running.some((m) => m.state === 'degraded' && !m.inMaintenance)) seen = 'degraded_performance';
    else seen = running.some((m) => m.inMaintenance) ? 'maintenance' : 'operational';
  }
  const seenRank = RANKED.indexOf(seen);
  return worst > Math.max(seenRank, 0) ? RANKED[worst]! : seen;
}

const OVERALL: Record<OverallState, { text: string; cls: string }> = {
  operational: { text: 'All systems operational', cls: 'good' },
  maintenance: { text: 'Scheduled maintenance in progress', cls: 'neutral' },
  degraded_performance: { text: 'Degraded performance', cls: 'average' },
  partial_outage: { text: 'Partial outage', cls: 'average' },
  major_outage: { text: 'Major outage', cls: 'poor' },
  unknown: { text: 'No checks yet', cls: 'neutral' },
};

/** What a component says of itself, in public words, and its tone. */
export function componentState(m: StatusMonitor): { text: string; cls: string } {
  if (m.inMaintenance) return { text: 'Under maintenance', cls: 'neutral' };
  if (m.state === 'down') return { text: reasonWords(m.reason), cls: 'poor' };
  if (m.impact) return IMPACT_WORDS[m.impact];
  if (m.state === 'degraded') return IMPACT_WORDS.degraded_performance;
  if (m.state === 'up') return { text: 'Operational', cls: 'good' };
  return { text: m.state === 'paused' ? 'Not monitored now' : 'No checks yet', cls: 'neutral' };
}

/** The accent color's rule: the page's one inline style, allowed by its hash in the page's CSP. */
export const accentCss = (color: string) => `:root{--accent:${color}}`;

/** The page's head: the team's logo and name over the page's title. */
export const statusHeader = (d: StatusPageLook & { title: string }, home?: string): SafeHtml =>
  html`<header class="status-head">${d.logoUrl ? html`<img class="logo" src="${d.logoUrl}" alt="${d.teamName}" height="40">` : ''}<div><p class="team">${d.teamName}</p>${
    home ? html`<p class="page-title"><a href="${home}">${d.title}</a></p>` : html`<h1>${d.title}</h1>`
  }</div></header>`;

/** A status page's whole document: its look, its feeds in the head, the body given. */
export const statusShell = (d: StatusPageData, title: string, body: SafeHtml): SafeHtml =>
  pageShell(
    title,
    d.links.css,
    body,
    true,
    html`<link rel="alternate" type="application/atom+xml" title="${d.title}: incidents" href="${d.links.atom}">
<link rel="alternate" type="application/rss+xml" title="${d.title}: incidents" href="${d.links.rss}">
${d.accentColor ? html`<style>${accentCss(d.accentColor)}</style>` : ''}`,
  );

export const statusFooter = (d: StatusPageData): SafeHtml =>
  html`<footer>Updated ${utc(d.now)} · <a href="${d.links.atom}">Atom feed</a> · <a href="${d.links.rss}">RSS feed</a> · <a href="${d.links.json}">as JSON</a> · Status page by Pageprobe</footer>`;

/** A team's public status page: only the labels it chose, never a target URL. */
export function statusPage(d: StatusPageData): SafeHtml {
  const overall =
    OVERALL[
      overallState(
        d.monitors,
        d.openIncidents.map((i) => i.impact),
      )
    ];
  return statusShell(
    d,
    d.title,
    html`<main class="status">
${statusHeader(d)}
${d.description ? html`<p>${d.description}</p>` : ''}
<p class="card overall ${overall.cls}">${overall.text}</p>
${openIncidentsView(d.openIncidents)}
${maintenanceView(d.maintenance, d.now)}
<section aria-labelledby="monitors-h"><h2 id="monitors-h">Uptime over the last 90 days</h2>
${
  d.monitors.length
    ? d.monitors.map((m, i) => {
        const state = componentState(m);
        return html`<section class="card status-monitor" aria-labelledby="m${i}"><h3 id="m${i}"><span class="label">${m.label}</span> <span class="state ${state.cls}">${state.text}</span></h3>
${dayBarsView(m.days, 'check')}
<p class="meta"><span class="${uptimeTone(m.uptime90d)}-text">${fmtPercent(m.uptime90d)}</span> good checks over 90 days</p>
</section>`;
      })
    : html`<p>Nothing is monitored on this page yet.</p>`
}
</section>
${pastIncidentsView(d.pastIncidents, d.links.history)}
${incidentsView(d.incidents, d.now, (i) => (i as IncidentRow & { label: string }).label, 'Outages our checks saw')}
${subscribeView(d)}
</main>
${statusFooter(d)}`,
  );
}
