import { html, type SafeHtml } from '@pageprobe/html';
import { incidentArticle, type PageIncident, pastIncidentsView } from './incident-view.ts';
import { type StatusPageData, statusFooter, statusHeader, statusShell } from './status-page.ts';

// A status page's other pages (issue 58): each incident's own, and the history of them all, paged.

export function statusIncidentPage(d: StatusPageData, incident: PageIncident): SafeHtml {
  return statusShell(
    d,
    `${incident.title} · ${d.title}`,
    html`<main class="status">
${statusHeader(d, d.links.home)}
${incidentArticle(incident)}
<p><a href="${d.links.home}">Current status</a> · <a href="${d.links.history}">Incident history</a></p>
</main>
${statusFooter(d)}`,
  );
}

/** A page of the history, newest first; links to newer and older pages where there are any. */
export function statusHistoryPage(
  d: StatusPageData,
  incidents: PageIncident[],
  page: { number: number; newer: string | null; older: string | null },
): SafeHtml {
  return statusShell(
    d,
    `Incident history · ${d.title}`,
    html`<main class="status">
${statusHeader(d, d.links.home)}
<h1>Incident history${page.number > 1 ? `, page ${page.number}` : ''}</h1>
${pastIncidentsView(incidents, null, 'Resolved incidents, newest first')}
<nav class="pager" aria-label="Incident history pages">${page.newer ? html`<a href="${page.newer}" rel="prev">Newer incidents</a>` : ''} ${
      page.older ? html`<a href="${page.older}" rel="next">Older incidents</a>` : ''
    }</nav>
<p><a href="${d.links.home}">Current status</a></p>
</main>
${statusFooter(d)}`,
  );
}
