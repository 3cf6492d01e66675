import type { Page } from 'puppeteer-core';
import type { Lhr } from './lhr.ts';

/** What slowed a timespan's slowest interaction: INP's three parts, and the scripts that ran longest. */
export interface InpAttribution {
  input_delay_ms: number | null;
  processing_ms: number | null;
  presentation_delay_ms: number | null;
  scripts: Array<{ url: string | null; function: string | null; invoker: string | null; duration_ms: number }>;
}

/** Scripts listed per timespan: the longest. */
const MAX_SCRIPTS = 5;

/**
 * Starts collecting the page's long animation frames (the LoAF API: each frame over 50 ms, with the
 * scripts that ran in it, their URL, function and duration). Lighthouse's trace has the INP breakdown but
 * not the scripts by function, so the page's own observer is asked, as web-vitals' attribution build does.
 */
export async function watchLongFrames(page: Page): Promise<void> {
  // Runs in the page (this package has no DOM types): the browser's PerformanceObserver, on its window.
  await page.evaluate(() => {
    const w = globalThis as unknown as {
      __pageprobeFrames: unknown[];
      PerformanceObserver: {
        supportedEntryTypes?: string[];
        new (
          callback: (list: { getEntries(): Array<{ scripts: Array<Record<string, unknown>> }> }) => void,
        ): { observe(options: { type: string }): void };
      };
    };
    w.__pageprobeFrames = [];
    if (!w.PerformanceObserver.supportedEntryTypes?.includes('long-animation-frame')) return;
    new w.PerformanceObserver((list) => {
      for (const frame of list.getEntries())
        for (const s of frame.scripts)
          w.__pageprobeFrames.push({
            url: s.sourceURL || null,
            function: s.sourceFunctionName || null,
            invoker: s.invoker || null,
            duration_ms: s.duration,
          });
    }).observe({ type: 'long-animation-frame' });
  });
}

/** The longest scripts of the frames since watchLongFrames, merged by URL and function. */
export async function longestScripts(page: Page): Promise<InpAttribution['scripts']> {
  const seen = (await page.evaluate(
    () => (globalThis as unknown as { __pageprobeFrames?: unknown[] }).__pageprobeFrames ?? [],
  )) as InpAttribution['scripts'];
  const merged = new Map<string, InpAttribution['scripts'][number]>();
  for (const s of seen) {
    const key = `${s.url} ${s.function}`;
    const known = merged.get(key);
    merged.set(key, known ? { ...known, duration_ms: known.duration_ms + s.duration_ms } : { ...s });
  }
  return [...merged.values()]
    .map((s) => ({ ...s, duration_ms: Math.round(s.duration_ms) }))
    .sort((a, b) => b.duration_ms - a.duration_ms)
    .slice(0, MAX_SCRIPTS);
}

/** INP's parts from Lighthouse's INP breakdown insight (a list whose first table has the subparts). */
export function inpBreakdown(lhr: Lhr) {
  const details = lhr.audits['inp-breakdown-insight']?.details as
    | { items?: Array<{ items?: Array<{ subpart?: string; duration?: number }> }> }
    | undefined;
  const parts = details?.items?.[0]?.items ?? [];
  const part = (name: string) => {
    const value = parts.find((p) => p.subpart === name)?.duration;
    return typeof value === 'number' ? Math.round(value) : null;
  };
  return {
    input_delay_ms: part('inputDelay'),
    processing_ms: part('processingDuration'),
    presentation_delay_ms: part('presentationDelay'),
  };
}
