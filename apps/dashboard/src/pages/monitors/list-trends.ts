import { html, type SafeHtml } from '@pageprobe/html';
import { type Trend, monitorTrends } from '@pageprobe/test-kinds';
import type { Hour } from './list-query.ts';

// A monitor's last day in the list (issue 60): a strip of its hours (up, degraded, down, no checks) and a
// sparkline of its kind's figure, as small inline SVGs drawn by the server. Each is an image whose <title>
// says in words what it shows, so a screen reader (and a test) reads the figures, not the pixels. The
// colors are classes (assets/css/20-list.css), so the dark theme and the CSP (no inline styles) hold.

type Cell = 'up' | 'degraded' | 'down' | 'none';
const CELL_WORDS: Record<Cell, string> = { up: 'up', degraded: 'degraded', down: 'down', none: 'without checks' };
/** Bad hours stand taller, so the strip reads without its colors too. */
const CELL_HEIGHT: Record<Cell, number> = { none: 2, up: 6, degraded: 9, down: 12 };
const STEP = 4;

/** An hour as the strip draws it: any failed check makes it down; else any degraded one, degraded. */
export const cellOf = (hour: Hour | null): Cell =>
  !hour || hour.n === 0 ? 'none' : hour.ok < hour.n ? 'down' : hour.degraded > 0 ? 'degraded' : 'up';

/** "Last 24 h: 23 hours up, 1 down". */
export function stripSummary(hours: Array<Hour | null>): string {
  const counts = new Map<Cell, number>();
  for (const h of hours) counts.set(cellOf(h), (counts.get(cellOf(h)) ?? 0) + 1);
  const parts = (['up', 'degraded', 'down', 'none'] as const)
    .filter((c) => counts.get(c))
    .map((c, i) => `${counts.get(c)}${i === 0 ? (counts.get(c) === 1 ? ' hour' : ' hours') : ''} ${CELL_WORDS[c]}`);
  return `Last ${hours.length} h: ${parts.join(', ')}`;
}

/** The strip: a bar an hour, oldest first, one path per kind of hour. */
export function hourStrip(hours: Array<Hour | null>): SafeHtml {
  const paths = new Map<Cell, string>();
  hours.forEach((h, i) => {
    const cell = cellOf(h);
    paths.set(cell, `${paths.get(cell) ?? ''}M${i * STEP + 1.5} 12v-${CELL_HEIGHT[cell]}`);
  });
  return html`<svg class="strip" viewBox="0 0 ${hours.length * STEP} 12" role="img"><title>${stripSummary(hours)}</title>${[
    ...paths,
  ].map(([cell, d]) => html`<path class="h-${cell}" d="${d}"/>`)}</svg>`;
}

const ms = (v: number) => (v >= 10_000 ? `${(v / 1000).toFixed(1)} s` : `${Math.round(v).toLocaleString('en')} ms`);

/** The sparkline's words: "Response time, last 24 h: 120 ms to 340 ms, latest 150 ms". */
export function sparkSummary(trend: Trend, values: number[], hours: number): string {
  const [lo, hi] = [Math.min(...values), Math.max(...values)];
  const range = lo === hi ? ms(lo) : `${ms(lo)} to ${ms(hi)}`;
  return `${trend.label}, last ${hours} h: ${range}, latest ${ms(values.at(-1)!)}`;
}

/** The kind's figure (its `trend`) hour by hour, a line broken where an hour has none; a dash when none has. */
export function sparkline(type: string, hours: Array<Hour | null>): SafeHtml {
  const trend = monitorTrends[type];
  const values = hours.flatMap((h) => (h?.value == null ? [] : [h.value]));
  if (!trend || !values.length) return html`<span class="muted">—</span>`;
  const [lo, hi] = [Math.min(...values), Math.max(...values)];
  const y = (v: number) => (hi === lo ? 10 : 19 - ((v - lo) / (hi - lo)) * 18).toFixed(1);
  let d = '';
  let drawing = false;
  hours.forEach((h, i) => {
    if (h?.value == null) drawing = false;
    else {
      d += `${drawing ? 'L' : 'M'}${i * STEP + 2} ${y(h.value)}${drawing ? '' : 'h0'}`;
      drawing = true;
    }
  });
  // Each stretch starts with a line of no length (h0): with round caps, a lone hour between gaps is a dot.
  return html`<svg class="spark" viewBox="0 0 ${hours.length * STEP} 20" role="img"><title>${sparkSummary(trend, values, hours.length)}</title><path d="${d}"/></svg>`;
}
