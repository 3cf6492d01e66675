import type { Db, Pool } from '@pageprobe/db';
import type { Logger } from '@pageprobe/logger';
import { MAX_PING_BODY_BYTES, type PingKind } from '@pageprobe/monitors';
import { type Request, type Response, Router } from 'express';
import type { Redis } from 'ioredis';
import { ProblemError } from '../http/problem.ts';
import { PerAddressWindow } from '../limits/per-address.ts';
import { PingTokens } from './ping-tokens.ts';
import { pingWriter } from './ping-writer.ts';

export interface PingDeps {
  db: Db;
  pool: Pool;
  redis: Redis;
  logger: Logger;
  prefix: string;
  perTeamPerMinute: number;
  /** Unknown tokens one client address may try a minute (each costs a lookup), per replica. */
  unknownPerMinute: number;
}

/** A body longer than this is refused (413); up to it, the first MAX_PING_BODY_BYTES are kept. */
const MAX_READ_BYTES = 1024 * 1024;

const UNAVAILABLE = () =>
  new ProblemError(503, 'service_unavailable', 'The ping could not be stored; send it again shortly.', {
    headers: { 'Retry-After': '5' },
  });
const NOT_FOUND = () => new ProblemError(404, 'not_found', 'No such resource.');

/** What the path after the token says: nothing (success), start, fail, or an exit status 0-255. */
function signalOf(signal: string | undefined): { kind: PingKind; exitCode: number | null } | null {
  if (signal === undefined) return { kind: 'success', exitCode: null };
  if (signal === 'start' || signal === 'fail') return { kind: signal, exitCode: null };
  if (/^\d{1,3}$/.test(signal) && Number(signal) <= 255) return { kind: 'exit', exitCode: Number(signal) };
  return null;
}

/** A POST's body as text (NULs removed: PostgreSQL's text cannot hold them), its first 100 KB. */
async function readLog(req: Request): Promise<string | null> {
  if (req.method !== 'POST') return null;
  const declared = Number(req.get('content-length') ?? 0);
  if (declared > MAX_READ_BYTES) throw new ProblemError(413, 'payload_too_large', 'A ping body is kept up to 100 KB.');
  const chunks: Buffer[] = [];
  let kept = 0;
  let read = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    read += chunk.length;
    if (read > MAX_READ_BYTES) throw new ProblemError(413, 'payload_too_large', 'A ping body is kept up to 100 KB.');
    if (kept < MAX_PING_BODY_BYTES) {
      const part = chunk.subarray(0, MAX_PING_BODY_BYTES - kept);
      chunks.push(part);
      kept += part.length;
    }
  }
  if (kept === 0) return null;
  return new TextDecoder('utf-8', { fatal: false }).decode(Buffer.concat(chunks)).replaceAll('\u0000', '');
}

/**
 * Heartbeats' pings (issue 47), no API key: the token in the path is the key. `GET|HEAD|POST
 * /ping/{token}[/start|/fail|/{code}]`. A ping is answered 200 only once stored in PostgreSQL (group
 * commit: pings arriving together share one statement); 503 with Retry-After when PostgreSQL or Redis
 * cannot be reached, 429 with Retry-After over the team's pings a minute, 404 for an unknown token.
 */
export function pingRoutes(deps: PingDeps) {
  const router = Router();
  const tokens = new PingTokens(deps.pool);
  const writer = pingWriter({
    pool: deps.pool,
    redis: deps.redis,
    prefix: deps.prefix,
    perTeamPerMinute: deps.perTeamPerMinute,
  });
  const unknown = new PerAddressWindow(deps.unknownPerMinute);

  async function ping(req: Request, res: Response) {
    const at = new Date();
    const signal = signalOf(req.params.signal as string | undefined);
    if (!signal) throw NOT_FOUND();
    const address = req.ip ?? 'unknown';
    const blocked = unknown.blockedFor(address);
    if (blocked) {
      throw new ProblemError(429, 'rate_limited', 'Too many unknown ping URLs from this address.', {
        headers: { 'Retry-After': String(blocked) },
      });
    }
    const target = await tokens.find(req.params.token as string).catch((error: unknown) => {
      req.log.warn({ err: (error as Error).message }, 'ping token lookup failed');
      throw UNAVAILABLE();
    });
    if (!target) {
      unknown.add(address);
      throw NOT_FOUND();
    }
    const body = await readLog(req);
    const outcome = await writer
      .add(target.teamId, { monitorId: target.monitorId, plan: target.plan, at, ...signal, body })
      .catch((error: unknown) => {
        req.log.warn({ err: (error as Error).message, monitorId: target.monitorId }, 'ping not stored');
        throw UNAVAILABLE();
      });
    if (!outcome.stored) {
      throw new ProblemError(
        429,
        'rate_limited',
        `At most ${deps.perTeamPerMinute} pings a minute per team; retry in ${outcome.retryAfterSeconds} s.`,
        { headers: { 'Retry-After': String(outcome.retryAfterSeconds) } },
      );
    }
    res.type('text/plain').send('OK');
  }

  // GET answers HEAD too (Express).
  router.get(['/ping/:token', '/ping/:token/:signal'], ping);
  router.post(['/ping/:token', '/ping/:token/:signal'], ping);
  return { router, close: () => writer.close() };
}
