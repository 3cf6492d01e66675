import { Extras } from '@paulirish/trace_engine';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import type { Page } from 'puppeteer-core';
import type { LighthouseOptions } from '@pageprobe/test-kinds';
import type { Lhr } from './lhr.ts';
import { lighthouseFlags } from './settings.ts';

export interface LighthouseRun {
  lhr: Lhr;
  lhrJson: string;
  reportHtml: string;
  devtoolsLog: Array<{ method: string; params: unknown }>;
}

/**
 * Lighthouse's trace engine memoises stack traces per parsed trace in a module-level Map that only
 * `StackTraceForEvent.clearCacheForTrace` empties, and Lighthouse 13 never calls it: every run whose page
 * forced a reflow kept its whole parsed trace for the life of the worker (issue 14's soak: about 1.6 MiB
 * a run, 94 % of the heap's growth). It is only a memo, so emptying it after each run (even with another
 * run in flight: lookups are synchronous) loses nothing. Keep the dependency at the version Lighthouse pins,
 * so this is the copy Lighthouse loads (trace-engine.test.ts checks).
 */
export const forgetTraces = () => Extras.StackTraceForEvent.stackTraceForEventInTrace.clear();

/**
 * One Lighthouse navigation on a Puppeteer page: mobile defaults (simulated throttling) or desktop, with
 * the test's own settings on top (settings.ts); `locale` also sets the page's navigator.language.
 * `keepCache` keeps what the page's last load cached (a repeat view).
 */
export async function runLighthouse(
  page: Page,
  url: string,
  {
    device,
    maxWaitForLoad,
    options = {},
    keepCache = false,
  }: { device: 'mobile' | 'desktop'; maxWaitForLoad: number; options?: LighthouseOptions; keepCache?: boolean },
): Promise<LighthouseRun> {
  if (options.locale) {
    const session = await page.createCDPSession();
    await session.send('Emulation.setLocaleOverride', { locale: options.locale });
  }
  let result: Awaited<ReturnType<typeof lighthouse>>;
  try {
    result = await lighthouse(
      url,
      {
        output: ['json', 'html'],
        logLevel: 'error',
        maxWaitForLoad,
        ...lighthouseFlags(device, options),
        // A repeat view: Lighthouse clears the origin's cache and storage before a run unless told not to.
        ...(keepCache ? { disableStorageReset: true } : {}),
      },
      device === 'desktop' ? desktopConfig : undefined,
      page,
    );
  } finally {
    forgetTraces();
  }
  if (!result) throw new Error('Lighthouse returned no result');
  const [lhrJson, reportHtml] = result.report as string[];
  return {
    lhr: result.lhr as unknown as Lhr,
    lhrJson: lhrJson!,
    reportHtml: reportHtml!,
    devtoolsLog: (result.artifacts as unknown as { DevtoolsLog: LighthouseRun['devtoolsLog'] }).DevtoolsLog,
  };
}
