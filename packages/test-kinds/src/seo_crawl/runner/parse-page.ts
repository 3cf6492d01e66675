import { createHash } from 'node:crypto';
import { Parser } from 'htmlparser2';

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

/** Elements whose text no visitor sees. */
const NON_CONTENT = new Set(['script', 'style', 'noscript', 'template', 'svg']);
/** Elements that may stand in <head>: anything else (or words) starts the body, as browsers parse it. */
const HEAD_CONTENT = new Set([
  'html',
  'head',
  'title',
  'meta',
  'link',
  'base',
  'script',
  'style',
  'noscript',
  'template',
]);
const SUBRESOURCES = new Set(['img', 'script', 'iframe', 'audio', 'video', 'source']);
const WORD = /[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu;

export const words = (text: string): string[] => text.toLowerCase().match(WORD) ?? [];

/** As words(text).length, without holding every word of a 5 MiB page at once. */
function countWords(text: string): number {
  let n = 0;
  for (const _ of text.matchAll(WORD)) n++;
  return n;
}

/** A space-separated attribute (rel) holds a word, compared as HTML compares rel: case-insensitively. */
const hasWord = (value: string | undefined, word: string) => value?.toLowerCase().split(/\s+/).includes(word) ?? false;

/** A link being read: its text and image until </a>. */
type OpenLink = { fact: PageFacts['links'][number]; label: string | undefined; image?: string; parts: string[] };

/**
 * \s+ → ' ' over a whole page's text, in slices: one replace over 5 MiB of text builds a match list that
 * needs more heap than the parse thread has.
 */
function collapseWhitespace(text: string): string {
  const SLICE = 64 * 1024;
  const out: string[] = [];
  let spaceAtEnd = true; // also drops leading whitespace
  for (let i = 0; i < text.length; i += SLICE) {
    let part = text.slice(i, i + SLICE).replace(/\s+/g, ' ');
    if (spaceAtEnd && part.startsWith(' ')) part = part.slice(1);
    if (!part) continue;
    out.push(part);
    spaceAtEnd = part.endsWith(' ');
  }
  return out.join('').trimEnd();
}

/**
 * What the checks need from one HTML page, resolved against the page's final URL. Read in one streaming
 * pass (htmlparser2's tokenizer, no document tree): memory is the page and its facts, not a DOM of
 * several hundred bytes per element (80,000 links cost the parse thread about 240 MiB as a cheerio tree).
 */
export function parsePage(html: string, pageUrl: string): PageFacts {
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
  const facts = {
    titles: [] as string[],
    descriptions: [] as string[],
    h1Count: 0,
    lang: null as string | null,
    hasViewport: false,
    canonicals: [] as string[],
    hreflang: [] as PageFacts['hreflang'],
    imagesWithoutAlt: [] as string[],
    openGraph: { title: false, description: false, image: false },
    twitterCard: false,
    jsonLd: [] as JsonLdBlock[],
  };
  const robots: string[] = [];
  const ours: string[] = [];
  const subresources: string[] = [];
  const links: PageFacts['links'] = [];
  const textParts: string[] = [];

  let seenHtml = false;
  let inBody = false;
  let hidden = 0; // depth inside NON_CONTENT elements
  let noscript = 0; // parsed as text by browsers with scripting on: nothing inside counts
  let title: string[] | null = null;
  let jsonLd: string[] | null = null;
  // The open link taking text; it stops when another <a> opens inside it, as browsers split the two.
  let link: OpenLink | null = null;

  const closeLink = () => {
    if (!link) return;
    const label = link.label ?? `${link.parts.join('')} ${link.image ?? ''}`;
    link.fact.text = label.replace(/\s+/g, ' ').trim();
    link = null;
  };
  const onText = (data: string) => {
    if (noscript > 0) return;
    if (title) title.push(data);
    if (jsonLd) jsonLd.push(data);
    if (link) link.parts.push(data);
    if (hidden > 0 || title) return;
    if (!inBody && /\S/.test(data)) inBody = true;
    if (inBody) textParts.push(data);
  };

  const parser = new Parser(
    {
      onopentag(name, attrs) {
        if (noscript > 0) {
          if (name === 'noscript') noscript++;
          return;
        }
        if (!HEAD_CONTENT.has(name)) inBody = true;
        if (NON_CONTENT.has(name)) hidden++;
        if (name === 'noscript') noscript++;
        if (name === 'html' && !seenHtml) {
          seenHtml = true;
          facts.lang = attrs.lang?.trim() || null;
        } else if (name === 'title' && !inBody) title = [];
        else if (name === 'h1') facts.h1Count++;
        else if (name === 'meta') {
          const content = (attrs.content ?? '').trim();
          const metaName = attrs.name?.toLowerCase();
          if (metaName === 'description') facts.descriptions.push(content);
          else if (metaName === 'viewport') facts.hasViewport = true;
          else if (metaName === 'robots') robots.push(content);
          else if (metaName === 'pageprobebot') ours.push(content);
          if (attrs.name === 'twitter:card' && content) facts.twitterCard = true;
          if (attrs.property === 'og:title' && content) facts.openGraph.title = true;
          if (attrs.property === 'og:description' && content) facts.openGraph.description = true;
          if (attrs.property === 'og:image' && content) facts.openGraph.image = true;
        } else if (name === 'link') {
          if (hasWord(attrs.rel, 'canonical')) {
            const href = absolute(attrs.href);
            if (href !== null) facts.canonicals.push(href);
          }
          if (hasWord(attrs.rel, 'alternate') && attrs.hreflang !== undefined)
            facts.hreflang.push({ lang: attrs.hreflang.trim(), href: absolute(attrs.href) ?? '' });
          if (hasWord(attrs.rel, 'stylesheet') && attrs.href !== undefined) subresources.push(attrs.href);
        } else if (name === 'script' && attrs.type?.toLowerCase() === 'application/ld+json') jsonLd = [];
        else if (name === 'a') {
          closeLink();
          const href = absolute(attrs.href);
          if (href && /^https?:/.test(href)) {
            const fact = { href, text: '', nofollow: /\bnofollow\b/i.test(attrs.rel ?? '') };
            links.push(fact);
            link = { fact, label: attrs['aria-label'] ?? attrs.title, parts: [] };
          }
        }
        if (name === 'img') {
          if (attrs.alt === undefined) facts.imagesWithoutAlt.push(absolute(attrs.src) ?? '(inline image)');
          else if (link && link.image === undefined) link.image = attrs.alt;
        }
        if (SUBRESOURCES.has(name) && attrs.src !== undefined) subresources.push(attrs.src);
      },
      ontext: onText,
      onclosetag(name) {
        if (noscript > 0) {
          if (name === 'noscript') noscript--;
          if (noscript > 0) return;
        }
        if (NON_CONTENT.has(name)) hidden = Math.max(0, hidden - 1);
        if (name === 'title' && title) {
          facts.titles.push(title.join('').trim());
          title = null;
        } else if (name === 'script' && jsonLd) {
          facts.jsonLd.push(readJsonLd(jsonLd.join('')));
          jsonLd = null;
        } else if (name === 'a') closeLink();
        else if (name === 'head') inBody = true;
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.end(html);
  closeLink();

  const text = collapseWhitespace(textParts.join(''));
  const lower = text.toLowerCase();
  const https = new URL(pageUrl).protocol === 'https:';
  return {
    titles: facts.titles,
    descriptions: facts.descriptions,
    h1Count: facts.h1Count,
    lang: facts.lang,
    hasViewport: facts.hasViewport,
    canonicals: facts.canonicals,
    metaRobots: [...robots, ...ours].flatMap((c) => c.toLowerCase().split(/\s*,\s*/)),
    hreflang: facts.hreflang,
    imagesWithoutAlt: facts.imagesWithoutAlt,
    links,
    openGraph: facts.openGraph,
    twitterCard: facts.twitterCard,
    jsonLd: facts.jsonLd,
    mixedContent: https ? subresources.map(absolute).filter((u): u is string => !!u?.startsWith('http:')) : [],
    text,
    wordCount: countWords(lower),
    textHash: createHash('sha256').update(lower).digest('hex'),
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
