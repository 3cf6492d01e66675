import { html, type SafeHtml } from '@pageprobe/html';
import { type ChartSeries, chartView } from '@pageprobe/services';
import { THRESHOLDS } from '@pageprobe/rum';
import { fmtMs } from '@pageprobe/test-kinds';
import { stateMark, type Tone } from '../../../views/state-mark.ts';
import {
  DEVICE_FILTERS,
  type FiguresQuery,
  RANGES,
  type SiteAttribution,
  type SiteFiguresData,
  type SiteSeries,
} from './load-figures.ts';

// A site's real users' figures (issue 61), drawn on the server: per metric its p75 (with p50 and p95)
// beside the lab's and CrUX's lines and the deploys' flags, the shares of good, needs-improvement and
// poor page views as a bar with its words, the split's values in a table, then what made LCP, INP and
// CLS slow. Choices are links and a GET form: no script.

type Figures = NonNullable<SiteSeries['summary']>;

const RANGE_WORDS: Record<keyof typeof RANGES, string> = { '24h': '24 hours', '7d': '7 days', '30d': '30 days' };
const SPLIT_WORDS: Record<string, string> = { page_group: 'Page group', device: 'Device', country: 'Country' };
const CATEGORY: Record<string, { tone: Tone; words: string }> = {
  good: { tone: 'up', words: 'Good' },
  needs_improvement: { tone: 'degraded', words: 'Needs improvement' },
  poor: { tone: 'down', words: 'Poor' },
};
const ATTRIBUTION_TITLES: Record<string, { title: string; what: string }> = {
  lcp_ms: { title: 'What made LCP slow', what: 'Element' },
  inp_ms: { title: 'What made INP slow', what: 'Interaction target' },
  cls: { title: 'What shifted the layout', what: 'Largest shift’s source' },
};

const short = (metric: string) => THRESHOLDS[metric as keyof typeof THRESHOLDS]?.title ?? metric;
const fmt = (unit: string, v: number) => (unit === 'unitless' ? v.toFixed(2) : fmtMs(v));
const pct = (v: number) => `${Math.round(v * 100)}%`;
const categoryOf = (s: SiteSeries, p75: number) =>
  p75 <= s.thresholds.good ? 'good' : p75 <= s.thresholds.poor ? 'needs_improvement' : 'poor';

/** The shares as a bar (its parts' widths are SVG attributes: the CSP allows no inline style) and words. */
function sharesBar(f: Figures, label: string): SafeHtml {
  const parts = [
    ['good', f.good],
    ['ni', f.needs_improvement],
    ['poor', f.poor],
  ] as const;
  let x = 0;
  const rects = parts.map(([cls, share]) => {
    const rect = html`<rect class="${cls}" x="${(x * 100).toFixed(2)}" y="0" width="${(share * 100).toFixed(2)}" height="10"/>`;
    x += share;
    return rect;
  });
  const words = `good ${pct(f.good)}, needs improvement ${pct(f.needs_improvement)}, poor ${pct(f.poor)}`;
  return html`<div class="rum-shares"><svg viewBox="0 0 100 10" preserveAspectRatio="none" role="img" aria-label="${label}: ${words}">${rects}</svg><p class="rum-share-words"><span class="good">Good ${pct(f.good)}</span> <span class="ni">Needs improvement ${pct(f.needs_improvement)}</span> <span class="poor">Poor ${pct(f.poor)}</span></p></div>`;
}

const at = (iso: string) => new Date(iso);

/** The chart's lines: without a split p75, the lab's and CrUX's, p50 and p95; with one each value's p75. */
function chartSeries(s: SiteSeries): ChartSeries[] {
  const value = (k: 'p50' | 'p75' | 'p95') => (p: SiteSeries['points'][number]) => ({ at: at(p.at), value: p[k] });
  if (s.by) {
    return s.splits.slice(0, 5).map((split) => ({
      metric: s.metric,
      label: `${split.value} p75`,
      points: split.points.map(value('p75')),
    }));
  }
  const lines: ChartSeries[] = [{ metric: s.metric, label: 'Real users p75', points: s.points.map(value('p75')) }];
  const lab = s.lab.find((l) => l.points.length > 0);
  if (lab) {
    lines.push({
      metric: s.metric,
      source: 'lab',
      label: `Lab (${lab.monitor.name ?? lab.monitor.url})`,
      points: lab.points.map((p) => ({ at: at(p.at), value: p.value })),
    });
  }
  const crux = s.field.find((f) => f.points.length > 0 || f.latest);
  if (crux) {
    const weeks = crux.points.map((p) => ({ at: at(p.at), value: p.p75 }));
    const held = crux.latest && !crux.points.length ? [{ at: at(crux.latest.at), value: crux.latest.p75 }] : [];
    lines.push({ metric: s.metric, source: 'field', label: 'CrUX p75', points: [...held, ...weeks], step: true });
  }
  lines.push({ metric: s.metric, label: 'p50', points: s.points.map(value('p50')) });
  lines.push({ metric: s.metric, label: 'p95', points: s.points.map(value('p95')) });
  return lines;
}

function splitTable(s: SiteSeries): SafeHtml | '' {
  if (!s.by || s.splits.length === 0) return '';
  const rows = s.splits.map((split) =>
    split.summary
      ? html`<tr><th scope="row">${split.value}</th><td class="num">${split.summary.page_views}</td><td class="num">${fmt(s.unit, split.summary.p75)}</td><td class="num">${pct(split.summary.good)}</td><td class="num">${pct(split.summary.needs_improvement)}</td><td class="num">${pct(split.summary.poor)}</td></tr>`
      : '',
  );
  return html`<div class="scroll" role="region" tabindex="0" aria-label="${short(s.metric)} by ${SPLIT_WORDS[s.by]!.toLowerCase()}"><table class="rum-splits"><thead><tr><th scope="col">${SPLIT_WORDS[s.by]}</th><th scope="col">Page views</th><th scope="col">p75</th><th scope="col">Good</th><th scope="col">Needs improvement</th><th scope="col">Poor</th></tr></thead><tbody>${rows}</tbody></table></div>`;
}

function metricSection(s: SiteSeries): SafeHtml {
  const id = `rum-${s.metric}`;
  const title = short(s.metric);
  const f = s.summary;
  const head = f
    ? html`<p class="rum-p75">p75 <strong>${fmt(s.unit, f.p75)}</strong> ${stateMark(CATEGORY[categoryOf(s, f.p75)]!.tone, CATEGORY[categoryOf(s, f.p75)]!.words)} <span class="muted">p50 ${fmt(s.unit, f.p50)} · p95 ${fmt(s.unit, f.p95)} · ${f.page_views} page views</span></p>${sharesBar(f, title)}`
    : html`<p class="muted">No page views measured it in this range.</p>`;
  const unit = s.unit === 'unitless' ? ('cls' as const) : ('ms' as const);
  const chart = chartView({
    id: `${id}-chart`,
    title: `${title} over time`,
    unit,
    series: chartSeries(s),
    thresholds: s.thresholds,
    deploys: s.annotations.map((a) => ({
      at: at(a.at),
      version: a.version,
      label: `Deploy ${a.version} (${a.environment})`,
    })),
    ...(s.lab_note ? { note: s.lab_note } : {}),
    from: at(s.from),
    to: at(s.to),
  });
  return html`<section class="rum-metric" aria-labelledby="${id}"><h2 id="${id}">${title} <span class="muted">(${s.metric})</span></h2>${head}${chart}${splitTable(s)}</section>`;
}

function attributionSection(a: SiteAttribution, unit: string): SafeHtml {
  const words = ATTRIBUTION_TITLES[a.metric]!;
  const id = `rum-why-${a.metric}`;
  if (a.targets.length === 0) {
    return html`<section class="rum-why" aria-labelledby="${id}"><h2 id="${id}">${words.title}</h2><p class="muted">No page view named one in this range.</p></section>`;
  }
  const rows = a.targets.map((t) => {
    const phases = Object.entries(t.phases);
    return html`<tr><th scope="row"><code>${t.target || '(not named)'}</code></th><td class="num">${t.page_views}</td><td class="num">${pct(t.slow_share)}</td><td class="num">${fmt(unit, t.avg)}</td><td>${phases.length ? html`<ul class="rum-phases">${phases.map(([k, v]) => html`<li>${k.replace(/_ms$/, '').replaceAll('_', ' ')} ${fmtMs(v)}</li>`)}</ul>` : html`<span class="muted">–</span>`}</td></tr>`;
  });
  return html`<section class="rum-why" aria-labelledby="${id}"><h2 id="${id}">${words.title}</h2><div class="scroll" role="region" tabindex="0" aria-label="${words.title}: the targets"><table class="rum-targets"><thead><tr><th scope="col">${words.what}</th><th scope="col">Page views</th><th scope="col">Share slow</th><th scope="col">Average</th><th scope="col">Phases</th></tr></thead><tbody>${rows}</tbody></table></div></section>`;
}

/** The range links and the split's GET form, keeping the other choices. */
function choices(self: string, q: FiguresQuery): SafeHtml {
  const keep = (over: Partial<FiguresQuery>) => {
    const next = { ...q, ...over };
    const params = new URLSearchParams({ range: next.range });
    if (next.by) params.set('by', next.by);
    if (next.device) params.set('device', next.device);
    return `${self}?${params}`;
  };
  const ranges = (Object.keys(RANGES) as Array<keyof typeof RANGES>).map(
    (r) =>
      html`<a href="${keep({ range: r })}"${r === q.range ? html` aria-current="page"` : ''}>${RANGE_WORDS[r]}</a>`,
  );
  const option = (value: string, words: string, chosen: string | null) =>
    html`<option value="${value}"${value === (chosen ?? '') ? html` selected` : ''}>${words}</option>`;
  return html`<nav class="ranges" aria-label="Range">${ranges}</nav>
<form class="rum-choices" method="get" action="${self}"><input type="hidden" name="range" value="${q.range}">
<label>Split by <select name="by">${option('', 'Nothing', q.by)}${Object.entries(SPLIT_WORDS).map(([v, w]) => option(v, w, q.by))}</select></label>
<label>Device <select name="device">${option('', 'All', q.device)}${DEVICE_FILTERS.map((d) => option(d, d, q.device))}</select></label>
<button type="submit">Show</button></form>`;
}

/** The site's figures: what the site's page calls (`siteFigures`), and the figures page draws alone. */
export function siteFiguresView(self: string, data: SiteFiguresData): SafeHtml {
  const unitOf = new Map(data.series.map((s) => [s.metric, s.unit]));
  const any = data.series.some((s) => s.summary);
  return html`<div class="rum-figures">${choices(self, data.query)}
${any ? '' : html`<p>No page views in this range yet. Once the snippet is on the site's pages, each page view's figures appear here within a minute.</p>`}
${data.series.map(metricSection)}
${data.attribution.map((a) => attributionSection(a, unitOf.get(a.metric) ?? 'ms'))}</div>`;
}
