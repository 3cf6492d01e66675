import { html, type SafeHtml } from '@pageprobe/html';
import { utc } from '@pageprobe/test-kinds';
import { BADGES, type BadgeName } from './badge.ts';
import { type ChartSpec, chartView } from './chart.ts';
import { type Day, dayBarsView } from './day-bars-view.ts';
import { fmtDuration, fmtPercent, words } from './format.ts';
import { type MaintenanceRow, maintenanceView } from './maintenance-view.ts';
import { pageShell } from './page-shell.ts';
import { resultTone, stateShape, type Tone } from './state-shape.ts';
import { uptimeTone } from './thresholds.ts';

export const RANGES = { '24h': '24 h', '7d': '7 d', '30d': '30 d', '90d': '90 d', '1y': '1 y' } as const;
export type RangeName = keyof typeof RANGES;

/** A monitor's state: each is a tone of its own (`state-shape.ts`). */
export type MonitorState = Tone;

export interface RunRow {
  at: Date;
  /** Good or not; null while it runs. */
  ok: boolean | null;
  /** Its figures in words: `200 · 123 ms`, `Performance 87`. */
  figures: string;
  /** Why it failed, as stored (`timeout`); null for a good run. */
  reason: string | null;
  /** Its test's report, where the run is a test. */
  reportHref: string | null;
}

export interface IncidentRow {
  startedAt: Date;
  endedAt: Date | null;
  reason: string;
}

export interface AlertRow {
  at: Date;
  event: string;
  reason: string;
  /** Where its deliveries stand ("callback: delivered · Ops Slack: pending"), null when it had none. */
  delivery: string | null;
  /** Why it was recorded but not sent ("maintenance: Deploy"), or null. */
  held: string | null;
}

export interface MonitorPageData {
  kindTitle: string;
  /** What it watches: the URL (host:port, DNS query) it checks, or a heartbeat's name (its url is a placeholder). */
  url: string;
  state: MonitorState;
  pausedReason: string | null;
  intervalSeconds: number;
  /** How often it runs in words, where its kind says it better than `every <interval>` (a heartbeat's period). */
  cadence: string | null;
  /** Facts its kind shows beside the state (a heartbeat's schedule and last ping), as label and text. */
  facts: ReadonlyArray<readonly [string, string]>;
  /** The word for one run: `check` (uptime) or `test`. */
  runWord: string;
  now: Date;
  range: RangeName;
  /** The ranges its plan's retention covers. */
  ranges: RangeName[];
  uptime: Record<'24h' | '7d' | '30d' | '90d', number | null>;
  days: Day[];
  charts: ChartSpec[];
  /**
   * Field data beside the charts (issue 48), in a sentence: whose figures the field lines are, or why
   * there are none. Null for a kind without field data.
   */
  fieldNote: string | null;
  incidents: IncidentRow[];
  /** Maintenance now and in the next 7 days. */
  maintenance: MaintenanceRow[];
  /** Where it checks from (issue 32), each with its state; null: the default location alone. */
  locations: LocationRow[] | null;
  alerts: AlertRow[];
  runs: RunRow[];
  badges: Array<{ name: BadgeName; url: string }>;
  links: { css: string; json: string; self: string };
}

export interface LocationRow {
  location: string;
  state: 'up' | 'down' | 'not_reporting' | 'waiting';
  lastCheckAt: string | null;
  uptime24h: number | null;
}

const LOCATION_WORDS: Record<LocationRow['state'], { text: string; cls: string; tone: Tone }> = {
  up: { text: 'Up', cls: 'good', tone: 'up' },
  down: { text: 'Failing', cls: 'poor', tone: 'down' },
  not_reporting: { text: 'Not reporting', cls: 'neutral', tone: 'paused' },
  waiting: { text: 'No check yet', cls: 'neutral', tone: 'pending' },
};

/** Each location's state: a location not reporting is said so, and does not count as failing. */
function locationsView(rows: LocationRow[] | null): SafeHtml {
  if (!rows) return html``;
  return html`<table class="locations"><caption>Locations</caption><thead><tr><th scope="col">Location</th><th scope="col">State</th><th scope="col">Last check</th><th scope="col" class="num">Uptime, 24 h</th></tr></thead><tbody>${rows.map(
    (r) =>
      html`<tr><td>${r.location}</td><td class="${LOCATION_WORDS[r.state].cls}">${stateShape(LOCATION_WORDS[r.state].tone)}${LOCATION_WORDS[r.state].text}</td><td>${r.lastCheckAt ? utc(new Date(r.lastCheckAt)) : '—'}</td><td class="num">${fmtPercent(r.uptime24h)}</td></tr>`,
  )}</tbody></table>`;
}

const STATE_WORDS: Record<MonitorState, { text: string; cls: string }> = {
  up: { text: 'Up', cls: 'good' },
  degraded: { text: 'Degraded', cls: 'average' },
  down: { text: 'Down', cls: 'poor' },
  paused: { text: 'Paused', cls: 'neutral' },
  pending: { text: 'No run yet', cls: 'neutral' },
};

const every = (s: number) => (s % 3600 === 0 ? `${s / 3600} h` : s % 60 === 0 ? `${s / 60} min` : `${s} s`);

/** A monitor's page: its state, 90 days of bars, charts over a range, incidents, alerts and runs. */
export function monitorPage(d: MonitorPageData): SafeHtml {
  return pageShell(
    `Monitor of ${d.url}`,
    d.links.css,
    html`<header class="top"><span class="brand">Pageprobe</span><a href="${d.links.json}">This monitor as JSON (API key needed)</a></header>
<main>
<h1>${d.url}</h1>
${monitorSections(d)}
</main>
<footer>Monitor page by Pageprobe. Anyone with this page's link sees all of it: the monitored URL, the alerts sent and the reports of its runs. Share it as you would those; a new link (<code>POST /api/v1/monitors/{id}/rotate-token</code>) closes the old one.</footer>`,
  );
}

/**
 * What a monitor's page shows under its title: the public page's, and the dashboard's monitor page frames
 * the same (issue 46). `copy` adds a copy button to the badges' Markdown (the dashboard runs a script);
 * `figuresHref` links each chart's figures instead of inlining them, `figuresOpen` shows them open (chartView).
 */
export function monitorSections(
  d: MonitorPageData,
  {
    copy = false,
    figuresHref,
    figuresOpen = false,
  }: { copy?: boolean; figuresHref?: ((chartId: string) => string) | undefined; figuresOpen?: boolean } = {},
): SafeHtml {
  const state = STATE_WORDS[d.state];
  const latest = d.runs[0];
  return html`<p class="meta">${d.kindTitle} monitor · ${d.cadence ?? `every ${every(d.intervalSeconds)}`} · as of ${utc(d.now)}</p>
<section class="card summary" aria-label="Current state">
<p class="state ${state.cls}">${stateShape(d.state)}${state.text}${d.state === 'paused' && d.pausedReason ? html` <span class="detail">(${words(d.pausedReason)})</span>` : ''}</p>
${d.facts.length ? html`<dl class="facts">${d.facts.map(([label, text]) => html`<dt>${label}</dt><dd>${text}</dd>`)}</dl>` : ''}
<ul class="tiles">${(Object.keys(d.uptime) as Array<keyof typeof d.uptime>).map(
    (w) =>
      html`<li class="tile ${uptimeTone(d.uptime[w])}"><span class="value">${fmtPercent(d.uptime[w])}</span> <span class="label">good ${d.runWord}s, ${RANGES[w]}</span></li>`,
  )}</ul>
${locationsView(d.locations)}
${latest ? html`<p>Latest ${d.runWord}: ${stateShape(resultTone(latest.ok))}${latest.ok === null ? 'running' : latest.ok ? 'good' : html`<strong>failed</strong>`}, ${utc(latest.at)} · ${latest.figures}${latest.reason ? ` · ${words(latest.reason)}` : ''}${latest.reportHref ? html` · <a href="${latest.reportHref}">its report</a>` : ''}</p>` : ''}
</section>
<section class="card" aria-labelledby="days-h"><h2 id="days-h">The last ${d.days.length} days</h2>
${dayBarsView(d.days, d.runWord)}
</section>
<section class="card" aria-labelledby="charts-h"><h2 id="charts-h">Over ${RANGES[d.range]}</h2>
<nav class="ranges" aria-label="Range">${d.ranges.map((r) =>
    r === d.range
      ? html`<a aria-current="page" href="${d.links.self}?range=${r}">${RANGES[r]}</a>`
      : html`<a href="${d.links.self}?range=${r}">${RANGES[r]}</a>`,
  )}</nav>
${d.fieldNote ? html`<p class="field-note" id="field-note">${d.fieldNote}</p>` : ''}
${d.charts.filter((c) => !c.group).map((c) => chartView(c, { figuresHref: figuresHref?.(c.id), figuresOpen }))}
${chartGroups(d.charts, (c) => chartView(c, { figuresHref: figuresHref?.(c.id), figuresOpen }))}
</section>
${maintenanceView(d.maintenance, d.now)}
${incidentsView(d.incidents, d.now)}
${alertsView(d.alerts)}
${runsView(d.runs, d.runWord)}
${badgesView(d.badges, copy)}`;
}

/** Charts of a group (a browser monitor's steps), each group under its name, side by side when wide. */
function chartGroups(charts: ChartSpec[], view: (c: ChartSpec) => SafeHtml): SafeHtml[] {
  const groups = [...new Set(charts.flatMap((c) => (c.group ? [c.group] : [])))];
  return groups.map(
    (group, i) => html`<h3 id="chart-group-${i}">${group}</h3>
<div class="chart-group" role="group" aria-labelledby="chart-group-${i}">${charts.filter((c) => c.group === group).map(view)}</div>`,
  );
}

export function incidentsView(
  incidents: IncidentRow[],
  now: Date,
  label?: (i: IncidentRow) => string,
  heading = 'Incidents',
): SafeHtml {
  return html`<section class="card" aria-labelledby="incidents-h"><h2 id="incidents-h">${heading}</h2>
${
  incidents.length
    ? html`<table class="incidents"><thead><tr>${label ? html`<th scope="col">Monitor</th>` : ''}<th scope="col">Started</th><th scope="col">Ended</th><th scope="col" class="num">Length</th><th scope="col">Reason</th></tr></thead><tbody>${incidents.map(
        (i) =>
          html`<tr>${label ? html`<td data-label="Monitor">${label(i)}</td>` : ''}<td data-label="Started"><time datetime="${i.startedAt.toISOString()}">${utc(i.startedAt)}</time></td><td data-label="Ended">${i.endedAt ? html`<time datetime="${i.endedAt.toISOString()}">${utc(i.endedAt)}</time>` : html`<strong>ongoing</strong>`}</td><td class="num" data-label="Length" data-ms="${(i.endedAt ?? now).getTime() - i.startedAt.getTime()}">${fmtDuration((i.endedAt ?? now).getTime() - i.startedAt.getTime())}${i.endedAt ? '' : ' so far'}</td><td data-label="Reason">${words(i.reason)}</td></tr>`,
      )}</tbody></table>`
    : html`<p>No incidents.</p>`
}
</section>`;
}

function alertsView(alerts: AlertRow[]): SafeHtml {
  if (!alerts.length) return html``;
  return html`<section class="card" aria-labelledby="alerts-h"><h2 id="alerts-h">Alerts sent</h2>
<table><thead><tr><th scope="col">When</th><th scope="col">Event</th><th scope="col">Reason</th><th scope="col">Sent to</th></tr></thead><tbody>${alerts.map(
    (a) =>
      html`<tr><td>${utc(a.at)}</td><td><code>${a.event}</code></td><td>${words(a.reason)}</td><td>${a.held ? `held (${a.held})` : (a.delivery ?? 'nowhere: no callback URL or channel')}</td></tr>`,
  )}</tbody></table></section>`;
}

function runsView(runs: RunRow[], runWord: string): SafeHtml {
  // Uptime checks have no report of their own: no column for them.
  const reports = runs.some((r) => r.reportHref);
  return html`<section class="card" aria-labelledby="runs-h"><h2 id="runs-h">Latest ${runWord}s</h2>
${
  runs.length
    ? html`<table class="latest"><thead><tr><th scope="col">When</th><th scope="col">Result</th><th scope="col">Figures</th>${reports ? html`<th scope="col">Report</th>` : ''}</tr></thead><tbody>${runs.map(
        (r) =>
          html`<tr><td>${utc(r.at)}</td><td class="${r.ok === null ? '' : r.ok ? 'good' : 'poor'}">${stateShape(resultTone(r.ok))}${r.ok === null ? 'running' : r.ok ? 'good' : `failed${r.reason ? `: ${words(r.reason)}` : ''}`}</td><td>${r.figures}</td>${reports ? html`<td>${r.reportHref ? html`<a href="${r.reportHref}">report</a>` : '–'}</td>` : ''}</tr>`,
      )}</tbody></table>`
    : html`<p>No ${runWord}s yet.</p>`
}
</section>`;
}

/**
 * The badges and their Markdown. Their links carry a token of their own, which opens the badges and
 * nothing else, and the Markdown links them to nowhere: a README never hands out this page (issue 44).
 */
function badgesView(badges: MonitorPageData['badges'], copy = false): SafeHtml {
  const markdown = badges.map((b) => `![${BADGES[b.name].label}](${b.url})`).join('\n');
  return html`<section class="card" aria-labelledby="badges-h"><h2 id="badges-h">Badges</h2>
<p class="badges">${badges.map((b) => html`<img src="${b.url}" alt="${BADGES[b.name].label} badge" height="20">`)}</p>
<p>Markdown for a README. Badge links open the badges only, never this page: whoever reads the README sees the figures, not the URL, alerts or reports.</p>
<pre class="copy"><code id="badge-markdown">${markdown}</code></pre>${copy ? html`<button type="button" data-copy="badge-markdown" hidden>Copy Markdown</button>` : ''}
</section>`;
}
