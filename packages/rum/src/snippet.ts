import { readFileSync } from 'node:fs';
import { html } from '@pageprobe/html';

// The browser script (beacon/, built into beacon/dist/beacon.js) and the one line that loads it.

let script: Buffer | undefined;

/** The beacon's bytes as served at /rum/v1/beacon.js: read from the checked-in build once. */
export function beaconScript(): Buffer {
  script ??= readFileSync(new URL('../beacon/dist/beacon.js', import.meta.url));
  return script;
}

export interface SnippetSite {
  siteKey: string;
  /** 0 < rate ≤ 1: the share of page views that send a beacon. */
  sampleRate: number;
  keepQueryStrings: boolean;
}

/**
 * The tag a site puts in its pages' <head>: async, so it never holds the page's parsing; its attributes
 * are what the script reads of itself (beacon/src/script-options.ts).
 */
export function snippetFor(site: SnippetSite, publicBaseUrl: string): string {
  const src = `${publicBaseUrl.replace(/\/+$/, '')}/rum/v1/beacon.js`;
  const query = site.keepQueryStrings && html` data-query="keep"`;
  return html`<script async src="${src}" data-site="${site.siteKey}" data-sample="${site.sampleRate}"${query}></script>`
    .value;
}
