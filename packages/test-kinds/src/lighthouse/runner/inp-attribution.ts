import type { CDPSession, Page } from 'puppeteer-core';
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
/** Scripts (by URL and function) the watcher keeps, so a page of endless distinct scripts stays bounded. */
export const MAX_WATCHED_SCRIPTS = 200;
/** A URL, function name or invoker is the page's text: cut to this many characters, ending in `…`. */
export const MAX_SCRIPT_TEXT = 200;

/** The world the watcher runs in: Chromium's own JS world beside the page's, whose globals the page cannot see. */
const WORLD = 'pageprobe-long-frames';

/**
 * Starts collecting the page's long animation frames (the LoAF API: each frame over 50 ms, with the
 * scripts that ran in it, their URL, function and duration). Lighthouse's trace has the INP breakdown but
 * not the scripts by function, so an observer in the page is asked, as web-vitals' attribution build does.
 *
 * The observer runs in an isolated world (issue 44 item 6): in the page's own world the page could
 * overwrite what it collected with invented frames or any JSON. There it sees the same entries, which
 * only the browser writes; their texts (URL, function, invoker) are still the page's, so they are cut.
 */
export async function watchLongFrames(page: Page): Promise<LongFrameWatch> {
  const session = await page.createCDPSession();
  const { frameTree } = await session.send('Page.getFrameTree');
  const { executionContextId } = await session.send('Page.createIsolatedWorld', {
    frameId: frameTree.frame.id,
    worldName: WORLD,
  });
  const watcher = `(${collect.toString()})(${MAX_WATCHED_SCRIPTS}, ${MAX_SCRIPT_TEXT})`;
  await session.send('Runtime.evaluate', { contextId: executionContextId, expression: watcher });
  return readWatch(session, executionContextId);
}

/**
 * Runs in the isolated world (serialised: no references outside it). Merges the scripts by URL and
 * function as they come, keeping at most `maxScripts` of them and `maxText` characters of each text.
 */
function collect(maxScripts: number, maxText: number) {
  const w = globalThis as unknown as {
    __pageprobeScripts: Map<
      string,
      { url: string | null; function: string | null; invoker: string | null; duration_ms: number }
    >;
    PerformanceObserver: {
      supportedEntryTypes?: string[];
      new (
        callback: (list: { getEntries(): Array<{ scripts: Array<Record<string, unknown>> }> }) => void,
      ): { observe(options: { type: string }): void };
    };
  };
  const text = (value: unknown) =>
    typeof value !== 'string' || value === ''
      ? null
      : value.length > maxText
        ? `${value.slice(0, maxText - 1)}…`
        : value;
  const scripts = new Map();
  w.__pageprobeScripts = scripts;
  if (!w.PerformanceObserver.supportedEntryTypes?.includes('long-animation-frame')) return;
  new w.PerformanceObserver((list) => {
    for (const frame of list.getEntries())
      for (const s of frame.scripts) {
        const url = text(s.sourceURL);
        const fn = text(s.sourceFunctionName);
        const key = `${url} ${fn}`;
        const known = scripts.get(key);
        const duration = typeof s.duration === 'number' ? s.duration : 0;
        if (known) known.duration_ms += duration;
        else if (scripts.size < maxScripts)
          scripts.set(key, { url, function: fn, invoker: text(s.invoker), duration_ms: duration });
      }
  }).observe({ type: 'long-animation-frame' });
}

const textOrNull = (value: unknown) => value === null || (typeof value === 'string' && value.length <= MAX_SCRIPT_TEXT);

/** The scripts the isolated world collected: read once, at the timespan's end. */
export interface LongFrameWatch {
  /** The longest scripts of the frames since watchLongFrames, merged by URL and function. */
  longestScripts(): Promise<InpAttribution['scripts']>;
}

function readWatch(session: CDPSession, contextId: number): LongFrameWatch {
  return {
    async longestScripts() {
      try {
        const { result, exceptionDetails } = await session.send('Runtime.evaluate', {
          contextId,
          expression: '[...globalThis.__pageprobeScripts.values()]',
          returnByValue: true,
        });
        if (exceptionDetails) throw new Error(`reading the long frames failed: ${exceptionDetails.text}`);
        return pickLongest(result.value);
      } catch (error) {
        // The timespan navigated: the world went with its document, as the frames of the page it left did.
        if (/Cannot find context|context was destroyed/i.test(String(error))) return [];
        throw error;
      } finally {
        await session.detach().catch(() => {});
      }
    },
  };
}

/** The longest `MAX_SCRIPTS` of what the watcher kept, each checked for the shape the watcher writes. */
export function pickLongest(seen: unknown): InpAttribution['scripts'] {
  if (!Array.isArray(seen)) return [];
  return seen
    .slice(0, MAX_WATCHED_SCRIPTS)
    .filter(
      (s): s is InpAttribution['scripts'][number] =>
        typeof s === 'object' &&
        s !== null &&
        textOrNull(s.url) &&
        textOrNull(s.function) &&
        textOrNull(s.invoker) &&
        Number.isFinite(s.duration_ms) &&
        s.duration_ms >= 0,
    )
    .map((s) => ({ url: s.url, function: s.function, invoker: s.invoker, duration_ms: Math.round(s.duration_ms) }))
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
