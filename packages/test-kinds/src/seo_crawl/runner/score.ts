import type { Findings } from './findings.ts';
import { type IssueCode, type IssueKind, ISSUES, type Severity } from '@pageprobe/test-kinds';

/** How many points (of 100) one issue costs when it affects every page. */
export const SEVERITY_WEIGHT: Record<Severity, number> = { error: 15, warning: 6, notice: 2 };
const SEVERITY_ORDER: Severity[] = ['error', 'warning', 'notice'];
/** URLs listed per issue in the result; `url_count` has the full number. */
export const URLS_PER_ISSUE = 20;

export type SeoIssue = {
  code: IssueCode;
  severity: Severity;
  title: string;
  description: string;
  urls: string[];
  url_count: number;
  /** The Lighthouse audit that checks the same thing, where one does (a lighthouse test reports it). */
  lighthouse_audit?: string;
};

/**
 * structure_score for seo_crawl: 100 scaled down by every issue found,
 *
 *     structure_score = round(100 × Π (1 − wᵢ·cᵢ / 100))
 *
 * with wᵢ the severity weight (error 15, warning 6, notice 2) and cᵢ the issue's coverage: 1 for a
 * site-wide issue (no HTTPS, no sitemap, robots.txt errors...), √(pages affected / pages crawled) for a
 * page issue, so one broken page of fifty still costs a fifth of the full weight. A site without
 * findings scores 100; every error on every page would bring it near 0.
 */
export function seoScore(findings: Findings, pagesCrawled: number): number {
  let score = 1;
  for (const [code, urls] of findings.byCode) {
    const kind = ISSUES[code];
    const coverage = kind.scope === 'site' ? 1 : Math.sqrt(Math.min(1, urls.size / Math.max(1, pagesCrawled)));
    score *= 1 - (SEVERITY_WEIGHT[kind.severity] * coverage) / 100;
  }
  return Math.round(100 * score);
}

/** The result's `seo_issues`: errors first, then warnings, then notices, each by how many URLs. */
export function seoIssues(findings: Findings): SeoIssue[] {
  return [...findings.byCode]
    .map(([code, urls]) => {
      const { severity, title, description, lighthouseAudit } = ISSUES[code] as IssueKind;
      return {
        code,
        severity,
        title,
        description,
        urls: [...urls].slice(0, URLS_PER_ISSUE),
        url_count: urls.size,
        ...(lighthouseAudit ? { lighthouse_audit: lighthouseAudit } : {}),
      };
    })
    .sort(
      (a, b) =>
        SEVERITY_ORDER.indexOf(a.severity) - SEVERITY_ORDER.indexOf(b.severity) ||
        b.url_count - a.url_count ||
        a.code.localeCompare(b.code),
    );
}
