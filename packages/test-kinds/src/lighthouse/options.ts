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
}

export const LIGHTHOUSE_OPTIONS = ['block_urls', 'throttling', 'viewport', 'user_agent', 'locale', 'steps'] as const;

/** Whether a URL matches a blocked-URL pattern, as Chromium reads one (`*` any run of characters). */
export function matchesPattern(url: string, pattern: string): boolean {
  const re = new RegExp(
    `^${pattern
      .split('*')
      .map((p) => p.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*')}$`,
  );
  return re.test(url) || (!pattern.includes('*') && url.includes(pattern));
}
