import { html, type SafeHtml } from '../html.ts';
import { fmtBytes, fmtMs } from './layout.ts';
import { arr, num, obj, str } from './read-json.ts';

const PHASES = ['blocked', 'dns', 'connect', 'ssl', 'send', 'wait', 'receive'] as const;

export interface WaterfallRow {
  url: string;
  status: number | null;
  size: number | null;
  startMs: number;
  phases: Array<{ phase: (typeof PHASES)[number]; ms: number }>;
  totalMs: number;
}

/** One row per HAR entry, in start order, times relative to the first request. */
export function waterfallRows(har: unknown): WaterfallRow[] {
  const entries = arr(obj(obj(har).log).entries).map(obj);
  const starts = entries.map((e) => Date.parse(str(e.startedDateTime) ?? '') || 0);
  const t0 = Math.min(...starts);
  return entries
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
    .sort((a, b) => a.startMs - b.startMs);
}

export function waterfall(rows: WaterfallRow[]): SafeHtml {
  const end = Math.max(1, ...rows.map((r) => r.startMs + r.totalMs));
  const scale = (ms: number) => (ms / end) * 1000;
  const legend = html`<ul class="legend" aria-label="Phases">${PHASES.map(
    (p) => html`<li><svg aria-hidden="true" viewBox="0 0 10 10"><rect class="phase-${p}" width="10" height="10"/></svg>${p}</li>`,
  )}</ul>`;
  const body = rows.map((r) => {
    let x = scale(r.startMs);
    const rects = r.phases
      .filter((p) => p.ms > 0)
      .map((p) => {
        const rect = html`<rect class="phase-${p.phase}" x="${x.toFixed(1)}" width="${Math.max(1, scale(p.ms)).toFixed(1)}" height="10"/>`;
        x += scale(p.ms);
        return rect;
      });
    const label = `starts at ${fmtMs(r.startMs)}, takes ${fmtMs(r.totalMs)}: ${r.phases.filter((p) => p.ms > 0).map((p) => `${p.phase} ${fmtMs(p.ms)}`).join(', ')}`;
    return html`<tr><td class="url">${r.url}</td><td class="num">${r.status ?? '–'}</td><td class="num">${fmtBytes(r.size)}</td><td class="num">${fmtMs(r.totalMs)}</td>
<td><svg class="bar" viewBox="0 0 1000 10" preserveAspectRatio="none" role="img" aria-label="${label}">${rects}</svg></td></tr>`;
  });
  return html`${legend}<table class="waterfall"><caption class="meta">${rows.length} requests over ${fmtMs(end)}</caption>
<thead><tr><th scope="col">Request</th><th scope="col" class="num">Status</th><th scope="col" class="num">Size</th><th scope="col" class="num">Time</th><th scope="col">Timeline</th></tr></thead>
<tbody>${body}</tbody></table>`;
}
