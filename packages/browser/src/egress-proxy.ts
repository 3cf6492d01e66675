import { once } from 'node:events';
import { createServer, type IncomingMessage, request, type Server } from 'node:http';
import { type AddressInfo, connect, type Socket } from 'node:net';
import { BlockedAddressError, type GuardPolicy, resolveAllowed, sourceOptions } from '@pageprobe/net-guard';

export type EgressPolicy = GuardPolicy;

export interface BlockedRequest {
  host: string;
  port: number;
  address: string;
  reason: string;
}

export interface EgressProxy {
  /** For Chromium's --proxy-server / a context's proxyServer. */
  url: string;
  /** What was refused since the proxy started. */
  blocked: BlockedRequest[];
  close(): Promise<void>;
}

/**
 * The browser's only way out: an HTTP proxy (CONNECT for https and websockets, absolute-form for
 * http) that resolves every host itself, refuses loopback, private, link-local, CGNAT, metadata and
 * reserved addresses, and connects to the address it checked, so DNS cannot be rebound between the
 * check and the connection. One proxy per test, so what it refused belongs to that test. Every outbound
 * connection (a CONNECT's tunnel, a plain request's forward) binds to the policy's local address when it
 * has one; the proxy itself listens on loopback as ever.
 */
export async function startEgressProxy(policy: EgressPolicy): Promise<EgressProxy> {
  const blocked: BlockedRequest[] = [];
  const sockets = new Set<Socket>();
  const source = sourceOptions(policy);

  /** The address to connect to, checked by the guard; what it refuses is recorded for the test's result. */
  async function resolve(host: string, port: number): Promise<string> {
    try {
      return await resolveAllowed(host, port, policy);
    } catch (error) {
      if (error instanceof BlockedAddressError) {
        blocked.push({ host: error.host, port, address: error.address, reason: error.reason });
      }
      throw error;
    }
  }

  const server: Server = createServer(async (req, res) => {
    // Plain http: the request line carries an absolute URL.
    let target: URL;
    try {
      target = new URL(req.url ?? '');
      if (target.protocol !== 'http:') throw new Error('only http URLs here');
    } catch {
      res.writeHead(400).end('bad proxy request');
      return;
    }
    const port = Number(target.port || 80);
    try {
      const address = await resolve(target.hostname, port);
      const upstream = request({
        host: address,
        port,
        method: req.method,
        path: `${target.pathname}${target.search}`,
        headers: withoutProxyHeaders(req),
        setHost: false,
        ...source,
      });
      upstream.on('response', (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.rawHeaders);
        answer.pipe(res);
      });
      upstream.on('error', () => res.destroy());
      req.pipe(upstream);
    } catch (error) {
      res.writeHead(error instanceof BlockedAddressError ? 403 : 502).end();
    }
  });

  server.on('connect', async (req: IncomingMessage, client: Socket, head: Buffer) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.on('error', () => client.destroy());
    const [host = '', portText = '443'] = splitHostPort(req.url ?? '');
    const port = Number(portText);
    try {
      const address = await resolve(host, port);
      const upstream = connect({ host: address, port, ...source });
      sockets.add(upstream);
      upstream.on('close', () => sockets.delete(upstream));
      upstream.once('connect', () => {
        client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
        if (head.length) upstream.write(head);
        upstream.pipe(client);
        client.pipe(upstream);
      });
      upstream.on('error', () => client.destroy());
    } catch (error) {
      client.end(`HTTP/1.1 ${error instanceof BlockedAddressError ? '403 Forbidden' : '502 Bad Gateway'}\r\n\r\n`);
    }
  });

  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    blocked,
    async close() {
      for (const socket of sockets) socket.destroy();
      server.closeAllConnections();
      server.close();
    },
  };
}

function splitHostPort(authority: string): [string, string] {
  const v6 = /^\[([^\]]+)\]:(\d+)$/.exec(authority);
  if (v6) return [v6[1]!, v6[2]!];
  const i = authority.lastIndexOf(':');
  return i === -1 ? [authority, '443'] : [authority.slice(0, i), authority.slice(i + 1)];
}

function withoutProxyHeaders(req: IncomingMessage): Record<string, string | string[]> {
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined && !name.startsWith('proxy-')) headers[name] = value;
  }
  return headers;
}
