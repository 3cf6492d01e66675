import { gunzipSync } from 'node:zlib';
import { XMLParser, XMLValidator } from 'fast-xml-parser';

export interface ParsedSitemap {
  kind: 'urlset' | 'sitemapindex' | null;
  /** Page URLs (urlset) or child sitemap URLs (sitemapindex). */
  locations: string[];
  problems: string[];
}

const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
/** The protocol's limit per file. */
const MAX_URLS = 50_000;

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  isArray: (name) => name === 'url' || name === 'sitemap',
  processEntities: true,
});

/** A gzipped sitemap (sitemap.xml.gz served as a file) is unpacked; got already handles Content-Encoding. */
export function sitemapText(bytes: Buffer): string {
  if (bytes[0] === 0x1f && bytes[1] === 0x8b) return gunzipSync(bytes).toString('utf8');
  return bytes.toString('utf8');
}

/**
 * Reads a sitemap or sitemap index (sitemaps.org 0.9): well-formed XML, the right root element and
 * namespace, a <loc> in every entry, absolute URLs on the sitemap's own origin, at most 50,000 entries.
 */
export function parseSitemap(xml: string, sitemapUrl: string): ParsedSitemap {
  const valid = XMLValidator.validate(xml);
  if (valid !== true) return { kind: null, locations: [], problems: [`Not well-formed XML (line ${valid.err.line}): ${valid.err.msg}`] };
  type Node = Record<string, unknown> & { url?: Node[]; sitemap?: Node[] };
  const doc = parser.parse(xml) as Record<string, Node | undefined>;
  const kind = doc.urlset ? 'urlset' : doc.sitemapindex ? 'sitemapindex' : null;
  if (!kind) return { kind: null, locations: [], problems: ['The root element is neither <urlset> nor <sitemapindex>.'] };
  const root = doc[kind]!;
  const problems: string[] = [];
  if (root['@xmlns'] !== SITEMAP_NS) problems.push(`The root element lacks xmlns="${SITEMAP_NS}".`);
  const entries = (kind === 'urlset' ? root.url : root.sitemap) ?? [];
  if (entries.length > MAX_URLS) problems.push(`Lists ${entries.length} entries; a sitemap may hold at most ${MAX_URLS}.`);
  const origin = new URL(sitemapUrl).origin;
  const locations: string[] = [];
  let missing = 0;
  const elsewhere: string[] = [];
  for (const entry of entries) {
    const loc = typeof entry?.loc === 'string' ? entry.loc.trim() : '';
    if (!loc) {
      missing++;
      continue;
    }
    let url: URL;
    try {
      url = new URL(loc);
    } catch {
      elsewhere.push(loc);
      continue;
    }
    if (url.origin !== origin) elsewhere.push(loc);
    else locations.push(url.href);
  }
  if (missing) problems.push(`${missing} entr${missing === 1 ? 'y has' : 'ies have'} no <loc>.`);
  if (elsewhere.length) problems.push(`${elsewhere.length} <loc> not absolute URLs on ${origin}, e.g. ${elsewhere[0]}`);
  if (entries.length === 0) problems.push('Lists no entries.');
  return { kind, locations, problems };
}
