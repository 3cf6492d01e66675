// The suite's two local HTTP servers: the site its tests and monitors check (a page for the SEO audit too),
// and the receiver its callbacks go to, which keeps every delivery it got (duplicates included).
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Delivery {
  testId: string;
  status: string;
  at: number;
}

export interface LocalSites {
  siteUrl: string;
  hookUrl: string;
  /** Every callback received, in arrival order. */
  deliveries: Delivery[];
  close(): void;
}

const PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Failover site</title>
<meta name="description" content="The page the failover suite's tests and monitors check.">
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body><h1>Failover site</h1><p>Up.</p></body></html>`;

async function listen(server: Server): Promise<string> {
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

export async function startLocalSites(): Promise<LocalSites> {
  const site = createServer((req, res) => {
    req.resume();
    if (req.url === '/' || req.url?.startsWith('/?') || req.url?.startsWith('/m/')) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE);
    } else res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
  });
  const deliveries: Delivery[] = [];
  const receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      try {
        const body = JSON.parse(Buffer.concat(chunks).toString()) as { test: { id: string; status: string } };
        deliveries.push({ testId: body.test.id, status: body.test.status, at: Date.now() });
      } catch {
        // Not a callback: nothing to count.
      }
      res.writeHead(204).end();
    });
  });
  const [siteUrl, receiverUrl] = await Promise.all([listen(site), listen(receiver)]);
  return {
    siteUrl,
    hookUrl: `${receiverUrl}/hooks/pageprobe`,
    deliveries,
    close() {
      for (const server of [site, receiver]) {
        server.closeAllConnections();
        server.close();
      }
    },
  };
}
