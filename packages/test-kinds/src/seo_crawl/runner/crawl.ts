import { setTimeout as sleep } from 'node:timers/promises';
import type { GuardPolicy } from '@pageprobe/net-guard';
import { type Fetched, fetchUrl } from './fetch-url.ts';
import { PageNotParsed, PageParser } from './page-parser.ts';
import type { PageFacts } from './parse-page.ts';
import { MAX_ROBOTS_BYTES, NO_ROBOTS, parseRobots, type Robots } from './robots.ts';
import { MAX_SITEMAP_BYTES, parseSitemap, SITEMAP_TOO_LARGE, SitemapTooLarge, sitemapText } from './sitemap.ts';

export interface CrawlOptions {
  policy: GuardPolicy;
  maxPages: number;
  maxDepth: number;
  /** The whole crawl, robots.txt and sitemaps included. */
  budgetMs: number;
  /** Requests in flight at once against the site (the host's limit; a Crawl-delay makes it 1). */
  concurrency: number;
  /** One request's limit, inside the budget. */
  requestTimeoutMs: number;
  /** The test's credentials, for its own origin only (see credentialsFor). */
  hopHeaders?: (url: URL) => Record<string, string>;
}

export interface CrawledPage extends Omit<Fetched, 'body' | 'bytes' | 'headers'> {
  depth: number;
  /** Pages that link here (the first few), for broken-link findings. */
  linkedFrom: string[];
  inSitemap: boolean;
  /** X-Robots-Tag directives meant for every crawler or for us, lower case. */
  xRobotsTag: string[];
  /** The start page is fetched even when robots.txt disallows it: the site owner asked for this test. */
  disallowedByRobots: boolean;
  facts: PageFacts | null;
  /** Why an HTML page has no facts: past the parse thread's heap or time limit (a finding). */
  notParsed: string | null;
}

export interface RobotsFile {
  url: string;
  /** present: 2xx; missing: 4xx (everything allowed); unreachable: 5xx or no answer (nothing but the start page is crawled). */
  state: 'present' | 'missing' | 'unreachable';
  status: number | null;
  robots: Robots;
}

export type SitemapFile = {
  url: string;
  status: number | null;
  kind: 'urlset' | 'sitemapindex' | null;
  entries: number;
  problems: string[];
};

export interface Crawl {
  startUrl: string;
  pages: CrawledPage[];
  /** Same-origin URLs found but not fetched because robots.txt disallows them. */
  disallowed: string[];
  /** Same-origin URLs found but left because of the page cap, depth or time budget. */
  notCrawled: number;
  stoppedBy: 'page_cap' | 'time_budget' | null;
  robotsTxt: RobotsFile;
  sitemaps: SitemapFile[];
  /** Page URLs the sitemaps list. */
  sitemapUrls: string[];
  /** The answer for /llms.txt. */
  llmsTxt: Fetched;
  /** The visible text of the start page's raw HTML (parsed on the parse thread), for the rendering comparison. */
  startText: string | null;
  durationMs: number;
}

const MAX_SITEMAP_FILES = 10;
const MAX_LINKED_FROM = 5;
/** A Crawl-delay larger than this is honoured as this: the time budget would end the crawl anyway. */
const MAX_CRAWL_DELAY_S = 30;

const withoutHash = (url: string) => {
  const u = new URL(url);
  u.hash = '';
  return u.href;
};

/**
 * Crawls one site the polite way: robots.txt first (our token, Crawl-delay), sitemaps and llms.txt, then pages breadth
 * first from the start URL and the sitemaps, same origin only, within the page cap, depth and time budget,
 * at most `concurrency` requests at once. Every answer (error pages, redirects, timeouts, non-HTML) is
 * recorded; nothing a site does ends the crawl early except the limits.
 */
/** One parse thread per worker process, shared by its crawls; started on the first page. */
const parser = new PageParser();
/** Stops the parse thread (a process that ends on its own, as a test file, must not wait for it). */
export const closePageParser = () => parser.close();

export async function crawlSite(startUrl: string, options: CrawlOptions): Promise<Crawl> {
  const started = performance.now();
  const deadline = started + options.budgetMs;
  const remaining = () => deadline - performance.now();
  // A request gets what is left of the budget, up to its own timeout; the start page its whole timeout
  // (`floorMs`), whatever robots.txt, the sitemaps and llms.txt left: a crawl always has its first page.
  const fetchOne = (url: string, anyType = false, maxBytes?: number, floorMs = 1) =>
    fetchUrl(url, {
      policy: options.policy,
      timeoutMs: Math.max(floorMs, Math.min(options.requestTimeoutMs, remaining())),
      anyType,
      maxBytes,
      ...(options.hopHeaders ? { hopHeaders: options.hopHeaders } : {}),
    });
  const start = withoutHash(startUrl);
  const origin = new URL(start).origin;

  const robotsTxt = await readRobots(`${origin}/robots.txt`, fetchOne);
  // The site's own files, after robots.txt like everything else: sitemaps and llms.txt.
  const [{ sitemaps, urls: sitemapUrls }, llmsTxt] = await Promise.all([
    readSitemaps(robotsTxt, origin, fetchOne, remaining),
    fetchOne(`${origin}/llms.txt`),
  ]);
  const inSitemap = new Set(sitemapUrls);

  const pages = new Map<string, CrawledPage>();
  const disallowed = new Set<string>();
  const seen = new Set<string>([start]);
  const frontier: Array<{ url: string; depth: number }> = [{ url: start, depth: 0 }];
  const linkedFrom = new Map<string, string[]>();
  let startText: string | null = null;
  let stoppedBy: Crawl['stoppedBy'] = null;

  const allowed = (url: string) => robotsTxt.state !== 'unreachable' && robotsTxt.robots.allows(url);
  /** Records a link to `url`; queues it when `follow` and it is new, allowed and not too deep. */
  const discover = (url: string, depth: number, from: string | null, follow = true) => {
    let target: string;
    try {
      target = withoutHash(url);
    } catch {
      return;
    }
    if (new URL(target).origin !== origin) return;
    if (from) {
      const sources = linkedFrom.get(target) ?? [];
      if (sources.length < MAX_LINKED_FROM && !sources.includes(from)) sources.push(from);
      linkedFrom.set(target, sources);
    }
    if (!follow || seen.has(target) || depth > options.maxDepth) return;
    seen.add(target);
    if (!allowed(target)) {
      disallowed.add(target);
      return;
    }
    frontier.push({ url: target, depth });
  };

  const delay = robotsTxt.robots.crawlDelaySeconds;
  const concurrency = delay ? 1 : options.concurrency;
  let fetched = 0;
  let inFlight = 0;
  let sitemapQueued = false;

  async function visit({ url, depth }: { url: string; depth: number }) {
    const answer = await fetchOne(url, false, undefined, depth === 0 ? options.requestTimeoutMs : 1);
    const sameOrigin = new URL(answer.finalUrl).origin === origin;
    if (sameOrigin) seen.add(withoutHash(answer.finalUrl));
    const html =
      answer.status !== null && answer.status < 300 && /html/i.test(answer.contentType ?? '') && answer.body !== null;
    // Off the main thread; a page its thread could not parse (out of its heap or time) is kept without facts.
    let notParsed: string | null = null;
    const facts =
      html && sameOrigin
        ? await parser.parse(answer.body!, answer.finalUrl).catch((error: unknown) => {
            if (error instanceof PageNotParsed) notParsed = error.message;
            return null;
          })
        : null;
    if (depth === 0 && facts) startText = facts.text;
    const { body: _body, bytes: _bytes, headers, ...record } = answer;
    const page: CrawledPage = {
      ...record,
      depth,
      linkedFrom: [],
      inSitemap: inSitemap.has(url),
      xRobotsTag: xRobotsDirectives(headers['x-robots-tag']),
      disallowedByRobots: depth === 0 && !allowed(url),
      facts,
      notParsed,
    };
    pages.set(url, page);
    // nofollow (the page's or the link's) is honoured: such links are recorded, not followed.
    const directives = [...(facts?.metaRobots ?? []), ...page.xRobotsTag];
    const nofollow = directives.includes('nofollow') || directives.includes('none');
    for (const link of facts?.links ?? []) discover(link.href, depth + 1, url, !nofollow && !link.nofollow);
    // Canonical targets are fetched too, so a canonical that is broken or redirects is found.
    for (const canonical of facts?.canonicals ?? []) discover(canonical, depth + 1, null);
    if (!sitemapQueued) {
      sitemapQueued = true;
      for (const listed of sitemapUrls) discover(listed, 1, null);
    }
  }

  // `concurrency` lanes take from the frontier, breadth first; with a Crawl-delay one lane waits it out.
  const lanes = Array.from({ length: concurrency }, async () => {
    for (;;) {
      // The start page is visited past the budget too (a slow robots.txt or sitemap may have spent it all):
      // a crawl without it had nothing to report, and failed as our error (seen on a loaded machine).
      if (remaining() <= 0 && fetched > 0) break;
      if (fetched >= options.maxPages) break;
      const next = frontier.shift();
      if (!next) {
        if (inFlight === 0) break;
        await sleep(10);
        continue;
      }
      fetched++;
      inFlight++;
      try {
        await visit(next);
      } finally {
        inFlight--;
      }
      if (delay) await sleep(Math.min(delay, MAX_CRAWL_DELAY_S, Math.max(0, remaining() / 1000)) * 1000);
    }
  });
  await Promise.all(lanes);
  if (frontier.length > 0) stoppedBy = fetched >= options.maxPages ? 'page_cap' : 'time_budget';

  for (const [url, page] of pages) page.linkedFrom = linkedFrom.get(url) ?? [];
  return {
    startUrl: start,
    pages: [...pages.values()],
    disallowed: [...disallowed],
    notCrawled: frontier.length,
    stoppedBy,
    robotsTxt,
    sitemaps,
    sitemapUrls,
    llmsTxt,
    startText,
    durationMs: Math.round(performance.now() - started),
  };
}

type FetchOne = (url: string, anyType?: boolean, maxBytes?: number) => Promise<Fetched>;

async function readRobots(url: string, fetchOne: FetchOne): Promise<RobotsFile> {
  // Only what Google reads is fetched; parseRobots says so when the file went on.
  const answer = await fetchOne(url, false, MAX_ROBOTS_BYTES);
  if (answer.status !== null && answer.status >= 200 && answer.status < 300) {
    return {
      url,
      state: 'present',
      status: answer.status,
      robots: parseRobots(answer.finalUrl, answer.body ?? '', answer.contentType, answer.truncated),
    };
  }
  // RFC 9309 §2.3.1: 4xx means no rules; 5xx or no answer means assume everything is disallowed.
  const missing = answer.status !== null && answer.status >= 400 && answer.status < 500;
  return { url, state: missing ? 'missing' : 'unreachable', status: answer.status, robots: NO_ROBOTS };
}

async function readSitemaps(robotsTxt: RobotsFile, origin: string, fetchOne: FetchOne, remaining: () => number) {
  const declared = robotsTxt.robots.sitemaps.filter((u) => URL.canParse(u) && new URL(u).origin === origin);
  const queue = declared.length > 0 ? declared : [`${origin}/sitemap.xml`];
  const files: SitemapFile[] = [];
  const urls = new Set<string>();
  const done = new Set<string>();
  while (queue.length > 0 && files.length < MAX_SITEMAP_FILES && remaining() > 0) {
    const url = queue.shift()!;
    if (done.has(url)) continue;
    done.add(url);
    const answer = await fetchOne(url, true, MAX_SITEMAP_BYTES);
    if (answer.status === 200 && answer.truncated) {
      files.push({ url, status: answer.status, kind: null, entries: 0, problems: [SITEMAP_TOO_LARGE] });
      continue;
    }
    if (answer.status !== 200 || !answer.bytes) {
      files.push({
        url,
        status: answer.status,
        kind: null,
        entries: 0,
        problems: [answer.error ? `Not fetched: ${answer.errorMessage}` : `Answers HTTP ${answer.status}.`],
      });
      continue;
    }
    let parsed: ReturnType<typeof parseSitemap>;
    try {
      parsed = parseSitemap(sitemapText(answer.bytes), answer.finalUrl);
    } catch (error) {
      const problem =
        error instanceof SitemapTooLarge ? error.message : `Could not be read: ${(error as Error).message}`;
      parsed = { kind: null, locations: [], problems: [problem] };
    }
    files.push({
      url,
      status: answer.status,
      kind: parsed.kind,
      entries: parsed.locations.length,
      problems: parsed.problems,
    });
    if (parsed.kind === 'sitemapindex') queue.push(...parsed.locations);
    else for (const loc of parsed.locations) urls.add(withoutHash(loc));
  }
  return { sitemaps: files, urls: [...urls] };
}

/** `X-Robots-Tag: noindex, nofollow` or `X-Robots-Tag: pageprobebot: noindex`; other crawlers' lines are skipped. */
function xRobotsDirectives(header: string | string[] | undefined): string[] {
  const values = Array.isArray(header) ? header : header ? [header] : [];
  return values.flatMap((value) => {
    const scoped = /^\s*([a-z0-9_-]+)\s*:\s*(.*)$/i.exec(value);
    if (scoped && !['noindex', 'nofollow', 'none', 'unavailable_after'].includes(scoped[1]!.toLowerCase())) {
      return scoped[1]!.toLowerCase() === 'pageprobebot' ? scoped[2]!.toLowerCase().split(/\s*,\s*/) : [];
    }
    return value
      .toLowerCase()
      .split(/\s*,\s*/)
      .map((d) => d.trim());
  });
}
