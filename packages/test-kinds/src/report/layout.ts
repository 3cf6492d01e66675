import { html, type SafeHtml } from '@pageprobe/html';
import { assertionsView } from './assertions-view.ts';
import { kindNamed } from '../registry.ts';
import { utc } from './format.ts';
import type { ReportTest } from './report-test.ts';

/** The head and opening of every report page: no indexing, no favicon request, our stylesheet. */
export const pageStart = (title: string, css: string): SafeHtml => html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${title} · Pageprobe</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="${css}">
</head>
<body>`;

/**
 * The page every report shares: header with the tested URL, the body, a link to the JSON resource, and
 * to the page of the monitor that ran it (`monitor`), if one did.
 */
export function layout(
  test: ReportTest,
  links: { css: string; json: string; monitor?: string | null },
  body: SafeHtml,
): SafeHtml {
  const done = test.status === 'completed' || test.status === 'failed';
  const facts = [
    kindNamed(test.type).title,
    kindNamed(test.type).usesDevice ? test.device : null,
    `${done ? 'finished' : 'started'} ${utc(test.completedAt ?? test.createdAt)}`,
  ];
  return html`${pageStart(`${kindNamed(test.type).title} of ${test.url}`, links.css)}
<header class="top"><span class="brand">Pageprobe</span><a href="${links.json}">This test as JSON (API key needed)</a></header>
<main>
<h1>${test.url}</h1>
<p class="meta">${facts.filter(Boolean).join(' · ')}</p>
${links.monitor ? html`<p class="more"><a href="${links.monitor}">Run by a monitor: its page, with this run among its history</a></p>` : ''}
${done ? assertionsView(test) : ''}
${body}
</main>
<footer>Report by Pageprobe. Anyone with this link can see it.</footer>
</body>
</html>`;
}
