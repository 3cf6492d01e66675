import { once } from 'node:events';
import type { Server, ServerResponse } from 'node:http';

export interface GracefulClose {
  /**
   * Stops accepting connections, lets the requests in flight finish, and resolves when the last
   * connection has closed, or after `deadlineMs`, when whatever is left is cut off.
   */
  close(deadlineMs: number): Promise<{ cutOff: number }>;
}

/**
 * `server.close()` alone stops accepting and drops idle connections, but a keep-alive connection that
 * is busy at that moment stays open afterwards and goes on serving whatever its client sends next (a
 * load balancer's pooled connection can keep a process alive until it is killed). So once closing,
 * every response not yet started says `Connection: close`, and Node ends each connection after its
 * current response.
 */
export function gracefulClose(server: Server): GracefulClose {
  const inFlight = new Set<ServerResponse>();
  let closing = false;
  server.prependListener('request', (_req, res: ServerResponse) => {
    if (closing) res.setHeader('Connection', 'close');
    inFlight.add(res);
    res.once('close', () => inFlight.delete(res));
  });
  return {
    async close(deadlineMs) {
      closing = true;
      for (const res of inFlight) if (!res.headersSent) res.setHeader('Connection', 'close');
      const closed = once(server, 'close');
      server.close(); // also ends idle keep-alive connections
      let cutOff = 0;
      const deadline = setTimeout(() => {
        cutOff = inFlight.size;
        server.closeAllConnections();
      }, deadlineMs);
      await closed;
      clearTimeout(deadline);
      return { cutOff };
    },
  };
}
