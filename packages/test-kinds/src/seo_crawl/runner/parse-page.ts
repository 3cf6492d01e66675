import { createHash } from 'node:crypto';
import * as cheerio from 'cheerio';
import type { AnyNode, Element, Text } from 'domhandler';

export interface JsonLdBlock {
  /** Why the block does not parse; null when it does. */
  error: string | null;
  types: string[];
  hasContext: boolean;
}

export interface PageFacts {
  titles: string[];
  descriptions: string[];
  h1Count: number;
  lang: string | null;
  hasViewport: boolean;
  /** Absolute canonical URLs declared by <link rel="canonical">. */
  canonicals: string[];
  /** Directives from <meta name="robots"> (and ours), lower case. */
  metaRobots: string[];
  hreflang: Array<{ lang: string; href: string }>;
  imagesWithoutAlt: string[];
  links: Array<{ href: string; text: string; nofollow: boolean }>;
  openGraph: { title: boolean; description: boolean; image: boolean };
  twitterCard: boolean;
  jsonLd: JsonLdBlock[];
  /** http:// subresources of an https page. */
  mixedContent: string[];
  text: string;
  wordCount: number;
  /** SHA-256 of the normalised visible text, to find the same content on several URLs. */
  textHash: string;
}

const NON_CONTENT = new Set(['script', 'style', 'noscript', 'template', 'svg']);

/**
 * The visible words of an HTML document or fragment, whitespace collapsed. A walk over the tree with a
 * stack, not a clone with its scripts removed: linear in the page, and 100,000 nested elements cannot
 * overflow the call stack.
 */
export const visibleText = ($: cheerio.CheerioAPI): string => {
  const parts: string[] = [];
  // <script> and <style> are nodes of their own types, not 'tag': judged by name (a document has none).
  const stack: AnyNode[] = [...$('body').toArray()].reverse();
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.type === 'text') parts.push((node as Text).data);
    else if ('children' in node && !NON_CONTENT.has((node as Element).name)) {
      for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i]!);
    }
  }
  return parts.join('').replace(/\s+/g, ' ').trim();
};

export const words = (text: string): string[] =>
  text.toLowerCase().match(/[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu) ?? [];

/** What the checks need from one HTML page, resolved against the page's final URL. */
export function parsePage(html: string, pageUrl: string): PageFacts {
  const $ = cheerio.load(html);
  const absolute = (href: string | undefined): string | null => {
    if (!href) return null;
    try {
      const url = new URL(href.trim(), pageUrl);
      url.hash = '';
      return url.href;
    } catch {
      return null;
    }
  };
  // Plain arrays, never cheerio's .map(): it concatenates its result once per element, quadratic in the
  // number of matches (80,000 links took 52 s and blocked the event loop throughout).
  const all = (selector: string) => $(selector).toArray();
  const meta = (selector: string) => all(selector).map((el) => ($(el).attr('content') ?? '').trim());
  const text = visibleText($);
  const https = new URL(pageUrl).protocol === 'https:';
  const subresources = all(
    'img[src], script[src], iframe[src], audio[src], video[src], source[src], link[rel~="stylesheet"][href]',
  ).map((el) => $(el).attr('src') ?? $(el).attr('href') ?? '');
  return {
    titles: all('head title').map((el) => $(el).text().trim()),
    descriptions: meta('meta[name="description" i]'),
    h1Count: $('h1').length,
    lang: $('html').attr('lang')?.trim() || null,
    hasViewport: $('meta[name="viewport" i]').length > 0,
    canonicals: all('link[rel~="canonical" i]')
      .map((el) => absolute($(el).attr('href')))
      .filter((u): u is string => u !== null),
    metaRobots: [...meta('meta[name="robots" i]'), ...meta('meta[name="pageprobebot" i]')].flatMap((c) =>
      c.toLowerCase().split(/\s*,\s*/),
    ),
    hreflang: all('link[rel~="alternate" i][hreflang]').map((el) => ({
      lang: ($(el).attr('hreflang') ?? '').trim(),
      href: absolute($(el).attr('href')) ?? '',
    })),
    imagesWithoutAlt: all('img:not([alt])').map((el) => absolute($(el).attr('src')) ?? '(inline image)'),
    links: all('a[href]').flatMap((el) => {
      const a = $(el);
      const href = absolute(a.attr('href'));
      if (!href || !/^https?:/.test(href)) return [];
      // Only links with elements inside can hold an image's alt text: skip the search for the rest.
      const image = (el as Element).children.some((c) => c.type === 'tag') ? a.find('img[alt]').attr('alt') : undefined;
      const label = a.attr('aria-label') ?? a.attr('title') ?? `${a.text()} ${image ?? ''}`;
      return [{ href, text: label.replace(/\s+/g, ' ').trim(), nofollow: /\bnofollow\b/i.test(a.attr('rel') ?? '') }];
    }),
    openGraph: {
      title: meta('meta[property="og:title"]').some(Boolean),
      description: meta('meta[property="og:description"]').some(Boolean),
      image: meta('meta[property="og:image"]').some(Boolean),
    },
    twitterCard: meta('meta[name="twitter:card"]').some(Boolean),
    jsonLd: all('script[type="application/ld+json" i]').map((el) => readJsonLd($(el).text())),
    mixedContent: https
      ? subresources.filter((src) => absolute(src)?.startsWith('http:')).map((src) => absolute(src)!)
      : [],
    text,
    wordCount: words(text).length,
    textHash: createHash('sha256').update(text.toLowerCase()).digest('hex'),
  };
}

function readJsonLd(source: string): JsonLdBlock {
  let value: unknown;
  try {
    value = JSON.parse(source);
  } catch (error) {
    return { error: (error as Error).message, types: [], hasContext: false };
  }
  // A block is an object, an array of them, or an object with an @graph of them.
  const nodes = (Array.isArray(value) ? value : [value]).filter(
    (n): n is Record<string, unknown> => typeof n === 'object' && n !== null,
  );
  const graph = nodes.flatMap((n) => (Array.isArray(n['@graph']) ? (n['@graph'] as Record<string, unknown>[]) : [n]));
  const types = graph
    .flatMap((n) => (Array.isArray(n['@type']) ? n['@type'] : n['@type'] ? [n['@type']] : []))
    .map(String);
  return { error: null, types, hasContext: nodes.length > 0 && nodes.every((n) => '@context' in n) };
}
