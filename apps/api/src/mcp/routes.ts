import type { IncomingMessage } from 'node:http';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { createClient } from '@pageprobe/client';
import { createServer } from '@pageprobe/mcp';
import express, { type Request, type RequestHandler, Router } from 'express';
import { bearerToken } from '../auth/bearer.ts';
import { ProblemError } from '../http/problem.ts';

/**
 * The MCP server of @pageprobe/mcp over Streamable HTTP at /mcp, for assistants that cannot start a
 * process. Stateless (a server and transport per POST, no session), so any replica answers any request.
 * The caller's API key authenticates it as it does /api/v1, and the tools call /api/v1 with that key, on
 * this replica's own address: every call meets the same validation, scopes, per-key limits and credits
 * as the API's, and the tools are the stdio server's, not a copy. A read key's server lists only the read
 * tools.
 */
export function mcpRoutes({ authenticate }: { authenticate: RequestHandler }): Router {
  const router = Router();
  router.post('/mcp', authenticate, express.json({ limit: '64kb' }), async (req, res) => {
    const apiKey = bearerToken(req.headers.authorization)!;
    const server = createServer(createClient({ baseUrl: ownOrigin(req), apiKey }), {
      readOnly: req.auth?.scope !== 'write',
    });
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    res.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    // The SDK would read req.auth as its own AuthInfo (for tools that ask); ours is the API's, which the
    // tools do not need: they act through the key.
    await transport.handleRequest(req as IncomingMessage, res, req.body);
  });
  // GET (a stream of server-initiated messages) and DELETE (ending a session) need sessions, which a
  // stateless server does not keep.
  router.all('/mcp', (_req, _res, next) =>
    next(
      new ProblemError(405, 'method_not_allowed', 'POST JSON-RPC messages to /mcp; it keeps no sessions.', {
        headers: { Allow: 'POST' },
      }),
    ),
  );
  return router;
}

/** This replica as the request reached it: the address and port it was accepted on. */
function ownOrigin(req: Request): string {
  const address = (req.socket.localAddress ?? '127.0.0.1').replace(/^::ffff:/, '');
  return `http://${address.includes(':') ? `[${address}]` : address}:${req.socket.localPort}`;
}
