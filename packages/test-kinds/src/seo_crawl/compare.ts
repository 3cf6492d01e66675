import { z } from 'zod';
import { type Comparison, type CompareSubject, delta, deltaSchema, THRESHOLDS } from '../compare/delta.ts';
import { arr, num, obj, str } from '../report/read-json.ts';

const issueRef = z.object({
  code: z.string(),
  severity: z.string(),
  title: z.string(),
  url_count: z.int().min(0).describe('Affected URLs in the test that has the issue.'),
});

const seoDeltas = z
  .object({
    structure_score: deltaSchema,
    issue_counts: z.object({ error: deltaSchema, warning: deltaSchema, notice: deltaSchema }),
    issues: z.object({
      new: z.array(issueRef).describe('Issue codes in head, not in base.'),
      fixed: z.array(issueRef).describe('Issue codes in base, gone from head.'),
      changed: z
        .array(issueRef.omit({ url_count: true }).extend({ head_urls: z.int().min(0), base_urls: z.int().min(0) }))
        .describe('Issue codes in both, affecting a different number of URLs.'),
    }),
  })
  .meta({ id: 'SeoCrawlDeltas', description: 'head − base of two seo_crawl tests.' });

const SEVERITY_ORDER: Record<string, number> = { error: 0, warning: 1, notice: 2 };

const issuesOf = (t: CompareSubject) =>
  new Map(
    arr(t.seoIssues)
      .map(obj)
      .map((i) => {
        const ref = {
          code: str(i.code) ?? '',
          severity: str(i.severity) ?? 'notice',
          title: str(i.title) ?? '',
          url_count: num(i.url_count) ?? 0,
        };
        return [ref.code, ref] as const;
      }),
  );

const bySeverity = (a: { severity: string; code: string }, b: { severity: string; code: string }) =>
  (SEVERITY_ORDER[a.severity] ?? 3) - (SEVERITY_ORDER[b.severity] ?? 3) || a.code.localeCompare(b.code);

export const seoComparison: Comparison = {
  schema: seoDeltas,
  compare(head, base) {
    const h = issuesOf(head);
    const b = issuesOf(base);
    const hc = obj(obj(head.result).issue_counts);
    const bc = obj(obj(base.result).issue_counts);
    return {
      structure_score: delta(head.structureScore, base.structureScore, 'higher', THRESHOLDS.score),
      issue_counts: Object.fromEntries(
        ['error', 'warning', 'notice'].map((s) => [s, delta(hc[s], bc[s], 'lower', THRESHOLDS.count)]),
      ),
      issues: {
        new: [...h.values()].filter((i) => !b.has(i.code)).sort(bySeverity),
        fixed: [...b.values()].filter((i) => !h.has(i.code)).sort(bySeverity),
        changed: [...h.values()]
          .filter((i) => b.has(i.code) && b.get(i.code)!.url_count !== i.url_count)
          .sort(bySeverity)
          .map(({ url_count, ...i }) => ({ ...i, head_urls: url_count, base_urls: b.get(i.code)!.url_count })),
      },
    };
  },
};
