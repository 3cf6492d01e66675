import { html, type SafeHtml } from '@pageprobe/html';
import { fmtBytes, fmtMs, PHASE_NAMES, type Waterfall, type WaterfallRow } from '@pageprobe/test-kinds';
import { isThirdParty, siteOf } from './third-party.ts';

// The page's requests as one inline SVG (no script, no inline style: the CSP), a row each, with a
// table of the same rows in a <details> for whoever does not read the picture.

/** The drawing's units: the label column, then the time line, each row ROW high under the axis. */
export const GEOMETRY = { width: 1000, label: 300, row: 16, top: 46, right: 10 } as const;

export interface Milestone {
  name: string;
  ms: number;
}

export interface RowShape {
  y: number;
  thirdParty: boolean;
  bars: Array<{ phase: WaterfallRow['phases'][number]['phase']; x: number; width: number }>;
}

/** Where each row and phase falls: x in the drawing's units, times scaled to the latest end or milestone. */
export function waterfallGeometry(rows: WaterfallRow[], milestones: Milestone[], pageUrl: string) {
  const { width, label, row, top, right } = GEOMETRY;
  // reduce, not Math.max(...): a HAR can hold more entries than a call takes arguments.
  const end = [...rows.map((r) => r.startMs + r.totalMs), ...milestones.map((m) => m.ms)].reduce(
    (a, b) => Math.max(a, b),
    1,
  );
  const span = width - label - right;
  const x = (ms: number) => label + (ms / end) * span;
  const site = siteOf(pageUrl);
  const shapes: RowShape[] = rows.map((r, i) => {
    let at = r.startMs;
    const bars = r.phases
      .filter((p) => p.ms > 0)
      .map((p) => {
        const bar = { phase: p.phase, x: x(at), width: Math.max(1, (p.ms / end) * span) };
        at += p.ms;
        return bar;
      });
    // A request that took no measurable time still shows where it started.
    if (!bars.length) bars.push({ phase: 'wait', x: x(r.startMs), width: 1 });
    return { y: top + i * row, thirdParty: isThirdParty(r.url, site), bars };
  });
  return { end, height: top + rows.length * row + 4, x, rows: shapes };
}

/** A request's name as a network panel shows it: the path (another host's name before it), cut short. */
export function shortUrl(url: string, pageUrl: string, max = 42): string {
  if (!URL.canParse(url)) return url.slice(0, max);
  const u = new URL(url);
  const same = URL.canParse(pageUrl) && new URL(pageUrl).host === u.host;
  const name = `${same ? '' : u.host}${u.pathname}${u.search}`;
  return name.length > max ? `${name.slice(0, max - 1)}…` : name;
}

const f1 = (n: number) => n.toFixed(1);
const diamond = (x: number, y: number) =>
  html`<path class="third-party-mark" d="M${f1(x)} ${f1(y - 5)}l5 5-5 5-5-5z"/>`;

/** The waterfall of a HAR's rows with the page's milestones (FCP, LCP, DOMContentLoaded, load). */
export function waterfallView(waterfall: Waterfall, milestones: Milestone[], pageUrl: string): SafeHtml {
  const { rows, total } = waterfall;
  const g = waterfallGeometry(rows, milestones, pageUrl);
  const { width, label, row } = GEOMETRY;
  const rowsSvg = rows.map((r, i) => {
    const s = g.rows[i]!;
    const mid = s.y + row / 2;
    return html`<g class="req${s.thirdParty ? ' third-party' : ''}"><title>${r.url}${s.thirdParty ? ' (third party)' : ''}: starts at ${fmtMs(r.startMs)}, takes ${fmtMs(r.totalMs)}</title>
${i % 2 ? html`<rect class="stripe" x="0" y="${s.y}" width="${width}" height="${row}"/>` : ''}${s.thirdParty ? diamond(8, mid) : ''}<text x="18" y="${f1(mid)}" dominant-baseline="central">${shortUrl(r.url, pageUrl)}</text>
${s.bars.map((b) => html`<rect class="phase-${b.phase}" x="${f1(b.x)}" y="${s.y + 3}" width="${f1(b.width)}" height="${row - 6}"/>`)}</g>`;
  });
  const lines = milestones.map((m, i) => {
    const x = f1(g.x(m.ms));
    return html`<g class="milestone milestone-${i}"><line x1="${x}" x2="${x}" y1="${12 + (i % 3) * 10}" y2="${g.height}"/><text x="${x}" y="${9 + (i % 3) * 10}" text-anchor="${g.x(m.ms) > width - 60 ? 'end' : 'middle'}">${m.name}</text></g>`;
  });
  const swatch = (cls: string) =>
    html`<svg aria-hidden="true" focusable="false" viewBox="0 0 10 10" width="12" height="12"><rect class="${cls}" width="10" height="10"/></svg>`;
  const legend = html`<ul class="legend">${Object.entries(PHASE_NAMES).map(([p, name]) => html`<li>${swatch(`phase-${p}`)}${name}</li>`)}
<li><svg aria-hidden="true" focusable="false" viewBox="0 0 12 12" width="12" height="12"><path class="third-party-mark" d="M6 1l5 5-5 5-5-5z"/></svg>third-party request</li>
${milestones.map((m) => html`<li><span class="milestone-word">${m.name}</span> at ${fmtMs(m.ms)}</li>`)}</ul>`;
  const caption = `${rows.length}${total > rows.length ? ` of ${total}` : ''} requests over ${fmtMs(g.end)}`;
  const site = siteOf(pageUrl);
  return html`<h3 id="waterfall-title">Requests</h3>${legend}
<div class="scroll waterfall-scroll" role="region" tabindex="0" aria-labelledby="waterfall-title">
<svg class="waterfall" viewBox="0 0 ${width} ${g.height}" width="${width}" height="${g.height}" role="img" aria-label="Request waterfall: ${caption}, drawn; the same rows are in the table below">
<text class="axis" x="${label}" y="42">0</text><text class="axis" x="${width - 10}" y="42" text-anchor="end">${fmtMs(g.end)}</text>
${rowsSvg}${lines}</svg></div>
<details class="waterfall-table"><summary>The ${caption} as a table</summary>
<div class="scroll" role="region" tabindex="0" aria-label="Requests"><table><thead><tr><th scope="col">Request</th><th scope="col">Site</th><th scope="col">Status</th><th scope="col">Size</th><th scope="col">Starts</th><th scope="col">Takes</th><th scope="col">Phases</th></tr></thead><tbody>
${rows.map(
  (r) =>
    html`<tr><td><span title="${r.url}">${shortUrl(r.url, pageUrl)}</span></td><td>${isThirdParty(r.url, site) ? 'third party' : 'this site'}</td><td>${r.status === 0 ? 'failed' : String(r.status ?? '–')}</td><td>${fmtBytes(r.size)}</td><td>${fmtMs(r.startMs)}</td><td>${fmtMs(r.totalMs)}</td><td>${r.phases
      .filter((p) => p.ms > 0)
      .map((p) => `${PHASE_NAMES[p.phase]} ${fmtMs(p.ms)}`)
      .join(', ')}</td></tr>`,
)}</tbody></table></div></details>`;
}
