import { html, type SafeHtml } from '@pageprobe/html';
import { utc } from '@pageprobe/test-kinds';
import { fmtDuration } from './format.ts';
import { markdownHtml } from './markdown.ts';
import { IMPACT_WORDS, type ImpactName, type IncidentStatusName, STATUS_WORDS } from './public-words.ts';

/** An incident people wrote (issue 58), as a status page shows it: only the labels of its page. */
export interface PageIncident {
  id: string;
  title: string;
  status: IncidentStatusName;
  impact: ImpactName | null;
  startedAt: Date;
  resolvedAt: Date | null;
  /** Its components that this page shows, by their labels there. */
  labels: string[];
  /** Newest first, as a reader wants them. Messages are Markdown. */
  updates: Array<{ status: IncidentStatusName; message: string; at: Date }>;
  postmortem: string | null;
  /** Its own page under the status page. */
  href: string;
}

const time = (at: Date) => html`<time datetime="${at.toISOString()}">${utc(at)}</time>`;

const impactChip = (impact: ImpactName | null, resolved: boolean) =>
  impact && !resolved ? html`<span class="state ${IMPACT_WORDS[impact].cls}">${IMPACT_WORDS[impact].text}</span>` : '';

const affects = (labels: string[]) => (labels.length ? html`<p class="meta">Affects ${labels.join(', ')}</p>` : '');

/** Its updates, newest first, each its status, what was said and when. */
export const updatesView = (i: PageIncident): SafeHtml =>
  html`<ol class="updates">${i.updates.map(
    (u) =>
      html`<li><p class="update-head"><strong>${STATUS_WORDS[u.status]}</strong> · ${time(u.at)}</p><div class="update-body">${markdownHtml(u.message)}</div></li>`,
  )}</ol>`;

/** The open incidents, leading the page; nothing when there is none. */
export function openIncidentsView(incidents: PageIncident[]): SafeHtml {
  if (!incidents.length) return html``;
  return html`<section aria-labelledby="open-h"><h2 id="open-h">Current incidents</h2>
${incidents.map(
  (
    i,
    n,
  ) => html`<article class="card incident open ${i.impact ? `impact-${IMPACT_WORDS[i.impact].cls}` : ''}" aria-labelledby="oi${n}">
<h3 id="oi${n}"><a href="${i.href}">${i.title}</a> ${impactChip(i.impact, false)}</h3>
${affects(i.labels)}
${updatesView(i)}
</article>`,
)}</section>`;
}

/** Resolved incidents, newest first: title, when and how long, linked to each one's page. */
export function pastIncidentsView(
  incidents: PageIncident[],
  more: string | null,
  heading = 'Past incidents',
): SafeHtml {
  return html`<section class="card" aria-labelledby="past-h"><h2 id="past-h">${heading}</h2>
${
  incidents.length
    ? html`<ul class="past-incidents">${incidents.map(
        (i) =>
          html`<li><a href="${i.href}">${i.title}</a> <span class="meta">${STATUS_WORDS[i.status]} · ${time(i.startedAt)}${
            i.resolvedAt ? ` · ${fmtDuration(i.resolvedAt.getTime() - i.startedAt.getTime())}` : ''
          }${i.labels.length ? ` · ${i.labels.join(', ')}` : ''}</span></li>`,
      )}</ul>`
    : html`<p>No incidents reported.</p>`
}
${more ? html`<p><a href="${more}">Incident history</a></p>` : ''}
</section>`;
}

/** One incident in full: its updates, and its postmortem once resolved. */
export function incidentArticle(i: PageIncident): SafeHtml {
  return html`<article class="card incident ${i.resolvedAt ? '' : 'open'}" aria-labelledby="incident-h">
<h1 id="incident-h">${i.title} ${impactChip(i.impact, i.resolvedAt !== null)}</h1>
<p class="meta">${STATUS_WORDS[i.status]} · began ${time(i.startedAt)}${
    i.resolvedAt
      ? html` · resolved ${time(i.resolvedAt)} after ${fmtDuration(i.resolvedAt.getTime() - i.startedAt.getTime())}`
      : ''
  }</p>
${affects(i.labels)}
${updatesView(i)}
${i.postmortem ? html`<section aria-labelledby="pm-h"><h2 id="pm-h">Postmortem</h2><div class="update-body">${markdownHtml(i.postmortem)}</div></section>` : ''}
</article>`;
}
