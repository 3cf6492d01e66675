import type { Crawl } from './crawl.ts';
import type { Findings } from './findings.ts';
import type { LlmsTxt } from './llms-txt.ts';
import type { RenderComparison } from './render-compare.ts';

/** Share of the start page's rendered words that only JavaScript adds, at which we report it. */
export const JS_ONLY = { warning: 0.5, notice: 0.2 };

/** The site-wide checks: HTTPS, robots.txt, sitemaps, llms.txt, and text that needs JavaScript. */
export function checkSite(crawl: Crawl, llms: LlmsTxt, rendering: RenderComparison, findings: Findings): void {
  const start = crawl.pages[0];
  const landed = start?.finalUrl ?? crawl.startUrl;
  if (new URL(landed).protocol !== 'https:') findings.add('not_https', crawl.startUrl, `ends at ${landed}`);

  const robots = crawl.robotsTxt;
  if (robots.state === 'missing') findings.add('robots_txt_missing', robots.url, `HTTP ${robots.status}`);
  if (robots.state === 'unreachable')
    findings.add('robots_txt_unreachable', robots.url, robots.status ? `HTTP ${robots.status}` : 'no answer');
  for (const problem of robots.robots.problems)
    findings.add('robots_txt_invalid', robots.url, `line ${problem.line}: ${problem.message}`);

  const answered = crawl.sitemaps.filter((s) => s.status === 200);
  const declared = robots.robots.sitemaps.length > 0;
  if (answered.length === 0 && !declared)
    findings.add('sitemap_missing', crawl.sitemaps[0]?.url ?? `${new URL(crawl.startUrl).origin}/sitemap.xml`);
  else
    for (const sitemap of crawl.sitemaps)
      for (const problem of sitemap.problems) findings.add('sitemap_invalid', sitemap.url, problem);

  if (llms.state === 'missing') findings.add('llms_txt_missing', llms.url);
  for (const problem of llms.problems) findings.add('llms_txt_invalid', llms.url, problem);

  const share = rendering.js_only_share;
  const detail = `${Math.round((share ?? 0) * 100)}% of ${rendering.rendered_words} words`;
  if (share !== null && share >= JS_ONLY.warning) findings.add('js_only_content', crawl.startUrl, detail);
  else if (share !== null && share >= JS_ONLY.notice) findings.add('js_some_content', crawl.startUrl, detail);
}
