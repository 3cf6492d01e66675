import { html, type SafeHtml } from '@pageprobe/html';
import { fmtBytes, fmtCls, fmtMs, fmtScore, scoreClass, summary } from '../report/format.ts';
import { arr, type Json, num, obj, str } from '../report/read-json.ts';
import type { ReportArtifact, ReportContext, ReportTest } from '../report/report-test.ts';
import { optionsView } from '../report/options-view.ts';
import { fieldSection } from './field-view.ts';
import { runsSection } from './runs-view.ts';
import { stepsSection } from './steps-view.ts';
import { rateVital, SPEED_INDEX, VITALS, type Vital } from './thresholds.ts';
import { type Waterfall, waterfall, waterfallRows } from './waterfall.ts';

const CATEGORIES: Array<[string, string]> = [
  ['performance', 'Performance'],
  ['accessibility', 'Accessibility'],
  ['best_practices', 'Best practices'],
  ['seo', 'SEO'],
  ['agentic-browsing', 'Agentic browsing'],
];
const CATEGORY_NAMES: Record<string, string> = {
  performance: 'Performance',
  accessibility: 'Accessibility',
  'best-practices': 'Best practices',
  seo: 'SEO',
  'agentic-browsing': 'Agentic browsing',
};
const RATING: Record<string, string> = { good: 'good', average: 'needs improvement', poor: 'poor' };

// The report's badge classes say `average` for needs improvement.
const rate = (value: number, vital: Vital) => {
  const rating = rateVital(value, vital);
  return rating === 'needs_improvement' ? 'average' : rating;
};
const fmtVital = (value: number, unit: Vital['unit']) => (unit === 'ms' ? fmtMs(value) : fmtCls(value));

export function lighthouseBody(
  test: ReportTest,
  artifacts: ReportArtifact[],
  requests: Waterfall | null,
  artifactUrl: (a: ReportArtifact) => string,
): SafeHtml {
  const scores = obj(test.scores);
  const tiles = CATEGORIES.map(([key, label]) => {
    const score = num(scores[key]);
    return { label, value: fmtScore(score), cls: scoreClass(score) };
  });
  tiles.push({
    label: 'Structure',
    value: fmtScore(test.structureScore),
    cls: scoreClass(test.structureScore),
  });

  const frames = artifacts.filter((a) => a.kind === 'filmstrip_frame');
  const final = artifacts.find((a) => a.kind === 'final_screenshot');
  const full = artifacts.find((a) => a.kind === 'full_page_screenshot');
  const lighthouseHtml = artifacts.find((a) => a.kind === 'lighthouse_html');

  return html`${summary(test.grade, tiles)}
${lighthouseHtml ? html`<p class="more"><a href="${artifactUrl(lighthouseHtml)}">Lighthouse’s full report</a>: every audit, with details</p>` : ''}
${vitalsSection(obj(test.vitals), test.device)}
${fieldSection(obj(test.result).field)}
${userTimingsSection(arr(obj(test.result).user_timings).map(obj))}
${viewsSection(arr(obj(test.result).views).map(obj))}
${runsSection(test.runResults, test.spread)}
${stepsSection(obj(test.result).steps)}
${optionsView(test.options, obj(test.result))}
${
  frames.length
    ? html`<section class="card" aria-labelledby="filmstrip"><h2 id="filmstrip">How the page loaded</h2><ol class="filmstrip">${frames.map(
        (f) =>
          html`<li><img src="${artifactUrl(f)}" alt="The page at ${fmtMs(f.timingMs)}" width="96" height="171"><span>${fmtMs(f.timingMs)}</span></li>`,
      )}</ol></section>`
    : ''
}
${
  final || full
    ? html`<section class="card" aria-labelledby="screens"><h2 id="screens">Screenshots</h2><div class="shots">
${final ? html`<figure><img src="${artifactUrl(final)}" alt="The page when loading finished" width="320" height="570"><figcaption>When loading finished</figcaption></figure>` : ''}
${full ? html`<figure><img class="full" src="${artifactUrl(full)}" alt="The whole page, top to bottom" width="320" height="640"><figcaption>The full page</figcaption></figure>` : ''}
</div></section>`
    : ''
}
${auditsSection(arr(test.audits).map(obj))}
${requests ? html`<section class="card" aria-labelledby="waterfall"><h2 id="waterfall">Requests</h2>${waterfall(requests, test.url)}</section>` : ''}`;
}

function vitalsSection(vitals: Json, device: string): SafeHtml {
  const items = [...VITALS, SPEED_INDEX[device] ?? SPEED_INDEX.mobile!].flatMap((vital) => {
    const value = num(vitals[vital.key]);
    if (value === null) return [];
    const cls = rate(value, vital);
    return [
      html`<li class="vital"><span class="label">${vital.label}</span> <span class="value">${fmtVital(value, vital.unit)}</span> <span class="badge ${cls}">${RATING[cls]}</span>
<span class="meta">good ≤ ${fmtVital(vital.good, vital.unit)}, poor > ${fmtVital(vital.poor, vital.unit)}</span></li>`,
    ];
  });
  return html`<section class="card" aria-labelledby="vitals"><h2 id="vitals">Web vitals</h2>
${items.length ? html`<ul class="vitals">${items}</ul><p class="meta">Measured in a lab run with a simulated ${device === 'desktop' ? 'desktop connection' : 'mid-range phone on a slow 4G network'}.</p>` : html`<p>No metrics were recorded.</p>`}</section>`;
}

/** First and repeat view side by side (`repeat_view`); nothing without one. */
function viewsSection(views: Json[]): SafeHtml | string {
  if (views.length === 0) return '';
  const cell = (v: Json, key: string) => fmtMs(num(obj(v.vitals)[key]));
  return html`<section class="card" aria-labelledby="views"><h2 id="views">First and repeat view</h2>
<table class="views"><thead><tr><th scope="col">View</th><th scope="col" class="num">Performance</th><th scope="col" class="num">LCP</th><th scope="col" class="num">FCP</th><th scope="col" class="num">Requests</th><th scope="col" class="num">Transferred</th></tr></thead><tbody>${views.map(
    (v) =>
      html`<tr data-view="${str(v.view)}"><th scope="row">${v.view === 'repeat' ? 'Repeat (cache warm)' : 'First (cache empty)'}</th><td class="num">${fmtScore(num(v.performance_score))}</td><td class="num">${cell(v, 'lcp_ms')}</td><td class="num">${cell(v, 'fcp_ms')}</td><td class="num">${num(v.requests) ?? '–'}</td><td class="num">${fmtBytes(num(v.transfer_bytes))}</td></tr>`,
  )}</tbody></table></section>`;
}

/** The page's own marks and measures (User Timing), a row each; nothing when it recorded none. */
function userTimingsSection(timings: Json[]): SafeHtml | string {
  if (timings.length === 0) return '';
  return html`<section class="card" aria-labelledby="user-timings"><h2 id="user-timings">User Timing</h2>
<table class="timings"><thead><tr><th scope="col">Name</th><th scope="col">Type</th><th scope="col" class="num">Start</th><th scope="col" class="num">Duration</th></tr></thead><tbody>${timings.map(
    (t) =>
      html`<tr><td>${str(t.name)}</td><td>${str(t.kind)}</td><td class="num">${fmtMs(num(t.start_ms))}</td><td class="num">${t.kind === 'measure' ? fmtMs(num(t.duration_ms)) : '–'}</td></tr>`,
  )}</tbody></table><p class="meta">What the page recorded with performance.mark and performance.measure, in ms from the start of navigation.</p></section>`;
}

// Estimated savings: how much each metric would improve (Lighthouse's metricSavings), weighed as
// structure_score weighs them (1 s of LCP or FCP as much as 400 ms of TBT or INP, or a CLS of 0.1).
const SAVINGS: Array<{ metric: string; weight: number; unit: 'ms' | '' }> = [
  { metric: 'LCP', weight: 1 / 250, unit: 'ms' },
  { metric: 'FCP', weight: 1 / 250, unit: 'ms' },
  { metric: 'TBT', weight: 1 / 100, unit: 'ms' },
  { metric: 'INP', weight: 1 / 100, unit: 'ms' },
  { metric: 'CLS', weight: 40, unit: '' },
];

function savingsOf(audit: Json) {
  const savings = obj(audit.savings);
  const metrics = obj(savings.metrics);
  const parts = SAVINGS.flatMap(({ metric, weight, unit }) => {
    const value = num(metrics[metric]);
    return value !== null && value > 0 ? [{ text: `${metric} ${fmtVital(value, unit)}`, weight: value * weight }] : [];
  });
  // Older results carry only a total in ms.
  const ms = num(savings.ms) ?? 0;
  if (parts.length === 0 && ms > 0) parts.push({ text: fmtMs(ms), weight: ms / 250 });
  return {
    parts: parts.map((p) => p.text),
    weight: parts.reduce((a, p) => a + p.weight, 0),
    bytes: num(savings.bytes) ?? 0,
  };
}

/** Lighthouse's groups in the order its report shows them; others (accessibility's…) after, as they come. */
const GROUP_ORDER = ['insights', 'diagnostics'];

function auditsSection(audits: Json[]): SafeHtml {
  // Sorted here, not trusted from the stored order: biggest estimated savings first, then the worst score;
  // informative insights (no score) last. Then grouped as Lighthouse groups them.
  const rows = audits
    .map((a) => ({ a, savings: savingsOf(a), score: num(a.score) }))
    .sort(
      (x, y) =>
        Number(x.score === null) - Number(y.score === null) ||
        y.savings.weight - x.savings.weight ||
        y.savings.bytes - x.savings.bytes ||
        (x.score ?? 1) - (y.score ?? 1),
    );
  const groups = [...new Set(rows.map((r) => str(r.a.group)))].sort((x, y) => rank(x) - rank(y));
  return html`<section class="card" aria-labelledby="opportunities"><h2 id="opportunities">What to improve</h2>
${
  rows.length
    ? html`<table class="audits"><thead><tr><th scope="col">Audit</th><th scope="col" class="num">Est. savings</th><th scope="col" class="num">Score</th></tr></thead>${groups.map(
        (group) => {
          const members = rows.filter((r) => str(r.a.group) === group);
          const title = str(members[0]!.a.group_title) ?? group;
          return html`<tbody${group ? html` data-group="${group}"` : ''}>${title ? html`<tr class="group"><th scope="rowgroup" colspan="3">${title}</th></tr>` : ''}${members.map(
            ({ a, savings, score }) => {
              const pct = score === null ? null : Math.round(score * 100);
              const category = str(a.category) ?? '';
              return html`<tr data-audit="${str(a.id)}"><td>${str(a.title) ?? str(a.id)}<span class="meta block">${CATEGORY_NAMES[category] ?? category}${str(a.display_value) ? ` · ${str(a.display_value)}` : ''}</span></td>
<td class="num savings">${savings.parts.length ? savings.parts.map((p, i) => html`<span>${p}${i + 1 < savings.parts.length ? ',' : ''}</span> `) : '–'}</td><td class="num">${pct === null ? '–' : html`<span class="badge ${scoreClass(pct)}">${pct}</span>`}</td></tr>`;
            },
          )}</tbody>`;
        },
      )}</table>`
    : html`<p>Nothing to improve: every audit passed.</p>`
}</section>`;
}

const rank = (group: string | null) => {
  const i = GROUP_ORDER.indexOf(group ?? '');
  return i === -1 ? GROUP_ORDER.length + (group === null ? 1 : 0) : i;
};

/** A HAR larger than this is not read for the report (the page says so); the API still serves it whole. */
const MAX_HAR_BYTES = 32 * 1024 * 1024;

/** The report of a completed lighthouse test: its artifacts, and the waterfall read from its HAR. */
export async function lighthouseReport(test: ReportTest, ctx: ReportContext): Promise<SafeHtml> {
  const artifacts = await ctx.artifacts();
  const har = artifacts.find((a) => a.kind === 'har');
  let requests: Waterfall | null = null;
  if (har) {
    try {
      requests = waterfallRows(JSON.parse((await ctx.read(har, MAX_HAR_BYTES)).toString('utf8')));
    } catch (error) {
      ctx.warn('HAR unreadable for the report', error);
    }
  }
  return lighthouseBody(test, artifacts, requests, ctx.href);
}
