// Fixture sites for the seo_crawl tests: one built clean, one with every defect the audit looks for
// planted on known URLs, one with 10,000 generated pages, and one that answers slowly.
import { once } from 'node:events';
import type { ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { after } from 'node:test';
import type { KeyPair } from './certs.ts';
import { startServer } from './servers.ts';

export interface FixtureSite {
  origin: string;
  /** Requests so far, in order: the path and who asked (our crawler's token, or the browser). */
  requested: Array<{ path: string; userAgent: string; at: number }>;
}

type Handler = (path: string, res: ServerResponse, userAgent: string) => void;

const isCrawler = (userAgent: string) => userAgent.includes('PageprobeBot');

/** Paths our crawler (not the browser rendering the start page) asked for. */
export const crawled = (site: FixtureSite) => site.requested.filter((r) => isCrawler(r.userAgent)).map((r) => r.path);

/** Wraps a handler to count our crawler's requests in flight at once; `peak()` is the most seen. */
export function countInFlight(handler: Handler): Handler & { peak(): number } {
  let now = 0;
  let most = 0;
  const wrapped = (path: string, res: ServerResponse, userAgent: string) => {
    if (!isCrawler(userAgent)) return handler(path, res, userAgent);
    most = Math.max(most, ++now);
    res.on('close', () => now--);
    handler(path, res, userAgent);
  };
  return Object.assign(wrapped, { peak: () => most });
}

/** An HTTPS server for `handler`, recording every request. */
export async function httpsSite(pair: KeyPair, handler: Handler): Promise<FixtureSite> {
  const requested: FixtureSite['requested'] = [];
  const server = createHttpsServer(pair, (req, res) => {
    const userAgent = req.headers['user-agent'] ?? '';
    requested.push({ path: req.url ?? '', userAgent, at: Date.now() });
    handler(req.url ?? '/', res, userAgent);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  after(() => {
    server.closeAllConnections();
    server.close();
  });
  return { origin: `https://127.0.0.1:${(server.address() as AddressInfo).port}`, requested };
}

/** An HTTP server for `handler`, recording every request. */
export async function httpSite(handler: Handler): Promise<FixtureSite> {
  const server = await startServer((req, res) => handler(req.url, res, String(req.headers['user-agent'] ?? '')));
  return {
    origin: server.url,
    get requested() {
      return server.requests.map((r) => ({ path: r.url, userAgent: String(r.headers['user-agent'] ?? ''), at: r.at }));
    },
  };
}

const VOCABULARY = (
  'audit crawler index ranking search engine page site content heading title description canonical sitemap robots ' +
  'structured data schema link anchor image alt text mobile viewport language performance speed render script ' +
  'server response status redirect chain loop secure https certificate agent model answer question summary guide ' +
  'product service pricing contact about team history mission customer support article blog story news update ' +
  'garden kitchen travel river mountain coffee bread music library window market bicycle harbour lantern meadow'
).split(' ');

/** `count` words of prose, different for every seed (so no two pages share their text). */
export function prose(seed: number, count = 260): string {
  let state = (seed * 2654435761) >>> 0 || 1;
  const words: string[] = [];
  for (let i = 0; i < count; i++) {
    state = (state * 1103515245 + 12345) >>> 0;
    words.push(VOCABULARY[state % VOCABULARY.length]!);
  }
  const sentences: string[] = [];
  for (let i = 0; i < words.length; i += 13) {
    const s = words.slice(i, i + 13).join(' ');
    sentences.push(`${s[0]!.toUpperCase()}${s.slice(1)}.`);
  }
  return `<p>${sentences.join(' ')}</p>`;
}

export interface PageParts {
  title?: string | null;
  description?: string | null;
  lang?: string | null;
  viewport?: boolean;
  canonical?: string | null;
  head?: string;
  h1?: string | null;
  body?: string;
  og?: boolean;
  twitter?: boolean;
  jsonLd?: string | null;
}

/** A complete, well-formed page; each part can be left out or replaced to plant a defect. */
export function page(url: string, parts: PageParts = {}): string {
  const title = parts.title === undefined ? `${new URL(url).pathname} | Fixture Gardens and Co` : parts.title;
  const description =
    parts.description === undefined
      ? `All about ${new URL(url).pathname} at Fixture Gardens: what we do, how we work and how to reach us.`
      : parts.description;
  const canonical = parts.canonical === undefined ? url : parts.canonical;
  const jsonLd =
    parts.jsonLd === undefined
      ? JSON.stringify({ '@context': 'https://schema.org', '@type': 'WebPage', name: title, url })
      : parts.jsonLd;
  const head = [
    '<meta charset="utf-8">',
    parts.viewport === false ? '' : '<meta name="viewport" content="width=device-width, initial-scale=1">',
    title === null ? '' : `<title>${title}</title>`,
    description === null ? '' : `<meta name="description" content="${description}">`,
    canonical === null ? '' : `<link rel="canonical" href="${canonical}">`,
    parts.og === false
      ? ''
      : `<meta property="og:title" content="${title}"><meta property="og:description" content="${description}"><meta property="og:image" content="${new URL('/og.png', url).href}">`,
    parts.twitter === false ? '' : '<meta name="twitter:card" content="summary">',
    jsonLd === null ? '' : `<script type="application/ld+json">${jsonLd}</script>`,
    parts.head ?? '',
  ].join('');
  const lang = parts.lang === undefined ? ' lang="en"' : parts.lang === null ? '' : ` lang="${parts.lang}"`;
  const h1 = parts.h1 === undefined ? `<h1>${new URL(url).pathname}</h1>` : parts.h1 === null ? '' : parts.h1;
  return `<!doctype html><html${lang}><head>${head}</head><body>${h1}${parts.body ?? ''}</body></html>`;
}

export const sendHtml = (res: ServerResponse, html: string, status = 200, headers: Record<string, string> = {}) =>
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', ...headers }).end(html);
export const sendText = (res: ServerResponse, type: string, body: string | Buffer, status = 200) =>
  res.writeHead(status, { 'content-type': type }).end(body);

export const urlset = (urls: string[], extra = '') =>
  `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls
    .map((u) => `<url><loc>${u}</loc></url>`)
    .join('')}${extra}</urlset>`;

export const LLMS_TXT = (origin: string) =>
  `# Fixture Gardens\n\n> Garden design and care in one place: services, guides and how to reach us.\n\n## Pages\n\n- [Services](${origin}/services): what we do\n- [Guides](${origin}/guides): how to care for a garden\n`;
