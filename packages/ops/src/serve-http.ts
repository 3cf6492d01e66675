import { once } from 'node:events';
import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Registry } from 'prom-client';
import { gracefulClose } from './graceful-close.ts';
import { type ReadinessChecks, startOpsServer } from './ops-server.ts';
import { serverTimeouts } from './server-timeouts.ts';

/**
 * Requests take milliseconds; this bounds a stuck one, inside Kubernetes' 30 s grace period (less its
 * 5 s preStop pause: infra/k8s/base/api.yaml), so the connections are still closed cleanly.
 */
export const DRAIN_DEADLINE_MS = 20_000;

export interface HttpServing {
  /** The public port listened on. */
  port: number;
  /** The admin port, when there is one. */
  adminPort: number | null;
  /** The ops port (/healthz, /readyz, /metrics), or null without one. */
  opsPort: number | null;
  /**
   * Stops accepting, lets in-flight requests finish (keep-alive clients are told to go) within the drain
   * deadline, then closes the ops port. Resolves with the requests cut off at the deadline.
   */
  close(): Promise<{ cutOff: number }>;
}

/**
 * How the API and the dashboard serve HTTP: the public port (and the API's admin port) with the timeouts
 * every server has (serverTimeouts), a graceful close, and the ops port (OPS_PORT; negative: none), never
 * on the public one.
 */
export async function serveHttp({
  listener,
  port,
  host,
  keepAliveTimeoutMs,
  requestTimeoutMs,
  admin,
  ops,
  drainDeadlineMs = DRAIN_DEADLINE_MS,
}: {
  listener: RequestListener;
  port: number;
  host: string;
  keepAliveTimeoutMs: number;
  requestTimeoutMs: number;
  admin?: { listener: RequestListener; port: number } | undefined;
  ops: { port: number; registry: Registry; checks: ReadinessChecks };
  drainDeadlineMs?: number;
}): Promise<HttpServing> {
  const timeouts = serverTimeouts({ keepAliveTimeoutMs, requestTimeoutMs });
  const listen = async (handler: RequestListener, at: number) => {
    const server: Server = createServer(timeouts, handler).listen(at, host);
    const closer = gracefulClose(server);
    await once(server, 'listening');
    return { port: (server.address() as AddressInfo).port, closer };
  };
  const main = await listen(listener, port);
  const adminServer = admin ? await listen(admin.listener, admin.port) : null;
  const opsServer =
    ops.port >= 0
      ? await startOpsServer({ port: ops.port, keepAliveTimeoutMs, registry: ops.registry, checks: ops.checks })
      : null;
  return {
    port: main.port,
    adminPort: adminServer?.port ?? null,
    opsPort: opsServer?.port ?? null,
    async close() {
      const [{ cutOff }, adminClosed] = await Promise.all([
        main.closer.close(drainDeadlineMs),
        adminServer?.closer.close(drainDeadlineMs),
      ]);
      await opsServer?.close();
      return { cutOff: cutOff + (adminClosed?.cutOff ?? 0) };
    },
  };
}
