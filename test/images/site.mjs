// The site the stack's tests reach, in a container of its own on the stack's network (node /site.mjs):
// a page to measure, a slow one (a test that is still running when its worker is told to stop), and a
// callback receiver whose deliveries GET /received lists, headers and raw body as they arrived. HTTP on
// port 80, and the same over HTTPS on 443 (callbacks must use https) with /tls/site.{key,pem}.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createServer as createTlsServer } from 'node:https';

const page = (title, body) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="description" content="${title}"><title>${title}</title></head><body><main><h1>${title}</h1>${body}</main></body></html>`;
const received = [];

const site = (req, res) => {
  const url = new URL(req.url, 'http://site');
  if (req.method === 'POST' && url.pathname === '/callback') {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(204).end();
    });
    return;
  }
  if (url.pathname === '/received')
    return res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(received));
  if (url.pathname === '/')
    return res
      .writeHead(200, { 'content-type': 'text/html' })
      .end(page('Pageprobe images', '<p>Served from a container on the stack’s network.</p>'));
  // The page loads for about 15 s: an image that answers late.
  if (url.pathname === '/slow')
    return res
      .writeHead(200, { 'content-type': 'text/html' })
      .end(page('Slow', '<img src="/late.png" alt="late" width="10" height="10">'));
  if (url.pathname === '/late.png') {
    setTimeout(() => res.writeHead(404).end(), 15_000);
    return;
  }
  res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
};
createServer(site).listen(80, '0.0.0.0');
createTlsServer({ key: readFileSync('/tls/site.key'), cert: readFileSync('/tls/site.pem') }, site).listen(
  443,
  '0.0.0.0',
  () => console.log('site listening'),
);
process.on('SIGTERM', () => process.exit(0));
