import type { Step } from './steps.ts';

// Lighthouse's settings a request may choose (issue 18). They are not secret: the test keeps them as given.

export type ThrottlingPreset = 'mobile_slow_4g' | 'desktop' | 'none';

export interface LighthouseOptions {
  /** Chrome's blocked-URL patterns (`*` matches anything): those requests never leave Chromium. */
  block_urls?: string[];
  throttling?: ThrottlingPreset | { rtt_ms: number; throughput_kbps: number; cpu_slowdown: number };
  viewport?: { width: number; height: number; device_scale_factor: number };
  user_agent?: string;
  /** The page's language: Accept-Language and navigator.language (BCP 47). */
  locale?: string;
  /** A user flow after the URL loads (steps.ts); `type` texts are secrets like passwords. */
  steps?: Step[];
  /** A second load with the cache warm after the first run (WebPageTest's repeat view), charged as a run. */
  repeat_view?: boolean;
}

export const LIGHTHOUSE_OPTIONS = [
  'block_urls',
  'throttling',
  'viewport',
  'user_agent',
  'locale',
  'steps',
  'repeat_view',
] as const;

/**
 * The most device pixels (width × height × device_scale_factor²) a viewport may ask Chromium to paint.
 * Each bound alone allowed 4000 × 8000 at scale 4: a 16,000 × 32,000 surface, 512 million pixels and
 * 2 GiB at 4 bytes each before any copy. The cap is 4000 × 8000 at scale 1 (any shape of that size).
 */
export const MAX_VIEWPORT_DEVICE_PIXELS = 32_000_000;

/** Null when the viewport fits under MAX_VIEWPORT_DEVICE_PIXELS; else the problem, on `body.viewport`. */
export function checkViewport(viewport: NonNullable<LighthouseOptions['viewport']>) {
  const { width, height, device_scale_factor: scale } = viewport;
  const pixels = width * height * scale * scale;
  if (pixels <= MAX_VIEWPORT_DEVICE_PIXELS) return null;
  return {
    path: 'body.viewport',
    message: `is ${Math.round(pixels).toLocaleString('en-US')} device pixels (width × height × device_scale_factor²); at most ${MAX_VIEWPORT_DEVICE_PIXELS.toLocaleString('en-US')}`,
  };
}
