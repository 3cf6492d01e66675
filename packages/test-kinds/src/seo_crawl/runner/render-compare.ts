import type { Page } from 'puppeteer-core';
import { words } from './parse-page.ts';

export type RenderComparison = {
  raw_words: number;
  rendered_words: number;
  /** Share (0-1) of the rendered page's words that are not in the HTML as served. */
  js_only_share: number | null;
  /** Why the page could not be rendered; the other figures are then null/0. */
  error: string | null;
};

/** The start page's text as a visitor sees it, once its scripts have run and the network is quiet. */
export async function renderedText(page: Page, url: string, timeoutMs: number): Promise<string> {
  await page.goto(url, { waitUntil: 'networkidle2', timeout: timeoutMs });
  return page.evaluate('document.body ? document.body.innerText : ""') as Promise<string>;
}

/**
 * How much of the start page's text exists only after JavaScript runs: the words of the page rendered in
 * Chromium that the raw HTML lacks, counted with repetition, over all rendered words.
 */
export function compareText(rawText: string, renderedText: string): RenderComparison {
  const raw = new Map<string, number>();
  const rawWords = words(rawText);
  for (const w of rawWords) raw.set(w, (raw.get(w) ?? 0) + 1);
  const rendered = words(renderedText);
  let jsOnly = 0;
  for (const w of rendered) {
    const left = raw.get(w) ?? 0;
    if (left > 0) raw.set(w, left - 1);
    else jsOnly++;
  }
  return {
    raw_words: rawWords.length,
    rendered_words: rendered.length,
    js_only_share: rendered.length === 0 ? null : Math.round((jsOnly / rendered.length) * 1000) / 1000,
    error: null,
  };
}
