import { html, type SafeHtml } from '../html.ts';
import type { ReportTest } from '../load-report.ts';

const TYPE_NAMES: Record<ReportTest['type'], string> = { lighthouse: 'Speed test', seo_crawl: 'SEO and AI-readiness audit', uptime: 'Uptime check' };

/** The page every report shares: header with the tested URL, the body, a link to the JSON resource. */
export function layout(test: ReportTest, links: { css: string; json: string }, body: SafeHtml): SafeHtml {
  const when = (test.completedAt ?? test.createdAt).toISOString().replace('T', ' ').slice(0, 16);
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${TYPE_NAMES[test.type]} of ${test.url} · Pageprobe</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="${links.css}">
</head>
<body>
<header class="top"><span class="brand">Pageprobe</span><a href="${links.json}">This test as JSON (API key needed)</a></header>
<main>
<h1>${test.url}</h1>
<p class="meta">${TYPE_NAMES[test.type]} · ${test.device} · ${test.status === 'completed' || test.status === 'failed' ? `finished ${when} UTC` : `started ${when} UTC`}</p>
${body}
</main>
<footer>Report by Pageprobe. Anyone with this link can see it.</footer>
</body>
</html>`;
}

/** good / average / poor, for colouring a 0-100 score the way Lighthouse does (90 and 50). */
export const scoreClass = (score: number | null | undefined) =>
  score === null || score === undefined ? '' : score >= 90 ? 'good' : score >= 50 ? 'average' : 'poor';

export const gradeClass = (grade: string | null) => (!grade ? '' : 'AB'.includes(grade) ? 'good' : 'CD'.includes(grade) ? 'average' : 'poor');

export function summary(grade: string | null, tiles: Array<{ label: string; value: string; cls?: string }>): SafeHtml {
  return html`<section class="card summary" aria-label="Summary">
${grade ? html`<div class="grade ${gradeClass(grade)}" role="img" aria-label="Grade ${grade}">${grade}</div>` : ''}
<div class="tiles">${tiles.map((t) => html`<div class="tile ${t.cls ?? ''}"><span class="value">${t.value}</span><span class="label">${t.label}</span></div>`)}</div>
</section>`;
}

export const fmtMs = (ms: number | null | undefined) => (ms === null || ms === undefined ? '–' : ms >= 1000 ? `${(ms / 1000).toFixed(1)} s` : `${Math.round(ms)} ms`);
export const fmtBytes = (bytes: number | null | undefined) =>
  bytes === null || bytes === undefined || bytes < 0 ? '–' : bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : bytes >= 1024 ? `${(bytes / 1024).toFixed(1)} kB` : `${bytes} B`;
