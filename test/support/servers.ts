import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { type AddressInfo, createConnection } from 'node:net';
import { after } from 'node:test';

export interface ReceivedRequest {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  /** The body exactly as it arrived. */
  raw: Buffer;
  at: number;
}

export interface LocalServer {
  url: string;
  requests: ReceivedRequest[];
  /** TCP connections accepted so far (a WebSocket or any other protocol counts, not only HTTP requests). */
  connections(): number;
  /** Resolves with the n-th request (1-based) once it has arrived. */
  nth(n: number, timeoutMs?: number): Promise<ReceivedRequest>;
}

/** A local HTTP server for targets and callback receivers; `answer` decides each response. */
export async function startServer(
  answer: (req: ReceivedRequest, res: ServerResponse) => void = (_req, res) => res.writeHead(204).end(),
): Promise<LocalServer> {
  const requests: ReceivedRequest[] = [];
  const waiting: Array<() => void> = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const received = {
        method: req.method!,
        url: req.url!,
        headers: req.headers,
        raw: Buffer.concat(chunks),
        at: Date.now(),
      };
      requests.push(received);
      for (const wake of waiting.splice(0)) wake();
      answer(received, res);
    });
  });
  let connections = 0;
  server.on('connection', () => connections++);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  after(() => {
    server.closeAllConnections();
    server.close();
  });
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    connections: () => connections,
    nth(n, timeoutMs = 20_000) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`request ${n} did not arrive in ${timeoutMs} ms`)), timeoutMs);
        const check = () => {
          if (requests.length >= n) {
            clearTimeout(timer);
            resolve(requests[n - 1]!);
          } else waiting.push(check);
        };
        check();
      });
    },
  };
}

/** Polls until `check` returns a value other than undefined. */
export async function eventually<T>(
  check: () => Promise<T | undefined>,
  timeoutMs = 20_000,
  what = 'condition',
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what} not met within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Reads until `settled` holds or the time is up, and returns the last reading either way: for what follows
 * a commit by a moment (a worker's log line, a job's completion), so that the caller's assertion on the
 * reading, not a timeout, says what was wrong.
 */
export async function settle<T>(read: () => T | Promise<T>, settled: (value: T) => boolean, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (settled(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Whether anything accepts connections at the URL's host and port. */
export function isListening(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = createConnection({ host: hostname, port: Number(port) }, () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });
}

/** Polls a /healthz every 50 ms until stopped; the longest wait for an answer says whether its event loop was held. */
export function watchHealth(url: string) {
  let longest = 0;
  let failures = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      const ok = await fetch(url, { signal: AbortSignal.timeout(10_000) })
        .then((r) => r.ok)
        .catch(() => false);
      longest = Math.max(longest, performance.now() - started);
      if (!ok) failures++;
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  return async () => {
    running = false;
    await loop;
    return { longest, failures };
  };
}
