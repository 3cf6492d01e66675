import type { KeyRules, Measure } from '../assertions/assertions.ts';
import { ISSUES } from './issue-catalog.ts';

/**
 * seo_crawl's keys: `seo:structure_score` (minScore 0–1, the score over 100), `seo:issue:<code>`
 * (maxLength: URLs with that issue; a bare level means none), `seo:issues:error|warning|notice`
 * (maxNumericValue: how many issue codes of that severity).
 */
export const seoAssertionRules: KeyRules = (key) => {
  if (key === 'seo:structure_score') return { operators: ['minScore'] };
  const issue = /^seo:issue:(.+)$/.exec(key);
  if (issue)
    return issue[1]! in ISSUES ? { operators: ['maxLength'], implied: { operator: 'maxLength', expected: 0 } } : null;
  if (/^seo:issues:(error|warning|notice)$/.test(key)) return { operators: ['maxNumericValue'] };
  return null;
};

export interface SeoSubject {
  structureScore: number | null;
  issues: Array<{ code: string; severity: string; urls: string[] }>;
}

export const measureSeo =
  ({ structureScore, issues }: SeoSubject): Measure =>
  (key) => {
    if (key === 'seo:structure_score') return structureScore === null ? null : structureScore / 100;
    const issue = /^seo:issue:(.+)$/.exec(key);
    if (issue) return issues.find((i) => i.code === issue[1])?.urls.length ?? 0;
    const severity = /^seo:issues:(.+)$/.exec(key);
    return severity ? issues.filter((i) => i.severity === severity[1]).length : null;
  };
