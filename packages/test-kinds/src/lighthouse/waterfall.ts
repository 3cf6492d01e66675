import { html, type SafeHtml } from '@pageprobe/html';
import { fmtBytes, fmtMs, plural } from '../report/format.ts';
import { arr, num, obj, str } from '../report/read-json.ts';

const PHASES = ['blocked', 'dns', 'connect', 'ssl', 'send', 'wait', 'receive'] as const;
type Phase = (typeof PHASES)[number];
/** Each HAR phase as the report and the dashboard name it. */
export const PHASE_NAMES: Record<Phase, string> = {
  blocked: 'queued',
  dns: 'DNS',
  connect: 'connect',
  ssl: 'TLS',
  send: 'send',
  wait: 'waiting for the server',
  receive: 'download',
};

export interface WaterfallRow {
  url: string;
  status: number | null;
  size: number | null;
  startMs: number;
  phases: Array<{ phase: Phase; ms: number }>;
  totalMs: number;
}

/** Rows a report draws; past it the page says how many there were and where the whole HAR is. */
export const MAX_WATERFALL_ROWS = 300;

export interface Waterfall {
  /** The first MAX_WATERFALL_ROWS requests by start time. */
  rows: WaterfallRow[];
  /** Requests in the HAR. */
  total: number;
  /** DOMContentLoaded and load, from the HAR's page, on the rows' time line. */
  marks: Array<{ name: string; ms: number }>;
}

/** One row per HAR entry, in start order, times relative to the first request. */
export function waterfallRows(har: unknown): Waterfall {
  const log = obj(obj(har).log);
  const entries = arr(log.entries).map(obj);
  // chrome-har's _requestTime (seconds, monotonic) is finer than startedDateTime (whole ms).
  const precise = entries.length > 0 && entries.every((e) => num(e._requestTime) !== null);
  const starts = entries.map((e) =>
    precise ? num(e._requestTime)! * 1000 : Date.parse(str(e.startedDateTime) ?? '') || 0,
  );
  const t0 = starts.reduce((a, b) => Math.min(a, b), Number.POSITIVE_INFINITY);
  const rows = entries
    .map((e, i) => {
      const timings = obj(e.timings);
      // HAR uses -1 for "does not apply"; ssl is included in connect, so connect is shown without it.
      const phases = PHASES.map((phase) => {
        let ms = Math.max(0, num(timings[phase]) ?? 0);
        if (phase === 'connect') ms = Math.max(0, ms - Math.max(0, num(timings.ssl) ?? 0));
        return { phase, ms };
      });
      const response = obj(e.response);
      const transferred = num(response._transferSize) ?? num(response.bodySize);
      return {
        url: str(obj(e.request).url) ?? '',
        status: num(response.status),
        size: transferred !== null && transferred >= 0 ? transferred : num(obj(response.content).size),
        startMs: starts[i]! - t0,
        phases,
        totalMs: Math.max(0, num(e.time) ?? phases.reduce((a, p) => a + p.ms, 0)),
      };
    })
    .sort((a, b) => a.startMs - b.startMs)
    .slice(0, MAX_WATERFALL_ROWS);

  const page = obj(arr(log.pages)[0]);
  const pageStart = Date.parse(str(page.startedDateTime) ?? '');
  const firstStart = entries.reduce(
    (a, e) => Math.min(a, Date.parse(str(e.startedDateTime) ?? '') || Number.POSITIVE_INFINITY),
    Number.POSITIVE_INFINITY,
  );
  const offset = Number.isFinite(pageStart) && Number.isFinite(firstStart) ? pageStart - firstStart : Number.NaN;
  const pageTimings = obj(page.pageTimings);
  const marks = [
    { name: 'DOMContentLoaded', at: num(pageTimings.onContentLoad) },
    { name: 'load', at: num(pageTimings.onLoad) },
  ].flatMap(({ name, at }) => (at !== null && at >= 0 && Number.isFinite(offset) ? [{ name, ms: at + offset }] : []));
  return { rows, total: entries.length, marks };
}

/** The tested page's own host is left out of its requests' names, as browsers' network panels do. */
function shortName(url: string, pageUrl: string): string {
  if (!URL.canParse(url)) return url;
  const u = new URL(url);
  const sameHost = URL.canParse(pageUrl) && new URL(pageUrl).host === u.host;
  const name = `${sameHost ? '' : u.host}${u.pathname}${u.search}`;
  return name.length > 70 ? `${name.slice(0, 69)}…` : name;
}

const statusClass = (status: number | null) =>
  status === null || status === 0 || status >= 400 ? 'poor' : status >= 300 ? 'average' : '';

export function waterfall({ rows, total, marks }: Waterfall, pageUrl: string): SafeHtml {
  // reduce, not Math.max(...): a HAR can hold more entries than a call takes arguments.
  const end = [...rows.map((r) => r.startMs + r.totalMs), ...marks.map((m) => m.ms)].reduce(
    (a, b) => Math.max(a, b),
    1,
  );
  const scale = (ms: number) => (ms / end) * 1000;
  const markLines = marks.map(
    (m) =>
      html`<line class="mark-${m.name.toLowerCase()}" x1="${scale(m.ms).toFixed(1)}" x2="${scale(m.ms).toFixed(1)}" y1="0" y2="10"/>`,
  );
  const swatch = (cls: string) =>
    html`<svg aria-hidden="true" viewBox="0 0 10 10"><rect class="${cls}" width="10" height="10"/></svg>`;
  const legend = html`<ul class="legend" aria-label="Phases">${PHASES.map((p) => html`<li>${swatch(`phase-${p}`)}${PHASE_NAMES[p]}</li>`)}${marks.map(
    (m) => html`<li>${swatch(`mark-${m.name.toLowerCase()}`)}${m.name} at ${fmtMs(m.ms)}</li>`,
  )}</ul>`;
  const body = rows.map((r) => {
    let x = scale(r.startMs);
    const shown = r.phases.filter((p) => p.ms > 0);
    const rects = shown.map((p) => {
      const rect = html`<rect class="phase-${p.phase}" x="${x.toFixed(1)}" width="${Math.max(2, scale(p.ms)).toFixed(1)}" height="10"/>`;
      x += scale(p.ms);
      return rect;
    });
    // A request that took no measurable time still gets a sliver, so every row shows where it started.
    if (rects.length === 0) rects.push(html`<rect class="phase-wait" x="${x.toFixed(1)}" width="2" height="10"/>`);
    const label = `starts at ${fmtMs(r.startMs)}, takes ${fmtMs(r.totalMs)}${shown.length ? `: ${shown.map((p) => `${PHASE_NAMES[p.phase]} ${fmtMs(p.ms)}`).join(', ')}` : ''}`;
    const status = r.status === 0 ? 'failed' : String(r.status ?? '–');
    return html`<tr><td class="url"><span title="${r.url}">${shortName(r.url, pageUrl)}</span><span class="compact meta"> ${status} · ${fmtBytes(r.size)} · ${fmtMs(r.totalMs)}</span></td>
<td class="num wide"><span class="${statusClass(r.status)}">${status}</span></td><td class="num wide">${fmtBytes(r.size)}</td><td class="num wide">${fmtMs(r.totalMs)}</td>
<td class="timeline"><svg class="bar" viewBox="0 0 1000 10" preserveAspectRatio="none" role="img" aria-label="${label}">${markLines}${rects}</svg></td></tr>`;
  });
  const shown =
    total > rows.length
      ? `The first ${rows.length} of ${plural(total, 'request')} (the whole list is in the HAR file)`
      : plural(rows.length, 'request');
  return html`${legend}<table class="waterfall"><caption class="meta">${shown}, ${fmtBytes(rows.reduce((a, r) => a + Math.max(0, r.size ?? 0), 0))} over ${fmtMs(end)}</caption>
<thead><tr><th scope="col">Request</th><th scope="col" class="num wide">Status</th><th scope="col" class="num wide">Size</th><th scope="col" class="num wide">Time</th><th scope="col" class="timeline"><span class="visually-hidden">Timeline, </span>0 – ${fmtMs(end)}</th></tr></thead>
<tbody>${body}</tbody></table>`;
}
