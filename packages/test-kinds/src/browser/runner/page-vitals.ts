import type { Page } from 'puppeteer-core';
import type { PageElement, PageEntry, PageGlobals } from './page-globals.ts';

// What a browser check measures inside the page (issue 59, item 2), with the browser's own performance
// entries: the navigation's TTFB, FCP, LCP and CLS, and each interaction's Event Timing entry (INP's
// figure, and its input delay, processing and presentation) with the layout shifts after it. Installed
// before any of the page's scripts in every document the run opens. The page can read or spoil these
// figures, as it could its own: they measure the page, and nothing of ours is reached from it.

/** The global the probe keeps its entries under; a name no page would choose. */
const KEY = '__pageprobeVitals';

/** Runs in the page, before its scripts (serialised by Puppeteer: no closure over this module). */
function probe(key: string) {
  type Shift = { t: number; value: number };
  type Event = {
    id: number;
    t: number;
    delay: number;
    processing: number;
    presentation: number;
    duration: number;
    target: string | null;
  };
  const state = {
    fcp: null as number | null,
    lcp: null as number | null,
    shifts: [] as Shift[],
    events: [] as Event[],
  };
  const page = globalThis as unknown as PageGlobals;
  const describe = (node: PageElement | null): string | null => {
    if (!node || typeof node.tagName !== 'string') return null;
    const id = node.id ? `#${node.id}` : '';
    const cls =
      typeof node.className === 'string' && node.className.trim()
        ? `.${node.className.trim().split(/\s+/).slice(0, 2).join('.')}`
        : '';
    return `${node.tagName.toLowerCase()}${id}${cls}`.slice(0, 200);
  };
  const observe = (type: string, each: (entry: PageEntry) => void, options: { durationThreshold?: number } = {}) => {
    try {
      new page.PerformanceObserver((list) => {
        for (const entry of list.getEntries()) each(entry);
      }).observe({ type, buffered: true, ...options });
    } catch {
      // A type this Chromium does not know: its figure stays null.
    }
  };
  observe('paint', (e) => {
    if (e.name === 'first-contentful-paint') state.fcp = e.startTime;
  });
  observe('largest-contentful-paint', (e) => {
    state.lcp = e.startTime;
  });
  observe('layout-shift', (e) => state.shifts.push({ t: e.startTime, value: e.value }));
  // Interactions only (an interactionId), as INP counts them; 16 ms is the smallest threshold allowed.
  observe(
    'event',
    (e) => {
      if (!e.interactionId) return;
      state.events.push({
        id: e.interactionId,
        t: e.startTime,
        delay: e.processingStart - e.startTime,
        processing: e.processingEnd - e.processingStart,
        presentation: Math.max(0, e.startTime + e.duration - e.processingEnd),
        duration: e.duration,
        target: describe(e.target),
      });
    },
    { durationThreshold: 16 },
  );
  Object.defineProperty(globalThis, key, { value: state, enumerable: false });
}

export interface NavigationVitals {
  url: string;
  ttfb_ms: number | null;
  fcp_ms: number | null;
  lcp_ms: number | null;
  cls: number;
}

export interface InteractionVitals {
  inp_ms: number | null;
  input_delay_ms: number | null;
  processing_ms: number | null;
  presentation_delay_ms: number | null;
  target: string | null;
  cls: number;
}

/** Installs the probe in every document the page opens from now on. */
export async function installProbe(page: Page): Promise<void> {
  await page.evaluateOnNewDocument(probe, KEY);
}

const round = (v: number | null) => (v === null || !Number.isFinite(v) ? null : Math.round(v));
const round3 = (v: number) => Math.round(v * 1000) / 1000;

/** The page's clock now (performance.now()), where an interaction's window starts; null when it has none. */
export async function pageNow(page: Page): Promise<number | null> {
  return page.evaluate(() => (globalThis as unknown as PageGlobals).performance.now()).catch(() => null);
}

/** Waits for two frames, so that an interaction's Event Timing entry and its shifts are reported. */
export async function nextFrames(page: Page): Promise<void> {
  await page
    .evaluate(
      () =>
        new Promise<void>((resolve) => {
          const { requestAnimationFrame: frame } = globalThis as unknown as PageGlobals;
          frame(() => frame(() => setTimeout(resolve, 50)));
          // A page in the background gets no frames: do not wait for them.
          setTimeout(resolve, 500);
        }),
    )
    .catch(() => {});
}

/** The document's load: TTFB from its navigation entry, FCP, the latest LCP, and all its layout shift. */
export async function readNavigation(page: Page): Promise<NavigationVitals> {
  // Paint entries are reported after the frame that painted: wait for it (a page that paints nothing
  // has no FCP, and is not waited for longer).
  await page
    .waitForFunction(
      (key) => (globalThis as unknown as Record<string, { fcp: number | null } | undefined>)[key]?.fcp != null,
      { timeout: 1_000, polling: 'raf' },
      KEY,
    )
    .catch(() => {});
  await nextFrames(page);
  const read = await page
    .evaluate((key) => {
      const state = (globalThis as unknown as Record<string, unknown>)[key] as
        | { fcp: number | null; lcp: number | null; shifts: Array<{ value: number }> }
        | undefined;
      const nav = (globalThis as unknown as PageGlobals).performance.getEntriesByType('navigation')[0];
      return {
        ttfb: nav ? nav.responseStart : null,
        fcp: state?.fcp ?? null,
        lcp: state?.lcp ?? null,
        cls: (state?.shifts ?? []).reduce((sum, s) => sum + s.value, 0),
      };
    }, KEY)
    .catch(() => ({ ttfb: null, fcp: null, lcp: null, cls: 0 }));
  return {
    url: page.url(),
    ttfb_ms: round(read.ttfb),
    fcp_ms: round(read.fcp),
    lcp_ms: round(read.lcp),
    cls: round3(read.cls),
  };
}

/**
 * An interaction since `since` (the page's clock before the step): the longest Event Timing entry, as
 * INP takes it, with its parts and target, and the layout shift after it. Null figures when the step
 * caused no interaction the browser reported (a hover, a key nothing listens to) or left the document.
 */
export async function readInteraction(page: Page, since: number | null): Promise<InteractionVitals> {
  const none: InteractionVitals = {
    inp_ms: null,
    input_delay_ms: null,
    processing_ms: null,
    presentation_delay_ms: null,
    target: null,
    cls: 0,
  };
  if (since === null) return none;
  const read = await page
    .evaluate(
      (key, from) => {
        const state = (globalThis as unknown as Record<string, unknown>)[key] as
          | {
              shifts: Array<{ t: number; value: number }>;
              events: Array<{
                id: number;
                t: number;
                delay: number;
                processing: number;
                presentation: number;
                duration: number;
                target: string | null;
              }>;
            }
          | undefined;
        if (!state) return null;
        const events = state.events.filter((e) => e.t >= from);
        // The longest; of equal ones (an interaction's pointerdown, pointerup and click share its
        // duration), the one whose handlers took longest, which names the element they ran for.
        const worst = events.reduce<(typeof events)[number] | null>(
          (a, e) =>
            a && (a.duration > e.duration || (a.duration === e.duration && a.processing >= e.processing)) ? a : e,
          null,
        );
        // The element: the worst entry's, or another of the same interaction's (a pointer entry may have none).
        const target = worst
          ? (worst.target ?? events.find((e) => e.id === worst.id && e.target)?.target ?? null)
          : null;
        // Its phases: the same interaction's entry whose handlers ran longest (on a loaded machine the
        // pointerdown's entry, with no handler, may be a frame longer than the click's and be `worst`).
        const phases = worst
          ? events.filter((e) => e.id === worst.id).reduce((a, e) => (e.processing > a.processing ? e : a), worst)
          : null;
        return {
          worst,
          phases,
          target,
          cls: state.shifts.filter((s) => s.t >= from).reduce((sum, s) => sum + s.value, 0),
        };
      },
      KEY,
      since,
    )
    .catch(() => null);
  if (!read) return none;
  const { worst, phases, target, cls } = read;
  return {
    inp_ms: round(worst?.duration ?? null),
    input_delay_ms: round(phases?.delay ?? null),
    processing_ms: round(phases?.processing ?? null),
    presentation_delay_ms: round(phases?.presentation ?? null),
    target,
    cls: round3(cls),
  };
}
