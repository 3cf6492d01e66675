import { z } from 'zod';

/** A request the egress guard refused (the page loaded, framed or fetched a private address). */
const blockedRequest = z.object({
  host: z.string(),
  port: z.int(),
  reason: z
    .string()
    .describe('The kind of address the host resolves to (loopback, private, link-local...); never the address itself.'),
});

export const lighthouseResult = z
  .object({
    final_url: z.string(),
    requests: z.int().min(0).describe('Requests in the HAR.'),
    blocked_requests: z.array(blockedRequest),
    warnings: z.array(z.string()).describe("Lighthouse's run warnings."),
  })
  .meta({ id: 'LighthouseResult', description: 'What a lighthouse run found beyond its scores.' });

export const lighthouseAudits = z
  .array(
    z.object({
      id: z.string(),
      category: z.string(),
      title: z.string(),
      score: z.number().min(0).max(1),
      display_value: z.string().nullable(),
      savings: z.object({
        ms: z.int(),
        bytes: z.int(),
        metrics: z
          .record(z.string(), z.number())
          .describe("Lighthouse 13's estimated savings per metric (LCP, FCP, TBT, CLS, INP)."),
      }),
    }),
  )
  .meta({ id: 'LighthouseAudits', description: 'Failed and improvable audits, biggest estimated savings first.' });
