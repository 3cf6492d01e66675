import { z } from 'zod';

const counts = z.object({ error: z.int(), warning: z.int(), notice: z.int() });

export const seoCrawlResult = z
  .object({
    final_url: z.string(),
    pages_crawled: z.int().min(0),
    not_crawled: z.int().min(0).describe('Same-origin URLs found but left (page cap, depth or time budget).'),
    stopped_by: z.enum(['page_cap', 'time_budget']).nullable(),
    duration_ms: z.int().min(0),
    https: z.boolean(),
    robots_txt: z.object({
      url: z.string(),
      state: z.enum(['present', 'missing', 'unreachable']),
      status: z.int().nullable(),
      crawl_delay_s: z.number().nullable(),
      problems: z.array(z.object({ line: z.int(), message: z.string() })),
    }),
    disallowed: z.object({ urls: z.array(z.string()), count: z.int().min(0) }),
    sitemaps: z.array(
      z.object({
        url: z.string(),
        status: z.int().nullable(),
        kind: z.enum(['urlset', 'sitemapindex']).nullable(),
        entries: z.int().min(0),
        problems: z.array(z.string()),
      }),
    ),
    sitemap_urls: z.int().min(0),
    llms_txt: z.object({
      url: z.string(),
      state: z.enum(['present', 'missing', 'invalid']),
      status: z.int().nullable(),
      title: z.string().nullable(),
      summary: z.string().nullable(),
      links: z.int().min(0),
      problems: z.array(z.string()),
    }),
    structured_data: z.object({
      pages_with_json_ld: z.int().min(0),
      share: z.number().min(0).max(1),
      types: z.record(z.string(), z.int()),
    }),
    rendering: z.object({
      raw_words: z.int().min(0),
      rendered_words: z.int().min(0),
      js_only_share: z.number().min(0).max(1).nullable(),
      error: z.string().nullable(),
    }),
    issue_counts: counts,
  })
  .meta({
    id: 'SeoCrawlResult',
    description: 'What the crawl found: pages, robots.txt, sitemaps, llms.txt, rendering.',
  });

export const seoCrawlAudits = z
  .object({
    pages: z.array(
      z.object({
        url: z.string(),
        status: z.int().nullable(),
        title: z.string().nullable(),
        depth: z.int().min(0),
        issues: counts,
      }),
    ),
    ai_crawlers: z.array(
      z.object({
        user_agent: z.string(),
        operator: z.string(),
        purpose: z.string(),
        access: z.enum(['allowed', 'partial', 'blocked']),
        rule: z.enum(['own group', 'wildcard group', 'no rule']),
      }),
    ),
  })
  .meta({ id: 'SeoCrawlAudits', description: 'Every crawled page, and which AI crawlers robots.txt lets in.' });
