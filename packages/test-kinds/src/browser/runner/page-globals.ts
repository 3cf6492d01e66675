// The few browser names the code that runs in a page uses, typed here: the workspace's programs check
// Node code without the DOM's library (its `document` and `window` would type-check in Node code
// too), so functions sent to the page see `globalThis` as this.

/** An element, as far as the page code reads one. */
export interface PageElement {
  tagName: string;
  id: string;
  className: unknown;
  /** The text a person sees (hidden elements' text left out). */
  innerText?: string;
}

/** A performance entry with the fields the vitals probe reads (absent ones are undefined). */
export interface PageEntry {
  name: string;
  startTime: number;
  duration: number;
  value: number;
  interactionId?: number;
  processingStart: number;
  processingEnd: number;
  responseStart: number;
  target: PageElement | null;
}

export interface PageGlobals {
  document: { body: PageElement | null; querySelector(selector: string): PageElement | null };
  performance: { now(): number; getEntriesByType(type: string): PageEntry[] };
  PerformanceObserver: new (
    callback: (list: { getEntries(): PageEntry[] }) => void,
  ) => { observe(options: { type: string; buffered: boolean; durationThreshold?: number }): void };
  requestAnimationFrame(callback: () => void): number;
}
