import { html, type SafeHtml } from '../html.ts';
import type { ReportArtifact, ReportTest } from '../load-report.ts';
import { fmtBytes, fmtMs, scoreClass, summary } from './layout.ts';
import { arr, num, obj, str } from './read-json.ts';
import { waterfall, type WaterfallRow } from './waterfall.ts';

// Core Web Vitals and Lighthouse's thresholds (good up to the first, poor from the second).
const VITALS: Array<{ key: string; label: string; good: number; poor: number; unit: 'ms' | '' }> = [
  { key: 'lcp_ms', label: 'Largest Contentful Paint', good: 2500, poor: 4000, unit: 'ms' },
  { key: 'cls', label: 'Cumulative Layout Shift', good: 0.1, poor: 0.25, unit: '' },
  { key: 'tbt_ms', label: 'Total Blocking Time', good: 200, poor: 600, unit: 'ms' },
  { key: 'fcp_ms', label: 'First Contentful Paint', good: 1800, poor: 3000, unit: 'ms' },
  { key: 'speed_index_ms', label: 'Speed Index', good: 3400, poor: 5800, unit: 'ms' },
  { key: 'ttfb_ms', label: 'Time to First Byte', good: 800, poor: 1800, unit: 'ms' },
];
const CATEGORIES: Array<[string, string]> = [
  ['performance', 'Performance'],
  ['accessibility', 'Accessibility'],
  ['best_practices', 'Best practices'],
  ['seo', 'SEO'],
];

const vitalClass = (value: number, good: number, poor: number) => (value <= good ? 'good' : value <= poor ? 'average' : 'poor');
const RATING: Record<string, string> = { good: 'good', average: 'needs improvement', poor: 'poor' };

export function lighthouseBody(test: ReportTest, artifacts: ReportArtifact[], harRows: WaterfallRow[] | null, artifactUrl: (a: ReportArtifact) => string): SafeHtml {
  const scores = obj(test.scores);
  const vitals = obj(test.vitals);
  const tiles = CATEGORIES.map(([key, label]) => {
    const score = num(scores[key]);
    return { label, value: score === null ? '–' : String(score), cls: scoreClass(score) };
  });
  tiles.push({ label: 'Structure', value: test.structureScore === null ? '–' : String(test.structureScore), cls: scoreClass(test.structureScore) });

  const vitalRows = VITALS.flatMap(({ key, label, good, poor, unit }) => {
    const value = num(vitals[key]);
    if (value === null) return [];
    const cls = vitalClass(value, good, poor);
    return [
      html`<tr><th scope="row">${label}</th><td class="num">${unit === 'ms' ? fmtMs(value) : value.toFixed(3)}</td><td><span class="badge ${cls}">${RATING[cls]}</span></td>
<td class="num">${unit === 'ms' ? `≤ ${fmtMs(good)} / > ${fmtMs(poor)}` : `≤ ${good} / > ${poor}`}</td></tr>`,
    ];
  });

  const frames = artifacts.filter((a) => a.kind === 'filmstrip_frame');
  const final = artifacts.find((a) => a.kind === 'final_screenshot');
  const full = artifacts.find((a) => a.kind === 'full_page_screenshot');
  const lighthouseHtml = artifacts.find((a) => a.kind === 'lighthouse_html');
  const audits = arr(test.audits).map(obj);

  return html`${summary(test.grade, tiles)}
<section class="card" aria-labelledby="vitals"><h2 id="vitals">Web vitals</h2>
<table><thead><tr><th scope="col">Metric</th><th scope="col" class="num">Value</th><th scope="col">Rating</th><th scope="col" class="num">Good / poor</th></tr></thead><tbody>${vitalRows}</tbody></table></section>
${
  frames.length
    ? html`<section class="card" aria-labelledby="filmstrip"><h2 id="filmstrip">Filmstrip</h2><ol class="filmstrip">${frames.map(
        (f) => html`<li><img src="${artifactUrl(f)}" alt="The page at ${fmtMs(f.timingMs)}" width="96" height="171">${fmtMs(f.timingMs)}</li>`,
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
<section class="card" aria-labelledby="opportunities"><h2 id="opportunities">What to improve</h2>
${
  audits.length
    ? html`<table><thead><tr><th scope="col">Audit</th><th scope="col">Category</th><th scope="col" class="num">Est. savings</th><th scope="col" class="num">Score</th></tr></thead><tbody>${audits.map((a) => {
        const savings = obj(a.savings);
        const ms = num(savings.ms) ?? 0;
        const bytes = num(savings.bytes) ?? 0;
        const score = Math.round((num(a.score) ?? 0) * 100);
        return html`<tr><td>${str(a.title) ?? str(a.id)}${str(a.display_value) ? html` <span class="meta">(${str(a.display_value)})</span>` : ''}</td><td>${str(a.category)}</td>
<td class="num">${[ms ? fmtMs(ms) : '', bytes ? fmtBytes(bytes) : ''].filter(Boolean).join(', ') || '–'}</td><td class="num"><span class="badge ${scoreClass(score)}">${score}</span></td></tr>`;
      })}</tbody></table>`
    : html`<p>Nothing to improve: every audit passed.</p>`
}
${lighthouseHtml ? html`<p><a href="${artifactUrl(lighthouseHtml)}">Lighthouse’s full report</a></p>` : ''}
</section>
${harRows ? html`<section class="card" aria-labelledby="waterfall"><h2 id="waterfall">Requests</h2>${waterfall(harRows)}</section>` : ''}`;
}
