import { MAX_BODY_BYTES } from './fetch-url.ts';
import type { Crawl, CrawledPage } from './crawl.ts';
import type { Findings } from './findings.ts';
import type { PageFacts } from './parse-page.ts';

const TITLE = { min: 15, max: 60 };
const DESCRIPTION = { min: 50, max: 160 };
const THIN_WORDS = 200;
const GENERIC_LINK_TEXT = new Set([
  'click here',
  'click',
  'here',
  'read more',
  'more',
  'learn more',
  'more info',
  'more information',
  'link',
  'this',
  'this page',
  'go',
  'continue',
  'details',
  'see more',
  'view more',
  'start',
  'download',
]);
const languages = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' });
const regions = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
/** Region codes ICU knows as aliases or placeholders that hreflang does not accept. */
const NOT_ISO_REGIONS = new Set(['UK', 'EU', 'UN', 'ZZ', 'EZ', 'QO']);

/** hreflang: x-default, or an ISO 639-1 language, optionally a script, optionally an ISO 3166-1 region. */
export function validHreflang(code: string): boolean {
  if (code.toLowerCase() === 'x-default') return true;
  const match = /^([a-z]{2})(?:-([a-z]{4}))?(?:-([a-z]{2}|\d{3}))?$/i.exec(code);
  if (!match) return false;
  const [, lang, , region] = match;
  if (!languages.of(lang!.toLowerCase())) return false;
  return !region || (!NOT_ISO_REGIONS.has(region.toUpperCase()) && regions.of(region.toUpperCase()) !== undefined);
}

const same = (a: string, b: string) => {
  try {
    return new URL(a).href === new URL(b).href;
  } catch {
    return false;
  }
};

const broken = (page: CrawledPage | undefined) =>
  !!page && (page.error !== null || (page.status !== null && page.status >= 400));

/** Every per-page check over a finished crawl. */
export function checkPages(crawl: Crawl, findings: Findings): void {
  const byUrl = new Map<string, CrawledPage>();
  for (const page of crawl.pages) {
    byUrl.set(page.url, page);
    if (!byUrl.has(page.finalUrl)) byUrl.set(page.finalUrl, page);
  }
  const html = crawl.pages.filter((p): p is CrawledPage & { facts: PageFacts } => p.facts !== null);

  for (const page of crawl.pages) {
    const { url } = page;
    if (page.error === 'redirect_loop' || page.error === 'too_many_redirects')
      findings.add('redirect_loop', url, page.errorMessage ?? undefined);
    else if (page.error && page.error !== 'blocked') findings.add('fetch_failed', url, page.errorMessage ?? page.error);
    if (page.status !== null && page.status >= 400 && page.status < 500 && !page.error)
      findings.add('http_4xx', url, `HTTP ${page.status}`);
    if (page.status !== null && page.status >= 500 && !page.error) findings.add('http_5xx', url, `HTTP ${page.status}`);
    if (page.truncated) findings.add('page_too_large', url, `body truncated at ${MAX_BODY_BYTES} bytes`);
    if (page.notParsed) findings.add('page_too_large', url, page.notParsed);
    if (page.redirects.length >= 2 && !page.error)
      findings.add('redirect_chain', url, [...page.redirects.map((h) => h.url), page.finalUrl].join(' → '));
    if (broken(page) && page.error !== 'blocked')
      for (const from of page.linkedFrom) findings.add('broken_internal_link', from, url);
    if (page.inSitemap && (page.status !== 200 || page.redirects.length > 0 || page.error)) {
      findings.add(
        'sitemap_url_not_ok',
        url,
        page.error ?? (page.redirects.length ? `redirects to ${page.finalUrl}` : `HTTP ${page.status}`),
      );
    }
  }

  for (const page of html) {
    const { url, facts } = page;
    const title = facts.titles[0] ?? '';
    if (!title) findings.add('title_missing', url);
    else if (title.length > TITLE.max) findings.add('title_too_long', url, `${title.length} characters`);
    else if (title.length < TITLE.min) findings.add('title_too_short', url, `${title.length} characters`);
    const description = facts.descriptions[0] ?? '';
    if (!description) findings.add('meta_description_missing', url);
    else if (description.length > DESCRIPTION.max)
      findings.add('meta_description_too_long', url, `${description.length} characters`);
    else if (description.length < DESCRIPTION.min)
      findings.add('meta_description_too_short', url, `${description.length} characters`);
    if (facts.h1Count === 0) findings.add('h1_missing', url);
    if (facts.h1Count > 1) findings.add('h1_multiple', url, `${facts.h1Count} h1 elements`);
    if (!facts.lang) findings.add('lang_missing', url);
    if (!facts.hasViewport) findings.add('viewport_missing', url);
    checkCanonical(page, byUrl, findings);
    const directives = [...facts.metaRobots, ...page.xRobotsTag];
    if (directives.includes('noindex') || directives.includes('none')) findings.add('noindex', url);
    if (directives.includes('nofollow') || directives.includes('none')) findings.add('nofollow', url);
    for (const { lang, href } of facts.hreflang) {
      if (!validHreflang(lang)) findings.add('hreflang_invalid', url, lang);
      const alternate = byUrl.get(href)?.facts;
      if (alternate && !same(href, page.finalUrl) && !alternate.hreflang.some((h) => same(h.href, page.finalUrl))) {
        findings.add('hreflang_no_return', url, `${href} does not link back`);
      }
    }
    if (facts.imagesWithoutAlt.length > 0)
      findings.add('image_alt_missing', url, facts.imagesWithoutAlt.slice(0, 3).join(', '));
    const generic = facts.links.filter((l) =>
      GENERIC_LINK_TEXT.has(
        l.text
          .toLowerCase()
          .replace(/[.…!»›→]+$/u, '')
          .trim(),
      ),
    );
    if (generic.length > 0)
      findings.add(
        'link_text_generic',
        url,
        generic
          .slice(0, 3)
          .map((l) => `"${l.text}"`)
          .join(', '),
      );
    const og = facts.openGraph;
    if (!og.title || !og.description || !og.image) {
      const missing = Object.entries(og)
        .filter(([, present]) => !present)
        .map(([name]) => `og:${name}`);
      findings.add('open_graph_missing', url, missing.join(', '));
    }
    if (!facts.twitterCard) findings.add('twitter_card_missing', url);
    if (facts.jsonLd.length === 0) findings.add('structured_data_missing', url);
    for (const block of facts.jsonLd) {
      if (block.error) findings.add('json_ld_invalid', url, block.error);
      else if (!block.hasContext || block.types.length === 0)
        findings.add('json_ld_incomplete', url, !block.hasContext ? 'no @context' : 'no @type');
    }
    if (facts.mixedContent.length > 0) findings.add('mixed_content', url, facts.mixedContent.slice(0, 3).join(', '));
    if (facts.wordCount < THIN_WORDS) findings.add('thin_content', url, `${facts.wordCount} words`);
  }
  checkDuplicates(html, findings);
}

function checkCanonical(
  page: CrawledPage & { facts: PageFacts },
  byUrl: Map<string, CrawledPage>,
  findings: Findings,
): void {
  const { canonicals } = page.facts;
  if (canonicals.length === 0) {
    findings.add('canonical_missing', page.url);
    return;
  }
  if (new Set(canonicals).size > 1) {
    findings.add('canonical_multiple', page.url, canonicals.join(', '));
    return;
  }
  const canonical = canonicals[0]!;
  if (!same(canonical, page.finalUrl)) findings.add('canonical_elsewhere', page.url, canonical);
  const target = byUrl.get(canonical);
  if (target && (broken(target) || target.redirects.length > 0)) {
    findings.add(
      'canonical_broken',
      page.url,
      target.error ??
        (target.redirects.length ? `${canonical} redirects` : `${canonical} answers HTTP ${target.status}`),
    );
  }
}

/** The same title, description or text on several pages; a page that names another as canonical is not a duplicate. */
function checkDuplicates(pages: Array<CrawledPage & { facts: PageFacts }>, findings: Findings): void {
  const own = pages.filter((p) => p.facts.canonicals.length === 0 || same(p.facts.canonicals[0]!, p.finalUrl));
  const groups = (key: (p: CrawledPage & { facts: PageFacts }) => string | undefined) => {
    const map = new Map<string, string[]>();
    for (const page of own) {
      const k = key(page);
      if (k) map.set(k, [...(map.get(k) ?? []), page.url]);
    }
    return [...map.values()].filter((urls) => urls.length > 1);
  };
  for (const urls of groups((p) => p.facts.titles[0]))
    for (const url of urls) findings.add('title_duplicate', url, `same title as ${urls.length - 1} other page(s)`);
  for (const urls of groups((p) => p.facts.descriptions[0]))
    for (const url of urls) findings.add('meta_description_duplicate', url);
  for (const urls of groups((p) => (p.facts.wordCount > 0 ? p.facts.textHash : undefined))) {
    for (const url of urls)
      findings.add(
        'duplicate_content',
        url,
        urls
          .filter((u) => u !== url)
          .slice(0, 3)
          .join(', '),
      );
  }
}
