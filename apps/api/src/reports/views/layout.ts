import { html, type SafeHtml } from '../html.ts';
import type { ReportTest } from '../load-report.ts';

const TYPE_NAMES: Record<ReportTest['type'], string> = { lighthouse: 'Speed test', seo_crawl: 'SEO and AI-readiness audit', uptime: 'Uptime check' };

/** The page every report shares: header with the tested URL, the body, a link to the JSON resource. */
export function layout(test: ReportTest, links: { css: string; json: string }, body: SafeHtml): SafeHtml {
  const done = test.status === 'completed' || test.status === 'failed';
  const facts = [TYPE_NAMES[test.type], test.type === 'lighthouse' ? test.device : null, `${done ? 'finished' : 'started'} ${utc(test.completedAt ?? test.createdAt)}`];
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${TYPE_NAMES[test.type]} of ${test.url} · Pageprobe</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="${links.css}">
</head>
<body>
<header class="top"><span class="brand">Pageprobe</span><a href="${links.json}">This test as JSON (API key needed)</a></header>
<main>
<h1>${test.url}</h1>
<p class="meta">${facts.filter(Boolean).join(' · ')}</p>
${body}
</main>
<footer>Report by Pageprobe. Anyone with this link can see it.</footer>
</body>
</html>`;
}

/** A date as `2026-11-22 10:20 UTC`. */
export const utc = (date: Date) => `${date.toISOString().replace('T', ' ').slice(0, 16)} UTC`;

/** good / average / poor, for colouring a 0-100 score the way Lighthouse does (90 and 50). */
export const scoreClass = (score: number | null | undefined) =>
  score === null || score === undefined ? '' : score >= 90 ? 'good' : score >= 50 ? 'average' : 'poor';

const gradeClass = (grade: string) => ('AB'.includes(grade) ? 'good' : 'CD'.includes(grade) ? 'average' : 'poor');

export interface Tile {
  label: string;
  value: string;
  cls?: string;
}

/** The grade (when there is one) beside a row of figures. */
export function summary(grade: string | null, tiles: Tile[]): SafeHtml {
  const known = grade && /^[A-F]$/.test(grade) ? grade : null;
  return html`<section class="card summary" aria-label="Summary">
${known ? html`<p class="grade ${gradeClass(known)}"><span class="visually-hidden">Grade </span>${known}</p>` : ''}
<ul class="tiles">${tiles.map((t) => html`<li class="tile ${t.cls ?? ''}"><span class="value">${t.value}</span> <span class="label">${t.label}</span></li>`)}</ul>
</section>`;
}

export const fmtMs = (ms: number | null | undefined) =>
  ms === null || ms === undefined ? '–' : ms >= 1000 ? `${(ms / 1000).toFixed(1)} s` : `${Math.round(ms)} ms`;
export const fmtBytes = (bytes: number | null | undefined) =>
  bytes === null || bytes === undefined || bytes < 0
    ? '–'
    : bytes >= 1024 * 1024
      ? `${(bytes / 1024 / 1024).toFixed(1)} MB`
      : bytes >= 1024
        ? `${(bytes / 1024).toFixed(1)} kB`
        : `${bytes} B`;
export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
