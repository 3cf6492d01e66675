// Fixture sites for the report tests: one HTTP site that serves a page for Lighthouse (a stylesheet, a
// script, images: enough requests for a waterfall and some audits to improve) and a small crawl with a
// few planted issues, and an HTTPS site that redirects once for the uptime check.
import { randomBytes } from 'node:crypto';
import type { KeyPair } from './certs.ts';
import { httpSite, httpsSite, page, prose, sendHtml, sendText } from './seo-sites.ts';

const PIXEL = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
// Incompressible bytes served as a JPEG: Lighthouse sees an oversized, unoptimised image.
const PHOTO = randomBytes(200_000);
const svg = (fill: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="120" viewBox="0 0 320 120"><rect width="320" height="120" fill="${fill}"/></svg>`;

export const ABOUT_TITLE = 'About <b>us</b> & <i>friends</i>';

export async function reportSite() {
  const site = await httpSite((path, res) => {
    const origin = site.origin;
    switch (path) {
      case '/robots.txt':
        return sendText(res, 'text/plain', 'User-agent: *\nAllow: /\n\nUser-agent: GPTBot\nDisallow: /\n');
      case '/speed':
        return sendHtml(
          res,
          page(`${origin}/speed`, {
            head: '<link rel="stylesheet" href="/site.css">',
            body: `<img src="/banner.svg" alt="Banner" width="320" height="120"><img src="/photo.jpg" alt="A photo"><img src="/pixel.png" alt="dot" width="1" height="1">${prose(7, 120)}<script src="/app.js"></script>`,
          }),
        );
      case '/site.css':
        return setTimeout(
          () => sendText(res, 'text/css', 'body{font-family:sans-serif;margin:1rem}h1{color:#234}'),
          300,
        );
      case '/app.js':
        return sendText(res, 'application/javascript', 'document.body.dataset.ready = "yes";');
      case '/banner.svg':
        return sendText(res, 'image/svg+xml', svg('#4a7'));
      case '/photo.jpg':
        return sendText(res, 'image/jpeg', PHOTO);
      case '/pixel.png':
        return sendText(res, 'image/png', PIXEL);
      case '/':
        return sendHtml(
          res,
          page(`${origin}/`, {
            body: `<a href="/about">About the garden team</a> <a href="/untitled">Pages without a title</a><img src="/pixel.png" alt="dot" width="1" height="1">${prose(1)}`,
          }),
        );
      case '/about':
        // Markup in a title: the report must show it as text.
        return sendHtml(res, page(`${origin}/about`, { title: ABOUT_TITLE, body: prose(2) }));
      case '/untitled':
        return sendHtml(res, page(`${origin}/untitled`, { title: null, body: '<p>Short.</p>' }));
      default:
        return sendText(res, 'text/plain', 'not found', 404);
    }
  });
  return site;
}

/** An HTTPS site whose /start redirects (301) to /, which answers 200; /slow answers after `slowMs`. */
export function uptimeSite(pair: KeyPair, slowMs: number) {
  return httpsSite(pair, (path, res) => {
    if (path === '/start') return res.writeHead(301, { location: '/' }).end();
    if (path === '/slow') return setTimeout(() => sendText(res, 'text/plain', 'slow but up'), slowMs);
    sendText(res, 'text/plain', 'up');
  });
}
