// What the snippet's <script> element says (snippetFor in ../../src/snippet.ts writes it): the site's
// public key, the share of page views that send a beacon, and whether query strings are kept.

export interface ScriptOptions {
  site: string;
  /** The chance that a page load sends anything: 0 to 1. */
  sampleRate: number;
  keepQuery: boolean;
  /** Where beacons go: /rum/v1/collect on the origin the script was served from. */
  collectUrl: string;
}

/**
 * From `document.currentScript`, set only while the script's top level runs (an async script's too): the
 * entry reads it first thing. No site key, nothing to do.
 */
export function scriptOptions(script: HTMLScriptElement | null): ScriptOptions | undefined {
  const data = script?.dataset;
  if (!data?.site) return undefined;
  // No attribute, or not a number: every view. Past 1 is every view, 0 or less none.
  const rate = Number(data.sample || 1);
  return {
    site: data.site,
    sampleRate: rate >= 0 ? rate : 1,
    keepQuery: data.query === 'keep',
    collectUrl: new URL('/rum/v1/collect', script!.src).href,
  };
}
