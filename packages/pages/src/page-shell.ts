import { html, type SafeHtml } from '@pageprobe/html';

/**
 * A whole page: no favicon request, our stylesheet, then the body given; a page behind a token is not
 * indexed. `head` adds to the head (a status page's feeds and accent color).
 */
export const pageShell = (
  title: string,
  css: string,
  body: SafeHtml,
  indexed = false,
  head?: SafeHtml,
): SafeHtml => html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="description" content="${title}">
${indexed ? '' : html`<meta name="robots" content="noindex, nofollow">`}
<title>${title} · Pageprobe</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="${css}">
${head ?? ''}
</head>
<body>
${body}
</body>
</html>`;
