import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

const PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>Bench page</title><link rel="stylesheet" href="/style.css"></head><body><h1>Pageprobe bench</h1>
${'<p>Some paragraph text for the page to have a body worth painting.</p>'.repeat(30)}<script src="/app.js"></script></body></html>`;

/** The page the Lighthouse scenarios test: a stylesheet, a script, some text. */
export async function startBenchPage(): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    if (req.url === '/style.css')
      return void res
        .writeHead(200, { 'content-type': 'text/css' })
        .end('body{font:16px sans-serif;max-width:40em;margin:auto}');
    if (req.url === '/app.js')
      return void res
        .writeHead(200, { 'content-type': 'application/javascript' })
        .end('document.body.dataset.ready = "1";');
    res.writeHead(200, { 'content-type': 'text/html' }).end(PAGE);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, server };
}
