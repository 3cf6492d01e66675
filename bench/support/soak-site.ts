import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${title}</title></head><body>${body}</body></html>`;

// Varied on purpose: a plain page, a long one, one that keeps timers and sockets busy, one with images.
const PAGES: Record<string, string> = {
  '/': page('Plain', '<h1>Plain</h1><p>Short text.</p>'),
  '/long': page('Long', `<h1>Long</h1>${'<p>Paragraph of text, repeated to make a long page.</p>'.repeat(2_000)}`),
  '/busy': page(
    'Busy',
    `<h1>Busy</h1><script>setInterval(() => { document.title = String(Date.now()); }, 50);
      for (let i = 0; i < 20; i++) fetch('/data?' + i).catch(() => {});</script>`,
  ),
  '/images': page(
    'Images',
    `<h1>Images</h1>${Array.from({ length: 30 }, (_, i) => `<img src="/img.svg?${i}" alt="">`).join('')}`,
  ),
};
const SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="120"><rect width="200" height="120" fill="#4a8"/></svg>';

/** The pages the soak cycles through. */
export async function startSoakSite(): Promise<{ url: string; paths: string[]; server: Server }> {
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (path === '/img.svg') return void res.writeHead(200, { 'content-type': 'image/svg+xml' }).end(SVG);
    if (path === '/data') return void res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    const html = PAGES[path];
    if (!html) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'text/html' }).end(html);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, paths: Object.keys(PAGES), server };
}
