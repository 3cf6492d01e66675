import { html, type SafeHtml } from '@pageprobe/html';
import { kindNamed } from '../registry.ts';
import { fmtBytes, fmtCls, fmtMs, utc } from './format.ts';
import { pageStart } from './layout.ts';
import { type Json, num, obj, str } from './read-json.ts';
import type { ReportArtifact, ReportTest } from './report-test.ts';

/** One side of the comparison: the test, its artifacts and where its report and images are. */
export interface ComparedSide {
  test: ReportTest;
  artifacts: ReportArtifact[];
  reportHref: string;
  href(artifact: ReportArtifact): string;
}

const LABELS: Record<string, string> = {
  performance: 'Performance',
  accessibility: 'Accessibility',
  best_practices: 'Best practices',
  'agentic-browsing': 'Agentic browsing',
  seo: 'SEO',
  structure_score: 'Structure score',
  lcp_ms: 'Largest Contentful Paint',
  fcp_ms: 'First Contentful Paint',
  cls: 'Cumulative Layout Shift',
  tbt_ms: 'Total Blocking Time',
  speed_index_ms: 'Speed Index',
  ttfb_ms: 'Time to first byte',
  interactive_ms: 'Time to interactive',
  scores: 'Scores',
  vitals: 'Web vitals',
  resources: 'Requests and bytes by resource type',
  issue_counts: 'Issues by severity',
  timings_ms: 'Timings',
  transfer_bytes: 'bytes',
  requests: 'requests',
  first_byte: 'first byte',
  certificate_days_remaining: 'Certificate days remaining',
};
const label = (key: string) => LABELS[key] ?? key.replaceAll('_', ' ');

const isDelta = (v: unknown): v is Json => {
  const o = obj(v);
  return 'change' in o && 'delta' in o && 'head' in o;
};

/** A figure in its unit, from the key it is stored under. */
function fmt(key: string, value: number | null): string {
  if (value === null) return '–';
  if (key.endsWith('_ms')) return fmtMs(value);
  if (key.endsWith('bytes')) return fmtBytes(value);
  if (key === 'cls') return fmtCls(value);
  return String(Math.round(value * 1000) / 1000);
}

const signed = (key: string, d: number) => `${d > 0 ? '+' : d < 0 ? '−' : '±'}${fmt(key, Math.abs(d))}`;
const CLASS: Record<string, string> = { better: 'good', worse: 'poor', same: '' };

function deltaRow(name: string, unitKey: string, d: Json): SafeHtml {
  const change = str(d.change) ?? 'same';
  const value = num(d.delta);
  return html`<tr class="delta ${change}"><th scope="row">${name}</th><td class="num">${fmt(unitKey, num(d.base))}</td><td class="num">${fmt(unitKey, num(d.head))}</td><td class="num"><span class="badge ${CLASS[change] ?? ''}">${value === null ? '–' : signed(unitKey, value)}</span></td><td>${change === 'same' ? (d.significant === false && value ? 'within noise' : 'same') : change}</td></tr>`;
}

/** A figure with no arithmetic (up or down, a status code): both values side by side. */
function pairRow(name: string, d: Json): SafeHtml {
  const change = str(d.change) ?? (d.head === d.base ? 'same' : 'changed');
  const show = (v: unknown) => (v === null || v === undefined ? '–' : String(v));
  return html`<tr class="delta ${change}"><th scope="row">${name}</th><td class="num">${show(d.base)}</td><td class="num">${show(d.head)}</td><td class="num"><span class="badge ${CLASS[change] ?? ''}">${d.head === d.base ? '=' : '≠'}</span></td><td>${change}</td></tr>`;
}

/** Two plain values side by side; a pair of objects (lighthouse's field data) is the kind's section's to show. */
const isPair = (v: unknown): v is Json => {
  const o = obj(v);
  const plain = (x: unknown) => x === null || typeof x !== 'object';
  return 'head' in o && 'base' in o && !('delta' in o) && plain(o.head) && plain(o.base);
};

/**
 * Every Delta under `value` as a row: a top-level group (scores, vitals, resources...) gets a heading row,
 * deeper ones name their rows (e.g. "image bytes").
 */
function rows(value: Json, prefix = '', depth = 0): SafeHtml[] {
  return Object.entries(value).flatMap(([key, v]) => {
    const name = prefix ? `${prefix} ${label(key)}` : label(key);
    if (isDelta(v)) return [deltaRow(name, key, obj(v))];
    if (isPair(v)) return [pairRow(name, obj(v))];
    if (!v || typeof v !== 'object' || Array.isArray(v)) return [];
    const inner = rows(obj(v), depth === 0 ? '' : name, depth + 1);
    if (depth > 0 || inner.length === 0) return inner;
    return [html`<tr class="group"><th scope="rowgroup" colspan="5">${label(key)}</th></tr>`, ...inner];
  });
}

/** Lists of changed audits or issue codes (arrays of {id|code, title, ...}). */
function lists(value: Json, prefix = ''): SafeHtml[] {
  return Object.entries(value).flatMap(([key, v]) => {
    if (Array.isArray(v)) {
      const items = v.map(obj);
      const cls = key === 'worse' || key === 'new' ? 'poor' : key === 'better' || key === 'fixed' ? 'good' : '';
      return [
        html`<section class="card" aria-label="${prefix} ${key}"><h2>${label(prefix)}: ${key}</h2>${
          items.length
            ? html`<ul class="changes ${cls}">${items.map((i) => html`<li><code>${str(i.id) ?? str(i.code) ?? ''}</code> ${str(i.title) ?? ''}</li>`)}</ul>`
            : html`<p class="meta">None.</p>`
        }</section>`,
      ];
    }
    if (v && typeof v === 'object' && !isDelta(v)) return lists(obj(v), key);
    return [];
  });
}

function filmstrip(side: ComparedSide, name: string): SafeHtml {
  const frames = side.artifacts.filter((a) => a.kind === 'filmstrip_frame');
  if (!frames.length) return html``;
  return html`<div><h3>${name}</h3><ol class="filmstrip">${frames.map(
    (f) =>
      html`<li><img src="${side.href(f)}" alt="${name} at ${fmtMs(f.timingMs)}" width="72" height="128"><span>${fmtMs(f.timingMs)}</span></li>`,
  )}</ol></div>`;
}

/** The page of GET /reports/{head}/compare/{base}: both tests named, filmstrips side by side, the deltas coloured. */
export function compareView(head: ComparedSide, base: ComparedSide, deltas: Json, css: string): SafeHtml {
  const kind = kindNamed(head.test.type);
  const side = (s: ComparedSide, name: string) =>
    html`<li><strong>${name}</strong>: <a href="${s.reportHref}">${s.test.url}</a> <span class="meta">${kind.usesDevice ? `${s.test.device} · ` : ''}${s.test.completedAt ? utc(s.test.completedAt) : ''}</span></li>`;
  const strips = [filmstrip(base, 'Base'), filmstrip(head, 'Head')];
  return html`${pageStart(`${kind.title} compared: ${head.test.url}`, css)}
<header class="top"><span class="brand">Pageprobe</span></header>
<main>
<h1>${kind.title}: what changed</h1>
<ul class="compared">${side(base, 'Base')}${side(head, 'Head')}</ul>
${head.artifacts.length || base.artifacts.length ? html`<section class="card side-by-side" aria-label="Filmstrips">${strips}</section>` : ''}
<section class="card" aria-labelledby="deltas"><h2 id="deltas">Figures</h2>
<table class="deltas"><thead><tr><th scope="col">Figure</th><th scope="col" class="num">Base</th><th scope="col" class="num">Head</th><th scope="col" class="num">Change</th><th scope="col">Verdict</th></tr></thead><tbody>${rows(deltas)}</tbody></table>
<p class="meta">A change counts when it is larger than the runs' spread (both tests of several runs), else than 5 score points, 10 % of a timing (at least 100 ms), 0.02 of CLS, 5 % of bytes (at least 1 KiB) or any change in a count.</p></section>
${kind.comparison.section?.(deltas) ?? ''}
${lists(deltas)}
</main>
<footer>Comparison by Pageprobe. Anyone with both report links can see it.</footer>
</body>
</html>`;
}
