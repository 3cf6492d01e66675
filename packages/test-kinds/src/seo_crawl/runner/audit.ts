import type { Crawl } from './crawl.ts';
import { Findings } from './findings.ts';
import { gradeFor, ISSUES, type Severity } from '@pageprobe/test-kinds';
import type { LlmsTxt } from './llms-txt.ts';
import { checkPages } from './page-checks.ts';
import type { RenderComparison } from './render-compare.ts';
import { aiCrawlerTable } from './robots.ts';
import { checkSite } from './site-checks.ts';
import { seoIssues, seoScore, URLS_PER_ISSUE } from './score.ts';

const countBySeverity = (codes: Array<{ code: keyof typeof ISSUES }>) => {
  const counts: Record<Severity, number> = { error: 0, warning: 0, notice: 0 };
  for (const { code } of codes) counts[ISSUES[code].severity]++;
  return counts;
};

/** The seo_crawl result from a crawl: issues, score and grade, the per-page and AI-crawler audits, and the raw crawl. */
export function auditCrawl(crawl: Crawl, llms: LlmsTxt, rendering: RenderComparison) {
  const findings = new Findings();
  checkPages(crawl, findings);
  checkSite(crawl, llms, rendering, findings);
  const issues = seoIssues(findings);
  const structureScore = seoScore(findings, crawl.pages.length);
  const aiCrawlers = aiCrawlerTable(
    crawl.robotsTxt.robots,
    crawl.startUrl,
    crawl.pages.map((p) => p.url),
  );
  const html = crawl.pages.filter((p) => p.facts);
  const withJsonLd = html.filter((p) => p.facts!.jsonLd.some((b) => !b.error));
  const types: Record<string, number> = {};
  for (const page of withJsonLd)
    for (const type of new Set(page.facts!.jsonLd.flatMap((b) => b.types))) types[type] = (types[type] ?? 0) + 1;

  const pages = crawl.pages.map((p) => ({
    url: p.url,
    status: p.status,
    title: p.facts?.titles[0] ?? null,
    depth: p.depth,
    issues: countBySeverity(findings.byUrl.get(p.url) ?? []),
  }));
  const result = {
    final_url: crawl.pages[0]?.finalUrl ?? crawl.startUrl,
    pages_crawled: crawl.pages.length,
    not_crawled: crawl.notCrawled,
    stopped_by: crawl.stoppedBy,
    duration_ms: crawl.durationMs,
    https: new URL(crawl.pages[0]?.finalUrl ?? crawl.startUrl).protocol === 'https:',
    robots_txt: {
      url: crawl.robotsTxt.url,
      state: crawl.robotsTxt.state,
      status: crawl.robotsTxt.status,
      crawl_delay_s: crawl.robotsTxt.robots.crawlDelaySeconds,
      problems: crawl.robotsTxt.robots.problems,
    },
    disallowed: { urls: crawl.disallowed.slice(0, URLS_PER_ISSUE), count: crawl.disallowed.length },
    sitemaps: crawl.sitemaps,
    sitemap_urls: crawl.sitemapUrls.length,
    llms_txt: llms,
    structured_data: {
      pages_with_json_ld: withJsonLd.length,
      share: html.length ? Math.round((withJsonLd.length / html.length) * 1000) / 1000 : 0,
      types,
    },
    rendering,
    issue_counts: {
      error: 0,
      warning: 0,
      notice: 0,
      ...Object.fromEntries(
        ['error', 'warning', 'notice'].map((s) => [s, issues.filter((i) => i.severity === s).length]),
      ),
    },
  };
  const raw = {
    start_url: crawl.startUrl,
    ...result,
    ai_crawlers: aiCrawlers,
    issues: [...findings.byCode].map(([code, urls]) => ({ code, ...ISSUES[code], urls: [...urls] })),
    pages: crawl.pages.map(({ facts, ...page }) => ({
      ...page,
      facts: facts && { ...facts, text: undefined, links: facts.links.length },
      findings: findings.byUrl.get(page.url) ?? [],
    })),
    site_findings: findings.byUrl.get(crawl.robotsTxt.url) ?? [],
  };
  return {
    issues,
    structureScore,
    grade: gradeFor(structureScore),
    audits: { pages, ai_crawlers: aiCrawlers },
    result,
    raw,
  };
}
