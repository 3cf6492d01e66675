import { z } from 'zod';
import { fieldData } from './field.ts';

/** A request the egress guard refused (the page loaded, framed or fetched a private address). */
const blockedRequest = z.object({
  host: z.string(),
  port: z.int(),
  reason: z
    .string()
    .describe('The kind of address the host resolves to (loopback, private, link-local...); never the address itself.'),
});

/**
 * The page names its marks and measures, and makes as many as it likes: the result keeps the first
 * entries Lighthouse lists, each name cut, so a page cannot grow a result or a monitor's series keys
 * (`user_timing:<name>`) without bound (issue 44 item 6).
 */
export const USER_TIMING_LIMITS = { entries: 50, nameChars: 100 } as const;

/** A User Timing mark or measure the page recorded. */
export const userTiming = z
  .object({
    name: z.string().describe(`As the page named it, cut to its first ${USER_TIMING_LIMITS.nameChars} characters.`),
    kind: z.enum(['mark', 'measure']),
    start_ms: z.number().describe('When it starts, in ms from the navigation start.'),
    duration_ms: z.number().nullable().describe("A measure's duration in ms; null for a mark."),
  })
  .meta({ id: 'UserTiming', description: 'A User Timing mark or measure the page recorded.' });
export type UserTiming = z.infer<typeof userTiming>;

/** One view of the page: the first load, or the repeat load with the cache warm (`repeat_view`). */
const view = z
  .object({
    view: z.enum(['first', 'repeat']),
    performance_score: z.int().min(0).max(100).nullable(),
    vitals: z.record(z.string(), z.number().nullable()),
    requests: z.int().min(0).describe("Requests in Lighthouse's resource summary."),
    transfer_bytes: z.int().min(0).describe('Bytes transferred over the network (a resource from the cache: none).'),
  })
  .meta({ id: 'LighthouseView', description: 'A load of the page: first (cache empty) or repeat (cache warm).' });

export const lighthouseResult = z
  .object({
    final_url: z.string(),
    requests: z.int().min(0).describe('Requests in the HAR.'),
    blocked_requests: z.array(blockedRequest),
    warnings: z.array(z.string()).describe("Lighthouse's run warnings."),
    blocked_urls: z
      .array(z.object({ pattern: z.string(), requests: z.int().min(0) }))
      .optional()
      .describe("Each `block_urls` pattern and how many of the page's requests it kept in Chromium."),
    steps: z
      .array(
        z.object({
          index: z.int().min(0).describe('0 is loading the test URL; then the steps in order, from 1.'),
          type: z.enum(['load', 'navigate', 'click', 'type', 'wait_for', 'wait', 'start_timespan', 'end_timespan']),
          description: z.string(),
          scores: z.record(z.string(), z.int().min(0).max(100).nullable()).optional(),
          vitals: z.record(z.string(), z.number().nullable()).optional(),
          interaction: z
            .object({
              inp_ms: z.number().nullable(),
              cls: z.number().nullable(),
              tbt_ms: z.number().nullable(),
              attribution: z
                .object({
                  input_delay_ms: z.number().nullable(),
                  processing_ms: z.number().nullable(),
                  presentation_delay_ms: z.number().nullable(),
                  scripts: z
                    .array(
                      z.object({
                        url: z.string().nullable(),
                        function: z.string().nullable(),
                        invoker: z.string().nullable().describe('What ran it, e.g. BUTTON#menu.onclick.'),
                        duration_ms: z.number(),
                      }),
                    )
                    .describe(
                      "The longest scripts of the long animation frames (over 50 ms) during the timespan, longest first, at most 5. Collected out of the page's reach; URL, function and invoker are the page's own text, cut to 200 characters (ending in …).",
                    ),
                })
                .optional()
                .describe(
                  "What slowed the slowest interaction: INP's input delay, processing time and presentation delay (Lighthouse's INP breakdown), and the scripts that ran longest (the page's long-animation-frame entries).",
                ),
            })
            .optional()
            .describe("A timespan's interaction, at its end_timespan step."),
        }),
      )
      .optional()
      .describe(
        "A user flow's steps: navigations with their scores and vitals, timespans with their INP, CLS and TBT. The test's own figures are the last navigation's.",
      ),
    user_timings: z
      .array(userTiming)
      .optional()
      .describe(
        `The page's User Timing marks and measures (performance.mark, performance.measure), from Lighthouse's user-timings audit: measures first, then marks, each by start. Names starting goog_ are left out, as Lighthouse does. At most the first ${USER_TIMING_LIMITS.entries}; \`user_timings_truncated\` says what was left out. Absent on tests run before it was recorded.`,
      ),
    user_timings_truncated: z
      .object({
        dropped: z.int().min(0).describe(`Entries left out after the first ${USER_TIMING_LIMITS.entries}.`),
        names_cut: z.int().min(0).describe(`Names kept but cut to ${USER_TIMING_LIMITS.nameChars} characters.`),
      })
      .optional()
      .describe('Present when the page recorded more User Timing entries, or longer names, than the result keeps.'),
    views: z
      .array(view)
      .optional()
      .describe(
        'With `repeat_view`: the first run (cache empty) and a second load with the cache warm, as WebPageTest shows first and repeat view.',
      ),
    resources: z
      .record(z.string(), z.object({ requests: z.int().min(0), transfer_bytes: z.int().min(0) }))
      .optional()
      .describe(
        "Requests and bytes transferred per resource type (document, script, stylesheet, image, font, media, other, third-party, total), from Lighthouse's resource summary. Absent on tests run before it was recorded.",
      ),
    field: fieldData
      .optional()
      .describe(
        "What real Chrome users saw of the test's URL (Chrome UX Report, 28 days, the test's device), each metric beside the representative run's lab value with a verdict. Absent on tests run before it was recorded.",
      ),
  })
  .meta({ id: 'LighthouseResult', description: 'What a lighthouse run found beyond its scores.' });

export const lighthouseAudits = z
  .array(
    z.object({
      id: z.string(),
      category: z.string(),
      group: z
        .string()
        .nullable()
        .optional()
        .describe("Lighthouse's group of the audit in its category: insights, diagnostics, a11y-…; null when none."),
      group_title: z.string().nullable().optional().describe("The group's title, in the report's language."),
      title: z.string(),
      score: z
        .number()
        .min(0)
        .max(1)
        .nullable()
        .describe(
          'Null for an informative insight (LCP breakdown, document latency...), which Lighthouse does not score.',
        ),
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
  .meta({
    id: 'LighthouseAudits',
    description:
      "Failed and improvable audits, biggest estimated savings first, then the informative insights Lighthouse shows; each with Lighthouse's group.",
  });

/** The vitals of one lighthouse run, as the test's `vitals` shows them (ms; CLS unitless). */
const vitals = z.object({
  lcp_ms: z.number().nullable(),
  fcp_ms: z.number().nullable(),
  cls: z.number().nullable(),
  tbt_ms: z.number().nullable(),
  speed_index_ms: z.number().nullable(),
  ttfb_ms: z.number().nullable(),
  interactive_ms: z.number().nullable(),
});

export const lighthouseRun = z
  .object({
    index: z.int().min(1).describe('1 for the first run, in the order they ran.'),
    performance_score: z.int().min(0).max(100).nullable(),
    vitals,
    representative: z
      .boolean()
      .describe("Whether this run is the test's: the one closest to the median FCP and time to interactive."),
  })
  .meta({ id: 'LighthouseRun', description: 'One run of a lighthouse test of several (`runs`).' });

export const runSpread = z
  .object({
    min: z.int().min(0).max(100),
    max: z.int().min(0).max(100),
    stddev: z.number().min(0).describe('Sample standard deviation (n − 1); 0 for a single run.'),
  })
  .meta({ id: 'RunSpread', description: "How the runs' performance scores spread." });

export type LighthouseRunEntry = z.infer<typeof lighthouseRun>;
export type RunSpread = z.infer<typeof runSpread>;
