import { gunzipSync } from 'node:zlib';
import { XMLParser, XMLValidator } from 'fast-xml-parser';

export interface ParsedSitemap {
  kind: 'urlset' | 'sitemapindex' | null;
  /** Page URLs (urlset) or child sitemap URLs (sitemapindex). */
  locations: string[];
  problems: string[];
}

const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
/** The protocol's limits per file (sitemaps.org): entries, and bytes uncompressed. */
const MAX_URLS = 50_000;
export const MAX_SITEMAP_BYTES = 50 * 1024 * 1024;
export const SITEMAP_TOO_LARGE = 'Sitemap too large: more than 50 MiB uncompressed; not read.';

/** Thrown by sitemapText when the file unpacks past MAX_SITEMAP_BYTES. */
export class SitemapTooLarge extends Error {
  constructor() {
    super(SITEMAP_TOO_LARGE);
  }
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  isArray: (name) => name === 'url' || name === 'sitemap',
  processEntities: true,
});

/**
 * A gzipped sitemap (sitemap.xml.gz served as a file) is unpacked, never past the protocol's 50 MiB: a
 * 1 MB file of zeros would otherwise become 1 GiB. got already handles Content-Encoding (and fetchUrl
 * caps what it decompresses).
 */
export function sitemapText(bytes: Buffer): string {
  if (bytes[0] !== 0x1f || bytes[1] !== 0x8b) return bytes.toString('utf8');
  try {
    return gunzipSync(bytes, { maxOutputLength: MAX_SITEMAP_BYTES }).toString('utf8');
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw new SitemapTooLarge();
    throw error;
  }
}

/**
 * Reads a sitemap or sitemap index (sitemaps.org 0.9): well-formed XML, the right root element and
 * namespace, a <loc> in every entry, absolute URLs on the sitemap's own origin, at most 50,000 entries.
 */
export function parseSitemap(xml: string, sitemapUrl: string): ParsedSitemap {
  const valid = XMLValidator.validate(xml);
  if (valid !== true)
    return { kind: null, locations: [], problems: [`Not well-formed XML (line ${valid.err.line}): ${valid.err.msg}`] };
  type Node = Record<string, unknown> & { url?: Node[]; sitemap?: Node[] };
  const doc = parser.parse(xml) as Record<string, Node | undefined>;
  const kind = doc.urlset ? 'urlset' : doc.sitemapindex ? 'sitemapindex' : null;
  if (!kind)
    return { kind: null, locations: [], problems: ['The root element is neither <urlset> nor <sitemapindex>.'] };
  const root = doc[kind]!;
  const problems: string[] = [];
  if (root['@xmlns'] !== SITEMAP_NS) problems.push(`The root element lacks xmlns="${SITEMAP_NS}".`);
  const all = (kind === 'urlset' ? root.url : root.sitemap) ?? [];
  // What a search engine does: the first 50,000 are read, the rest ignored.
  const entries = all.length > MAX_URLS ? all.slice(0, MAX_URLS) : all;
  if (all.length > MAX_URLS) problems.push('More than 50,000 URLs; the rest were not read.');
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
