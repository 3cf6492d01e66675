import { scaleLinear, scaleUtc } from 'd3-scale';
import { area, curveLinear, curveStepAfter, line, stack } from 'd3-shape';
import { html, type SafeHtml } from '@pageprobe/html';
import { type ChartUnit, fmtMs, utc } from '@pageprobe/test-kinds';
import { fmtCount } from './format.ts';

/** How a chart's figures read: the kinds declare their charts' units (`monitor.page.charts`). */
export type Unit = ChartUnit;

export interface ChartSeries {
  /** The series metric (GET /monitors/{id}/series?metric=…). */
  metric: string;
  /** The series' `source` (issue 48): the monitor's runs, or real users' (CrUX); its table cells say which. */
  source?: 'lab' | 'field';
  label: string;
  points: Array<{ at: Date; value: number }>;
  /**
   * Each value holds until the next (CrUX's weekly p75 of the 28 days before it, issue 48): drawn as
   * steps, the value in effect at the range's start carried into it and the last one held to its end.
   */
  step?: boolean;
}

/** Where a metric turns from good to needs improvement, and to poor (the Core Web Vitals thresholds). */
export interface Thresholds {
  good: number;
  poor: number;
}

export interface ChartSpec {
  id: string;
  title: string;
  unit: Unit;
  series: ChartSeries[];
  /** Areas stacked on each other (an uptime check's phases add up to its total) rather than lines. */
  stacked?: boolean;
  /** One of several alike (a chart a step): the page draws a group's charts together, smaller, under its name. */
  group?: string;
  /** Assertion budgets, drawn as dashed lines, labelled `label value`. */
  budgets?: Array<{ label: string; value: number }>;
  /** Moments marked across the chart (regressions). */
  marks?: Array<{ at: Date; label: string }>;
  /** Deploys (issue 62): a flag with its version across the chart at each. */
  deploys?: Array<{ at: Date; version: string; label: string }>;
  /** Drawn as lines labelled `good ≤ 2.5 s` and `poor > 4 s`, the bands between them tinted. */
  thresholds?: Thresholds;
  /** A sentence under the title: what a line is, in words (real users' latest p75 and its category). */
  note?: string;
  from: Date;
  to: Date;
}

export const fmtValue = (unit: Unit, v: number): string =>
  unit === 'ms'
    ? fmtMs(v)
    : unit === 'cls'
      ? v.toFixed(3)
      : unit === 'score'
        ? String(Math.round(v))
        : fmtCount(Math.round(v));

/** Coordinates to a tenth of a unit: paths stay short. */
const r1 = (v: number) => Math.round(v * 10) / 10;
const W = 640;
const H = 200;
// Room for the axes' figures at a phone's size too, where report.css draws them larger in these units
// (the chart fits the screen's width rather than scrolling sideways).
const M = { top: 18, right: 12, bottom: 34, left: 84 };
/**
 * Every other label of an axis with more than four ticks is minor: a phone, where report.css draws the
 * figures larger, shows only the others (the grid lines stay) so they do not run into each other.
 */
const minor = (i: number, count: number) => (count > 4 && i % 2 === 1 ? ' minor' : '');
/** The width of a lone moment's bar in a stacked chart. */
const LONE = 6;

/**
 * Where a chart's figures are: inline (a collapsed table after the chart), or, given `figuresHref`, on
 * another view of the page that link opens. The table is most of a chart's bytes (168 rows of five
 * figures at 7 days: 72 KB of a 120 KB page), which a phone downloads before it paints anything.
 */
export interface ChartOptions {
  figuresHref?: string | undefined;
  /** The table shown open: the view that link opens. */
  figuresOpen?: boolean;
}

/**
 * A chart drawn on the server as SVG: d3's scales and path generators, no script. Its figures follow it
 * in a table (collapsed), which is what a screen reader reads and what the chart's points are.
 */
export function chartView(spec: ChartSpec, { figuresHref, figuresOpen = false }: ChartOptions = {}): SafeHtml {
  const listed = spec.series.map((s) => listedPoints(s, spec.from, spec.to));
  if (listed.every((points) => points.length === 0)) {
    return html`<figure class="chart empty" id="${spec.id}"><figcaption><strong>${spec.title}</strong>${spec.note ? html`<span class="note">${spec.note}</span>` : ''}</figcaption><p class="meta">No runs in this range.</p></figure>`;
  }
  const x = scaleUtc()
    .domain([spec.from, spec.to])
    .range([M.left, W - M.right]);
  const times = [...new Set(listed.flatMap((points) => points.map((p) => p.at.getTime())))].sort((a, b) => a - b);
  const valueAt = listed.map((points) => new Map(points.map((p) => [p.at.getTime(), p.value])));
  const layers = spec.stacked
    ? stack<number>()
        .keys(spec.series.map((_, i) => String(i)))
        .value((t, key) => valueAt[Number(key)]!.get(t) ?? 0)(times)
    : [];
  const highest = Math.max(
    spec.unit === 'score' ? 100 : 0,
    ...(spec.stacked
      ? layers.flatMap((l) => l.map((d) => d[1]))
      : listed.flatMap((points) => points.map((p) => p.value))),
    ...(spec.budgets ?? []).map((b) => b.value),
    // Both thresholds show, so a line reads against all three bands.
    ...(spec.thresholds ? [spec.thresholds.poor * 1.15] : []),
  );
  const y = scaleLinear()
    .domain([0, highest || 1])
    .nice(4)
    .range([H - M.bottom, M.top]);
  const paths = spec.stacked
    ? layers.map((layer, i) => {
        // A lone moment has no width to fill (a new monitor's first hour): a narrow bar shows it, its
        // parts stacked as the areas would be.
        const band = times.length === 1 ? [-LONE / 2, LONE / 2] : [0];
        const d = area<{ p: (typeof layer)[number]; dx: number }>()
          .x(({ p, dx }) => r1(x(new Date(p.data)) + dx))
          .y0(({ p }) => r1(y(p[0])))
          .y1(({ p }) => r1(y(p[1])))(layer.flatMap((p) => band.map((dx) => ({ p, dx }))));
        return html`<path class="area s${i}" d="${d ?? ''}"><title>${spec.series[i]!.label}</title></path>`;
      })
    : spec.series.map((s, i) => {
        const drawn = s.step ? heldPoints(listed[i]!, spec.from, spec.to) : listed[i]!;
        const d = line<{ at: Date; value: number }>()
          .x((p) => r1(x(p.at)))
          .y((p) => r1(y(p.value)))
          .curve(s.step ? curveStepAfter : curveLinear)(drawn);
        // A lone point has no line: a dot shows it.
        const dot =
          drawn.length === 1
            ? html`<circle class="dot s${i}" r="3" cx="${x(drawn[0]!.at).toFixed(1)}" cy="${y(drawn[0]!.value).toFixed(1)}"/>`
            : '';
        return html`<path class="line s${i}${s.step ? ' step' : ''}" d="${d ?? ''}"><title>${s.label}</title></path>${dot}`;
      });
  const yTickValues = y.ticks(4);
  const yTicks = yTickValues.map(
    (t, i) =>
      html`<g class="tick${minor(i, yTickValues.length)}"><line x1="${M.left}" x2="${W - M.right}" y1="${y(t).toFixed(1)}" y2="${y(t).toFixed(1)}"/><text x="${M.left - 6}" y="${(y(t) + 4).toFixed(1)}" text-anchor="end">${fmtValue(spec.unit, t)}</text></g>`,
  );
  const xFormat = x.tickFormat(5);
  const xTickValues = x.ticks(5);
  const xTicks = xTickValues.map((t, i) => {
    // A label at the right edge ends at its tick rather than running off the chart.
    const anchor = x(t) > W - M.right - 40 ? 'end' : 'middle';
    return html`<text class="xtick${minor(i, xTickValues.length)}" x="${x(t).toFixed(1)}" y="${H - 6}" text-anchor="${anchor}">${xFormat(t)}</text>`;
  });
  const budgets = (spec.budgets ?? []).map(
    (b) =>
      html`<g class="budget"><line x1="${M.left}" x2="${W - M.right}" y1="${y(b.value).toFixed(1)}" y2="${y(b.value).toFixed(1)}"/><text x="${M.left + 4}" y="${(y(b.value) - 4).toFixed(1)}">${b.label} ${fmtValue(spec.unit, b.value)}</text></g>`,
  );
  const thresholds = spec.thresholds ? thresholdsView(spec.thresholds, y) : { bands: '', lines: '' };
  const marks = (spec.marks ?? [])
    .filter((m) => m.at >= spec.from && m.at <= spec.to)
    .map(
      (m) =>
        html`<g class="mark"><line x1="${x(m.at).toFixed(1)}" x2="${x(m.at).toFixed(1)}" y1="${M.top}" y2="${H - M.bottom}"/><circle cx="${x(m.at).toFixed(1)}" cy="${M.top + 4}" r="4"><title>${m.label} · ${utc(m.at)}</title></circle></g>`,
    );
  // A deploy is a flag with its version at the top (a square, where a regression is a circle).
  const deploys = (spec.deploys ?? [])
    .filter((d) => d.at >= spec.from && d.at <= spec.to)
    .map((d) => {
      const at = x(d.at).toFixed(1);
      return html`<g class="deploy"><line x1="${at}" x2="${at}" y1="${M.top}" y2="${H - M.bottom}"/><rect x="${(x(d.at) - 4).toFixed(1)}" y="${M.top - 8}" width="8" height="8"><title>${d.label} · ${utc(d.at)}</title></rect><text x="${(x(d.at) + 6).toFixed(1)}" y="${M.top - 1}">${d.version.slice(0, 16)}</text></g>`;
    });
  return html`<figure class="chart" id="${spec.id}">
<figcaption><strong>${spec.title}</strong>${legend(spec)}${spec.note ? html`<span class="note">${spec.note}</span>` : ''}</figcaption>
<svg viewBox="0 0 ${W} ${H}" role="img" aria-label="${ariaLabel(spec, listed, figuresHref !== undefined)}">
${thresholds.bands}${yTicks}${xTicks}${thresholds.lines}${paths}${budgets}${marks}${deploys}
</svg>
${figuresHref === undefined ? dataTable(spec, times, valueAt, figuresOpen) : html`<p class="figures-link"><a href="${figuresHref}">${spec.title}: the figures</a></p>`}
</figure>`;
}

function legend(spec: ChartSpec): SafeHtml | string {
  const deployed = spec.deploys?.some((d) => d.at >= spec.from && d.at <= spec.to) ?? false;
  if (spec.series.length < 2 && !spec.budgets?.length && !spec.marks?.length && !spec.thresholds && !deployed)
    return '';
  return html`<span class="legend">${spec.series.map((s, i) => html`<span class="key s${i}${s.step ? ' step' : ''}">${s.label}</span>`)}${spec.budgets?.length ? html`<span class="key budget">budget</span>` : ''}${spec.thresholds ? html`<span class="key threshold t-good">good ≤ ${fmtValue(spec.unit, spec.thresholds.good)}</span><span class="key threshold t-poor">poor &gt; ${fmtValue(spec.unit, spec.thresholds.poor)}</span>` : ''}${spec.marks?.length ? html`<span class="key mark">regression</span>` : ''}${deployed ? html`<span class="key deploy">deploy</span>` : ''}</span>`;
}

/**
 * The points a series lists (its table's rows, and what a line joins): those in [from, to], and, for a
 * stepped series, the one before `from` whose value holds at the range's start (a week's p75 stands
 * until the next, so a 24-hour range still shows the one in effect).
 */
function listedPoints(s: ChartSeries, from: Date, to: Date): ChartSeries['points'] {
  const inRange = s.points.filter((p) => p.at >= from && p.at <= to);
  if (!s.step) return inRange;
  const before = s.points.filter((p) => p.at < from).at(-1);
  return before ? [before, ...inRange] : inRange;
}

/** A stepped series' path: its value at `from` (carried from before), each step, and the last held to `to`. */
function heldPoints(points: ChartSeries['points'], from: Date, to: Date): ChartSeries['points'] {
  if (points.length === 0) return [];
  const held = points.map((p) => (p.at < from ? { at: from, value: p.value } : p));
  const last = held.at(-1)!;
  return last.at < to ? [...held, { at: to, value: last.value }] : held;
}

/**
 * The good and poor lines, each band below, between and above them tinted as a report rates a figure.
 * Their figures are in the legend: a label on the plot would sit on the lines that cross it.
 */
function thresholdsView(
  t: Thresholds,
  y: ReturnType<typeof scaleLinear<number, number>>,
): { bands: SafeHtml; lines: SafeHtml } {
  const [bottom, top] = y.range() as [number, number];
  const yGood = Math.max(top, y(t.good));
  const yPoor = Math.max(top, y(t.poor));
  const band = (cls: string, y1: number, y2: number) =>
    y2 - y1 > 0
      ? html`<rect class="band ${cls}" x="${M.left}" y="${y1.toFixed(1)}" width="${W - M.left - M.right}" height="${(y2 - y1).toFixed(1)}"/>`
      : '';
  const mark = (cls: string, at: number) =>
    html`<line class="threshold ${cls}" x1="${M.left}" x2="${W - M.right}" y1="${at.toFixed(1)}" y2="${at.toFixed(1)}"/>`;
  return {
    bands: html`<g class="bands">${band('good', yGood, bottom)}${band('ni', yPoor, yGood)}${band('poor', top, yPoor)}</g>`,
    // Over the grid, whose lines would hide one falling on a tick.
    lines: html`<g class="thresholds">${mark('t-good', yGood)}${mark('t-poor', yPoor)}</g>`,
  };
}

/** What the chart shows, for a screen reader: each line's points and the thresholds; the table has the figures. */
function ariaLabel(spec: ChartSpec, listed: Array<ChartSeries['points']>, linked: boolean): string {
  const lines = spec.series.map((s, i) => `${s.label}, ${listed[i]!.length} points`).join('; ');
  const t = spec.thresholds
    ? `; good up to ${fmtValue(spec.unit, spec.thresholds.good)}, poor above ${fmtValue(spec.unit, spec.thresholds.poor)}`
    : '';
  return `${spec.title}: ${lines}${t}. ${linked ? 'Figures behind the link below' : 'Figures in the table below'}`;
}

function dataTable(spec: ChartSpec, times: number[], valueAt: Array<Map<number, number>>, open: boolean): SafeHtml {
  return html`<details${open ? ' open' : ''}><summary>${spec.title}: the figures</summary>
<table class="figures"><thead><tr><th scope="col">From</th>${spec.series.map((s) => html`<th scope="col" class="num">${s.label}</th>`)}</tr></thead><tbody>${times.map(
    (t) =>
      html`<tr><th scope="row"><time datetime="${new Date(t).toISOString()}">${utc(new Date(t))}</time></th>${valueAt.map(
        (m, i) => {
          const v = m.get(t);
          return v === undefined
            ? html`<td class="num">–</td>`
            : html`<td class="num" data-metric="${spec.series[i]!.metric}"${spec.series[i]!.source ? html` data-source="${spec.series[i]!.source!}"` : ''} data-value="${String(v)}">${fmtValue(spec.unit, v)}</td>`;
        },
      )}</tr>`,
  )}</tbody></table></details>`;
}
