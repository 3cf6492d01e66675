import { html } from '@pageprobe/html';
import { Feed } from 'feed';
import { type PageIncident, updatesView } from './incident-view.ts';
import type { MaintenanceRow } from './maintenance-view.ts';
import { markdownText } from './markdown.ts';
import { IMPACT_WORDS, STATUS_WORDS } from './public-words.ts';
import type { StatusPageData } from './status-page.ts';

/**
 * A status page's Atom and RSS feeds (issue 58): its incidents, open and past, and its maintenance now
 * and coming. An incident's entry is updated with each of its updates (its id stays, so a reader shows
 * it again); maintenance has one entry per occurrence. Addresses are absolute, as feeds need.
 */
export function statusFeed(
  d: StatusPageData,
  incidents: PageIncident[],
  maintenance: MaintenanceRow[],
  format: 'atom' | 'rss',
): string {
  const latest = (i: PageIncident) => i.updates[0]?.at ?? i.startedAt;
  const updated = [...incidents.map(latest), ...maintenance.map((m) => m.start)].sort((a, b) => +b - +a)[0] ?? d.now;
  const feed = new Feed({
    id: d.links.home,
    title: `${d.title}: incidents and maintenance`,
    description: d.description ?? `Incidents and maintenance of ${d.teamName}`,
    link: d.links.home,
    updated,
    generator: 'Pageprobe',
    language: 'en',
    feedLinks: { atom: d.links.atom, rss: d.links.rss },
    ...(d.logoUrl ? { image: d.logoUrl } : {}),
    copyright: d.teamName,
  });
  for (const i of incidents) {
    const impact = i.impact && !i.resolvedAt ? ` (${IMPACT_WORDS[i.impact].text})` : '';
    feed.addItem({
      id: i.href,
      title: `${i.title}: ${STATUS_WORDS[i.status]}${impact}`,
      link: i.href,
      date: latest(i),
      published: i.startedAt,
      description: markdownText(i.updates[0]?.message ?? ''),
      content: html`${i.labels.length ? html`<p>Affects ${i.labels.join(', ')}</p>` : ''}${updatesView(i)}`.value,
    });
  }
  for (const m of maintenance) {
    const id = `${d.links.home}#maintenance-${m.start.toISOString()}-${encodeURIComponent(m.name)}`;
    feed.addItem({
      id,
      title: `Maintenance: ${m.name}`,
      link: id,
      date: m.start,
      description: `From ${m.start.toISOString()} to ${m.end.toISOString()}${m.labels?.length ? `, for ${m.labels.join(', ')}` : ''}.`,
    });
  }
  return format === 'atom' ? feed.atom1() : feed.rss2();
}
