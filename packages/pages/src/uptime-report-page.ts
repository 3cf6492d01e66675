import { html, type SafeHtml } from '@pageprobe/html';
import { fmtDuration, fmtPercent } from './format.ts';
import { pageShell } from './page-shell.ts';
import { reasonWords } from './public-words.ts';
import { uptimeTone } from './thresholds.ts';

// The printable uptime report (issue 58 item 6): a monitor's or a status page's month (or range), as a
// page that prints on A4 as it shows. Each line's uptime is drawn as a meter beside its figure.

export interface ReportFiguresView {
  checks: { total: number; up: number; down: number; degraded: number };
  uptime_percent: number | null;
  degraded_percent: number | null;
  downtime_seconds: number;
  recovery: { recovered: number; mean_seconds: number | null; longest_seconds: number | null };
}

export interface UptimeReportView {
  title: string;
  subtitle: string;
  from: string;
  to: string;
  /** The whole (a page: all its components together). */
  total: ReportFiguresView & { incident_count: number };
  /** One line each (a page's components; a monitor: none). */
  lines: Array<ReportFiguresView & { name: string; incident_count: number }>;
  incidents: Array<{
    name: string;
    started_at: string;
    ended_at: string | null;
    duration_seconds: number;
    reason: string;
  }>;
  links: { css: string; csv: string | null; previous: string; next: string | null };
}

const day = (iso: string) => iso.slice(0, 10);
const seconds = (s: number | null) => (s === null ? '–' : fmtDuration(s * 1000));

/**
 * An uptime percentage as text and as a meter (a native element: no script, no inline style) from 95 %
 * to 100 %: the differences that matter show, and anything under 95 % reads as empty.
 */
const uptimeCell = (p: number | null) =>
  html`<td class="num"><meter min="95" max="100" low="99" high="99.9" optimum="100" value="${p ?? 95}" aria-hidden="true"></meter> <span class="${uptimeTone(p)}-text">${fmtPercent(p)}</span></td>`;

const figuresRow = (name: string, f: ReportFiguresView & { incident_count: number }, strong = false) =>
  html`<tr${strong ? html` class="total"` : ''}><th scope="row">${name}</th>${uptimeCell(f.uptime_percent)}<td class="num">${fmtPercent(f.degraded_percent)}</td><td class="num">${f.checks.total.toLocaleString('en-US')}</td><td class="num">${f.incident_count}</td><td class="num">${seconds(f.downtime_seconds)}</td><td class="num">${seconds(f.recovery.mean_seconds)}</td><td class="num">${seconds(f.recovery.longest_seconds)}</td></tr>`;

export function uptimeReportPage(r: UptimeReportView): SafeHtml {
  const lastDay = new Date(Date.parse(r.to) - 1).toISOString();
  return pageShell(
    `${r.title}: uptime report`,
    r.links.css,
    html`<main class="uptime-report">
<p class="meta">${r.subtitle}</p>
<h1>${r.title}: uptime ${day(r.from)} to ${day(lastDay)}</h1>
<nav class="pager noprint" aria-label="Report periods"><a href="${r.links.previous}" rel="prev">Previous month</a>${r.links.csv ? html` <a href="${r.links.csv}">CSV</a>` : ''}${
      r.links.next ? html` <a href="${r.links.next}" rel="next">Next month</a>` : ''
    }</nav>
<section class="card" aria-labelledby="summary-h"><h2 id="summary-h">Summary</h2>
<div class="scroll" role="region" tabindex="0" aria-label="Figures by service"><table class="report-figures"><thead><tr><th scope="col">Service</th><th scope="col" class="num">Uptime</th><th scope="col" class="num">Degraded</th><th scope="col" class="num">Checks</th><th scope="col" class="num">Incidents</th><th scope="col" class="num">Downtime</th><th scope="col" class="num">Mean time to recover</th><th scope="col" class="num">Longest</th></tr></thead>
<tbody>${r.lines.map((l) => figuresRow(l.name, l))}${figuresRow(r.lines.length ? 'All' : r.title, r.total, true)}</tbody></table></div>
<p class="meta">Uptime is the share of good checks (degraded ones are good, and counted apart), maintenance left out. Time to recover counts incidents that ended in the period.</p>
</section>
<section class="card" aria-labelledby="incidents-h"><h2 id="incidents-h">Incidents</h2>
${
  r.incidents.length
    ? html`<div class="scroll" role="region" tabindex="0" aria-label="Incidents by service"><table><thead><tr>${r.lines.length ? html`<th scope="col">Service</th>` : ''}<th scope="col">Started</th><th scope="col">Ended</th><th scope="col" class="num">Length in the period</th><th scope="col">Cause</th></tr></thead><tbody>${r.incidents.map(
        (i) =>
          html`<tr>${r.lines.length ? html`<td>${i.name}</td>` : ''}<td>${i.started_at.slice(0, 16).replace('T', ' ')} UTC</td><td>${i.ended_at ? `${i.ended_at.slice(0, 16).replace('T', ' ')} UTC` : 'ongoing'}</td><td class="num">${seconds(i.duration_seconds)}</td><td>${reasonWords(i.reason)}</td></tr>`,
      )}</tbody></table></div>`
    : html`<p>No incidents in this period.</p>`
}
</section>
</main>`,
  );
}

/** The month before and after a month's report (`2026-11`), the next only once it has begun. */
export function neighbourMonths(from: string, now: Date): { previous: string; next: string | null } {
  const d = new Date(from);
  const previous = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - 1, 1));
  const next = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1));
  return { previous: previous.toISOString().slice(0, 7), next: next <= now ? next.toISOString().slice(0, 7) : null };
}
