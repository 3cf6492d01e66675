import robotsParserModule from 'robots-parser';
import { CRAWLER_TOKEN } from './fetch-url.ts';

// robots-parser is CommonJS (module.exports = function); its typings describe an ES default export.
const robotsParser = robotsParserModule as unknown as typeof robotsParserModule.default;

/** AI crawlers reported in the access table, with who runs them and what for. */
export const AI_CRAWLERS: Array<{ token: string; operator: string; purpose: string }> = [
  { token: 'GPTBot', operator: 'OpenAI', purpose: 'model training' },
  { token: 'OAI-SearchBot', operator: 'OpenAI', purpose: 'search results' },
  { token: 'ChatGPT-User', operator: 'OpenAI', purpose: 'fetches for a user' },
  { token: 'ClaudeBot', operator: 'Anthropic', purpose: 'model training' },
  { token: 'Claude-User', operator: 'Anthropic', purpose: 'fetches for a user' },
  { token: 'Claude-SearchBot', operator: 'Anthropic', purpose: 'search results' },
  { token: 'PerplexityBot', operator: 'Perplexity', purpose: 'search results' },
  { token: 'Google-Extended', operator: 'Google', purpose: 'Gemini training and grounding' },
  { token: 'CCBot', operator: 'Common Crawl', purpose: 'open web dataset' },
  { token: 'Applebot-Extended', operator: 'Apple', purpose: 'model training' },
];

export type RobotsProblem = {
  line: number;
  message: string;
};

export interface Robots {
  /** Whether a URL may be fetched by `token` (ours by default); everything is allowed without a robots.txt. */
  allows(url: string, token?: string): boolean;
  crawlDelaySeconds: number | null;
  sitemaps: string[];
  problems: RobotsProblem[];
  /** User-agent tokens that have a group of their own (lower case). */
  groups: Set<string>;
}

const FIELDS = new Set([
  'user-agent',
  'allow',
  'disallow',
  'crawl-delay',
  'sitemap',
  'host',
  'clean-param',
  'request-rate',
  'visit-time',
]);
const RULES = new Set(['allow', 'disallow', 'crawl-delay', 'request-rate', 'visit-time']);
/** Google reads the first 500 KiB of a robots.txt and ignores the rest. */
export const MAX_ROBOTS_BYTES = 500 * 1024;

/** An absent robots.txt (404 and other 4xx) means everything may be crawled (RFC 9309 §2.3.1.3). */
export const NO_ROBOTS: Robots = {
  allows: () => true,
  crawlDelaySeconds: null,
  sitemaps: [],
  problems: [],
  groups: new Set(),
};

/**
 * Parses robots.txt (matching by robots-parser, RFC 9309 longest-match with `*` and `$`) and lists what
 * a strict reader would reject: lines that are not `field: value`, unknown fields, rules before any
 * user-agent, a non-numeric Crawl-delay, relative Sitemap URLs, an HTML page served as robots.txt.
 */
export function parseRobots(robotsUrl: string, whole: string, contentType: string | null, cut = false): Robots {
  // Like Google, only the first 500 KiB count; a file cut there (by us or the fetch) is a problem of its own.
  const tooLong = cut || Buffer.byteLength(whole) > MAX_ROBOTS_BYTES;
  const body = tooLong ? Buffer.from(whole).subarray(0, MAX_ROBOTS_BYTES).toString('utf8') : whole;
  const parsed = robotsParser(robotsUrl, body);
  const problems: RobotsProblem[] = [];
  const groups = new Set<string>();
  if (/html/i.test(contentType ?? '') || /^\s*<(!doctype|html)/i.test(body)) {
    problems.push({ line: 1, message: 'The server answers with an HTML page, not a robots.txt.' });
  }
  if (tooLong)
    problems.push({ line: 0, message: 'Larger than 500 KiB: only the first 500 KiB were read, as crawlers do.' });
  let inGroup = false;
  for (const [i, raw] of body.split(/\r\n|\r|\n/).entries()) {
    const line = raw.replace(/#.*$/, '').trim();
    if (!line) continue;
    const match = /^([A-Za-z-]+)\s*:\s*(.*)$/.exec(line);
    const at = i + 1;
    if (!match) {
      problems.push({ line: at, message: `Not a "field: value" line: ${truncate(line)}` });
      continue;
    }
    const field = match[1]!.toLowerCase();
    const value = match[2]!.trim();
    if (!FIELDS.has(field)) {
      problems.push({ line: at, message: `Unknown field "${match[1]}".` });
      continue;
    }
    if (field === 'user-agent') {
      inGroup = true;
      groups.add(value.toLowerCase());
    } else if (RULES.has(field) && !inGroup) {
      problems.push({ line: at, message: `"${match[1]}" before any User-agent line applies to no crawler.` });
    }
    if (field === 'crawl-delay' && !/^\d+(\.\d+)?$/.test(value))
      problems.push({ line: at, message: `Crawl-delay "${value}" is not a number.` });
    if (field === 'sitemap' && !/^https?:\/\//i.test(value))
      problems.push({ line: at, message: `Sitemap "${value}" is not an absolute URL.` });
    if ((field === 'allow' || field === 'disallow') && value && !value.startsWith('/') && !value.startsWith('*')) {
      problems.push({ line: at, message: `Path "${truncate(value)}" should start with "/".` });
    }
  }
  const delay = parsed.getCrawlDelay(CRAWLER_TOKEN);
  return {
    allows: (url, token = CRAWLER_TOKEN) => parsed.isAllowed(url, token) !== false,
    crawlDelaySeconds: delay === undefined || Number.isNaN(delay) ? null : delay,
    sitemaps: parsed.getSitemaps(),
    problems,
    groups,
  };
}

export type AiCrawlerAccess = {
  user_agent: string;
  operator: string;
  purpose: string;
  /** allowed: the start page and every crawled page; partial: the start page but not all pages; blocked: not the start page. */
  access: 'allowed' | 'partial' | 'blocked';
  /** Whether robots.txt names this crawler in a group of its own, or it falls under `*`. */
  rule: 'own group' | 'wildcard group' | 'no rule';
};

/** Which AI crawlers robots.txt lets in or keeps out, judged on the start page and the crawled pages. */
export function aiCrawlerTable(robots: Robots, startUrl: string, pageUrls: string[]): AiCrawlerAccess[] {
  return AI_CRAWLERS.map(({ token, operator, purpose }) => {
    const start = robots.allows(startUrl, token);
    const all = start && pageUrls.every((url) => robots.allows(url, token));
    const rule = robots.groups.has(token.toLowerCase())
      ? 'own group'
      : robots.groups.has('*')
        ? 'wildcard group'
        : 'no rule';
    return { user_agent: token, operator, purpose, access: !start ? 'blocked' : all ? 'allowed' : 'partial', rule };
  });
}

const truncate = (text: string) => (text.length > 60 ? `${text.slice(0, 57)}...` : text);
