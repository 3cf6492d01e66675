import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Registry } from 'prom-client';
import { serverTimeouts } from './server-timeouts.ts';

/** Readiness checks: each resolves when its dependency answers. */
export type ReadinessChecks = Record<string, () => Promise<unknown>>;

const READY_TIMEOUT_MS = 2_000;

/** Runs every check within READY_TIMEOUT_MS; the answer names what failed. */
export async function checkReadiness(
  checks: ReadinessChecks,
): Promise<{ ready: boolean; checks: Record<string, string> }> {
  const results = await Promise.all(
    Object.entries(checks).map(async ([name, check]) => {
      let timer: NodeJS.Timeout | undefined;
      try {
        await Promise.race([
          check(),
          new Promise((_, reject) => (timer = setTimeout(() => reject(new Error('timed out')), READY_TIMEOUT_MS))),
        ]);
        return [name, 'ok'] as const;
      } catch (error) {
        return [name, error instanceof Error ? error.message : String(error)] as const;
      } finally {
        clearTimeout(timer);
      }
    }),
  );
  return { ready: results.every(([, r]) => r === 'ok'), checks: Object.fromEntries(results) };
}

export interface OpsServer {
  port: number;
  close(): Promise<void>;
}

/**
 * A worker's small HTTP port for Kubernetes and Prometheus: /healthz (the process answers), /readyz
 * (PostgreSQL and Redis answer), /metrics. It listens on its own port so a busy job never sits between
 * a probe and its answer for long, and so it is never exposed with a public API.
 */
export async function startOpsServer({
  port,
  host = '0.0.0.0',
  registry,
  checks,
  keepAliveTimeoutMs,
}: {
  port: number;
  host?: string;
  registry: Registry;
  checks: ReadinessChecks;
  /** HTTP_KEEP_ALIVE_TIMEOUT_MS: Prometheus keeps its scrape connections open between scrapes. */
  keepAliveTimeoutMs: number;
}): Promise<OpsServer> {
  const server: Server = createServer(serverTimeouts({ keepAliveTimeoutMs }), async (req, res) => {
    if (req.url === '/healthz')
      return void res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}');
    if (req.url === '/readyz') {
      const result = await checkReadiness(checks);
      return void res
        .writeHead(result.ready ? 200 : 503, { 'content-type': 'application/json' })
        .end(JSON.stringify(result));
    }
    if (req.url === '/metrics') {
      return void res.writeHead(200, { 'content-type': registry.contentType }).end(await registry.metrics());
    }
    res.writeHead(404).end();
  });
  server.listen(port, host);
  await once(server, 'listening');
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
