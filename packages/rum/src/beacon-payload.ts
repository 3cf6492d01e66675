import { z } from 'zod';
import { DEVICES } from './dimensions.ts';

// What the beacon sends (`navigator.sendBeacon`, a text/plain JSON body: a CORS-safelisted request, so
// no preflight) to POST /rum/v1/collect, once per page view on page hide. The contract between the
// browser script (packages/rum/beacon/) and the ingest: every field listed, nothing that identifies a
// person. The ingest drops a body larger than MAX_BEACON_BYTES or not of this shape, and counts it.

export const MAX_BEACON_BYTES = 4096;

/** A CSS selector web-vitals' attribution build made for an element (`generateTarget`), cut to this. */
export const MAX_TARGET_CHARS = 200;

const ms = z.number().finite().min(0).max(600_000);
const target = z.string().max(1000);

export const beaconSchema = z.object({
  /** The site's public key, from the snippet's `data-site`. */
  site: z.string().min(1).max(64),
  /** location.pathname, and location.search where the snippet keeps query strings. */
  path: z.string().min(1).max(2048),
  navigation: z.enum(['navigate', 'reload', 'back-forward', 'back-forward-cache', 'prerender', 'restore']),
  device: z.enum(DEVICES),
  /** navigator.connection.effectiveType, where the browser has it. */
  connection: z.enum(['slow-2g', '2g', '3g', '4g']).optional(),
  vitals: z
    .object({
      lcp_ms: ms.optional(),
      inp_ms: ms.optional(),
      cls: z.number().finite().min(0).max(100).optional(),
      fcp_ms: ms.optional(),
      ttfb_ms: ms.optional(),
    })
    .strict(),
  attribution: z
    .object({
      /** LCP's element and its four phases (web-vitals' LCPAttribution). */
      lcp: z
        .object({
          target: target.optional(),
          ttfb_ms: ms.optional(),
          resource_load_delay_ms: ms.optional(),
          resource_load_duration_ms: ms.optional(),
          element_render_delay_ms: ms.optional(),
        })
        .strict()
        .optional(),
      /** INP's interaction: its target, its type (pointer, keyboard) and three phases. */
      inp: z
        .object({
          target: target.optional(),
          type: z.enum(['pointer', 'keyboard']).optional(),
          input_delay_ms: ms.optional(),
          processing_duration_ms: ms.optional(),
          presentation_delay_ms: ms.optional(),
        })
        .strict()
        .optional(),
      /** The largest layout shift's source element. */
      cls: z.object({ target: target.optional() }).strict().optional(),
    })
    .strict()
    .optional(),
});

export type Beacon = z.infer<typeof beaconSchema>;

/** The phases each attributed metric carries, in order, as stored in monitoring.rum_attribution.phases. */
export const PHASES = {
  lcp: ['ttfb_ms', 'resource_load_delay_ms', 'resource_load_duration_ms', 'element_render_delay_ms'],
  inp: ['input_delay_ms', 'processing_duration_ms', 'presentation_delay_ms'],
  cls: [],
} as const;
