import { scaleLinear, scaleUtc } from 'd3-scale';
import { area, line, stack } from 'd3-shape';
import { type ChartUnit, fmtMs, html, type SafeHtml, utc } from '@pageprobe/test-kinds';
import { fmtCount } from './format.ts';

/** How a chart's figures read: the kinds declare their charts' units (`monitor.page.charts`). */
export type Unit = ChartUnit;

export interface ChartSeries {
  /** The series metric (GET /monitors/{id}/series?metric=…). */
  metric: string;
  label: string;
  points: Array<{ at: Date; value: number }>;
}

export interface ChartSpec {
  id: string;
  title: string;
  unit: Unit;
  series: ChartSeries[];
  /** Areas stacked on each other (an uptime check's phases add up to its total) rather than lines. */
  stacked?: boolean;
  /** Assertion budgets, drawn as dashed lines, labelled `label value`. */
  budgets?: Array<{ label: string; value: number }>;
  /** Moments marked across the chart (regressions). */
  marks?: Array<{ at: Date; label: string }>;
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
const M = { top: 10, right: 12, bottom: 24, left: 56 };
/** The width of a lone moment's bar in a stacked chart. */
const LONE = 6;

/**
 * A chart drawn on the server as SVG: d3's scales and path generators, no script. Its figures follow it
 * in a table (collapsed), which is what a screen reader reads and what the chart's points are.
 */
export function chartView(spec: ChartSpec): SafeHtml {
  if (spec.series.every((s) => s.points.length === 0)) {
    return html`<figure class="chart empty" id="${spec.id}"><figcaption><strong>${spec.title}</strong></figcaption><p class="meta">No runs in this range.</p></figure>`;
  }
  const x = scaleUtc()
    .domain([spec.from, spec.to])
    .range([M.left, W - M.right]);
  const times = [...new Set(spec.series.flatMap((s) => s.points.map((p) => p.at.getTime())))].sort((a, b) => a - b);
  const valueAt = spec.series.map((s) => new Map(s.points.map((p) => [p.at.getTime(), p.value])));
  const layers = spec.stacked
    ? stack<number>()
        .keys(spec.series.map((_, i) => String(i)))
        .value((t, key) => valueAt[Number(key)]!.get(t) ?? 0)(times)
    : [];
  const highest = Math.max(
    spec.unit === 'score' ? 100 : 0,
    ...(spec.stacked
      ? layers.flatMap((l) => l.map((d) => d[1]))
      : spec.series.flatMap((s) => s.points.map((p) => p.value))),
    ...(spec.budgets ?? []).map((b) => b.value),
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
        const d = line<{ at: Date; value: number }>()
          .x((p) => r1(x(p.at)))
          .y((p) => r1(y(p.value)))(s.points);
        // A lone point has no line: a dot shows it.
        const dot =
          s.points.length === 1
            ? html`<circle class="dot s${i}" r="3" cx="${x(s.points[0]!.at).toFixed(1)}" cy="${y(s.points[0]!.value).toFixed(1)}"/>`
            : '';
        return html`<path class="line s${i}" d="${d ?? ''}"><title>${s.label}</title></path>${dot}`;
      });
  const yTicks = y
    .ticks(4)
    .map(
      (t) =>
        html`<g class="tick"><line x1="${M.left}" x2="${W - M.right}" y1="${y(t).toFixed(1)}" y2="${y(t).toFixed(1)}"/><text x="${M.left - 6}" y="${(y(t) + 4).toFixed(1)}" text-anchor="end">${fmtValue(spec.unit, t)}</text></g>`,
    );
  const xFormat = x.tickFormat(5);
  const xTicks = x
    .ticks(5)
    .map(
      (t) => html`<text class="xtick" x="${x(t).toFixed(1)}" y="${H - 6}" text-anchor="middle">${xFormat(t)}</text>`,
    );
  const budgets = (spec.budgets ?? []).map(
    (b) =>
      html`<g class="budget"><line x1="${M.left}" x2="${W - M.right}" y1="${y(b.value).toFixed(1)}" y2="${y(b.value).toFixed(1)}"/><text x="${M.left + 4}" y="${(y(b.value) - 4).toFixed(1)}">${b.label} ${fmtValue(spec.unit, b.value)}</text></g>`,
  );
  const marks = (spec.marks ?? [])
    .filter((m) => m.at >= spec.from && m.at <= spec.to)
    .map(
      (m) =>
        html`<g class="mark"><line x1="${x(m.at).toFixed(1)}" x2="${x(m.at).toFixed(1)}" y1="${M.top}" y2="${H - M.bottom}"/><circle cx="${x(m.at).toFixed(1)}" cy="${M.top + 4}" r="4"><title>${m.label} · ${utc(m.at)}</title></circle></g>`,
    );
  return html`<figure class="chart" id="${spec.id}">
<figcaption><strong>${spec.title}</strong>${legend(spec)}</figcaption>
<div class="plot"><svg viewBox="0 0 ${W} ${H}" role="img" aria-label="${spec.title}: ${times.length} points, figures in the table below">
${yTicks}${xTicks}${paths}${budgets}${marks}
</svg></div>
${dataTable(spec, times, valueAt)}
</figure>`;
}

function legend(spec: ChartSpec): SafeHtml | string {
  if (spec.series.length < 2 && !spec.budgets?.length && !spec.marks?.length) return '';
  return html`<span class="legend">${spec.series.map((s, i) => html`<span class="key s${i}">${s.label}</span>`)}${spec.budgets?.length ? html`<span class="key budget">budget</span>` : ''}${spec.marks?.length ? html`<span class="key mark">regression</span>` : ''}</span>`;
}

function dataTable(spec: ChartSpec, times: number[], valueAt: Array<Map<number, number>>): SafeHtml {
  return html`<details><summary>${spec.title}: the figures</summary>
<table class="figures"><thead><tr><th scope="col">From</th>${spec.series.map((s) => html`<th scope="col" class="num">${s.label}</th>`)}</tr></thead><tbody>${times.map(
    (t) =>
      html`<tr><th scope="row"><time datetime="${new Date(t).toISOString()}">${utc(new Date(t))}</time></th>${valueAt.map(
        (m, i) => {
          const v = m.get(t);
          return v === undefined
            ? html`<td class="num">–</td>`
            : html`<td class="num" data-metric="${spec.series[i]!.metric}" data-value="${String(v)}">${fmtValue(spec.unit, v)}</td>`;
        },
      )}</tr>`,
  )}</tbody></table></details>`;
}
