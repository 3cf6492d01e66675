import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Db, Pool } from '@pageprobe/db';
import type { Logger } from '@pageprobe/logger';
import { MAX_PING_BODY_BYTES, type PingKind } from '@pageprobe/monitors';
import type { Redis } from 'ioredis';
import type { Registry } from 'prom-client';
import { ProblemError, problemType, toProblem } from '../http/problem.ts';
import { httpMetricsOf } from '../http/request-metrics.ts';
import { PerAddressWindow } from '../limits/per-address.ts';
import { TokenBuckets } from '../limits/token-buckets.ts';
import { PingTokens } from './ping-tokens.ts';
import { pingWriter } from './ping-writer.ts';

export interface PingDeps {
  db: Db;
  pool: Pool;
  redis: Redis;
  logger: Logger;
  registry?: Registry;
  prefix: string;
  perTeamPerMinute: number;
  /** One heartbeat's pings a second and burst, per replica, checked before the team's (issue 56). */
  perMonitorPerSecond: number;
  perMonitorBurst: number;
  /** Bytes of logs kept per heartbeat an hour (past it a ping is kept without its log). */
  logBytesPerMonitorPerHour: number;
  /** Unknown tokens one client address may try a minute (each costs a lookup), per replica. */
  unknownPerMinute: number;
  /** Proxies in front of the API (TRUST_PROXY_HOPS), as Express's `trust proxy` reads them. */
  trustProxyHops: number;
}

/** A body longer than this is refused (413); up to it, the first MAX_PING_BODY_BYTES are kept. */
const MAX_READ_BYTES = 1024 * 1024;
/** How often the count of pings answered 200 is logged (they have no line each). */
const SUMMARY_MS = 60_000;

const UNAVAILABLE = () =>
  new ProblemError(503, 'service_unavailable', 'The ping could not be stored; send it again shortly.', {
    headers: { 'Retry-After': '5' },
  });
const NOT_FOUND = () => new ProblemError(404, 'not_found', 'No such resource.');
const TOO_LARGE = () => new ProblemError(413, 'payload_too_large', 'A ping body is kept up to 100 KB.');

/** What the path after the token says: nothing (success), start, fail, or an exit status 0-255. */
function signalOf(signal: string | undefined): { kind: PingKind; exitCode: number | null } | null {
  if (signal === undefined) return { kind: 'success', exitCode: null };
  if (signal === 'start' || signal === 'fail') return { kind: signal, exitCode: null };
  if (/^\d{1,3}$/.test(signal) && Number(signal) <= 255) return { kind: 'exit', exitCode: Number(signal) };
  return null;
}

// `/ping/{token}` or `/ping/{token}/{signal}`, one trailing slash allowed, case-insensitive: the paths
// Express's router matched for these routes before they moved ahead of it.
const PING_PATH = /^\/ping\/([^/]+)(?:\/([^/]+))?\/?$/i;

/** The route's parts, decoded as Express decodes params; null when this is not a ping's address. */
function routeOf(url: string): { token: string; signal: string | undefined } | null {
  const q = url.indexOf('?');
  const match = PING_PATH.exec(q < 0 ? url : url.slice(0, q));
  if (!match) return null;
  try {
    return { token: decodeURIComponent(match[1]!), signal: match[2] && decodeURIComponent(match[2]) };
  } catch {
    return null; // a malformed escape: Express answers it
  }
}

/**
 * The client's address as Express's `trust proxy` = N gives req.ip: the socket's peer, then the
 * X-Forwarded-For entries from the right, the Nth of them (or the leftmost when there are fewer).
 */
export function clientAddress(req: IncomingMessage, hops: number): string {
  const peer = req.socket.remoteAddress;
  if (hops === 0 || !peer) return peer ?? 'unknown';
  const forwarded = req.headers['x-forwarded-for'];
  const chain = [
    peer,
    ...(forwarded
      ? String(forwarded)
          .split(',')
          .map((a) => a.trim())
          .reverse()
      : []),
  ];
  return chain[Math.min(hops, chain.length - 1)]!;
}

/** A POST's body as text (NULs removed: PostgreSQL's text cannot hold them), its first 100 KB. */
async function readLog(req: IncomingMessage): Promise<string | null> {
  if (req.method !== 'POST') return null;
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > MAX_READ_BYTES) throw TOO_LARGE();
  const chunks: Buffer[] = [];
  let kept = 0;
  let read = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    read += chunk.length;
    if (read > MAX_READ_BYTES) throw TOO_LARGE();
    if (kept < MAX_PING_BODY_BYTES) {
      const part = chunk.subarray(0, MAX_PING_BODY_BYTES - kept);
      chunks.push(part);
      kept += part.length;
    }
  }
  if (kept === 0) return null;
  return new TextDecoder('utf-8', { fatal: false }).decode(Buffer.concat(chunks)).replaceAll('\u0000', '');
}

/** Writes an answer as Express did (its headers, HEAD without the body). */
function answer(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  type: string,
  body: string,
  headers?: Record<string, string>,
): void {
  const bytes = Buffer.from(body);
  res.statusCode = status;
  if (headers) for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  res.setHeader('Content-Type', `${type}; charset=utf-8`);
  res.setHeader('Content-Length', bytes.length);
  res.end(req.method === 'HEAD' ? undefined : bytes);
}

/** The same problem+json body as the API's problem handler writes. */
function answerProblem(req: IncomingMessage, res: ServerResponse, problem: ProblemError): void {
  const body = JSON.stringify({
    type: problemType(problem.code),
    title: problem.title,
    status: problem.status,
    detail: problem.message,
    code: problem.code,
  });
  answer(req, res, problem.status, 'application/problem+json', body, problem.headers);
}

/**
 * Heartbeats' pings (issue 47), no API key: the token in the path is the key. `GET|HEAD|POST
 * /ping/{token}[/start|/fail|/{code}]`. A ping is answered 200 only once stored in PostgreSQL (group
 * commit: pings arriving together share one statement); 503 with Retry-After when PostgreSQL or Redis
 * cannot be reached, 429 with Retry-After over the heartbeat's own pings a second (per replica, checked
 * first, so a flooded URL spends nothing of its team's) or the team's pings a minute, 404 for an unknown
 * token.
 *
 * Served by the HTTP server ahead of Express (`serve`, see apiListener): a ping is the API's most
 * frequent request and needs none of Express's stack, which cost more than the ping itself (the
 * heartbeats bench: /healthz through Express 4,387/s on a core where bare Node served 16,295/s).
 * Answers, metrics (by route template) and the failures' access-log lines are as they were; a ping
 * answered 200 has no line of its own (thousands a second), but a count a minute.
 */
export function pingHandler(deps: PingDeps) {
  const tokens = new PingTokens(deps.pool);
  const writer = pingWriter({
    pool: deps.pool,
    redis: deps.redis,
    prefix: deps.prefix,
    perTeamPerMinute: deps.perTeamPerMinute,
    logBytesPerMonitorPerHour: deps.logBytesPerMonitorPerHour,
  });
  const perMonitor = new TokenBuckets(deps.perMonitorPerSecond, deps.perMonitorBurst);
  const unknown = new PerAddressWindow(deps.unknownPerMinute);
  const metrics = deps.registry && httpMetricsOf(deps.registry);
  const logsFailures = deps.logger.isLevelEnabled('info');
  let stored = 0;
  const summary = setInterval(() => {
    if (stored && logsFailures) deps.logger.info({ pings: stored, seconds: SUMMARY_MS / 1000 }, 'pings stored');
    stored = 0;
  }, SUMMARY_MS).unref();

  async function ping(
    req: IncomingMessage,
    route: { token: string; signal: string | undefined },
    log: () => Logger,
  ): Promise<void> {
    const at = new Date();
    const signal = signalOf(route.signal);
    if (!signal) throw NOT_FOUND();
    const address = clientAddress(req, deps.trustProxyHops);
    const blocked = unknown.blockedFor(address);
    if (blocked) {
      throw new ProblemError(429, 'rate_limited', 'Too many unknown ping URLs from this address.', {
        headers: { 'Retry-After': String(blocked) },
      });
    }
    const target = await tokens.find(route.token).catch((error: unknown) => {
      log().warn({ err: (error as Error).message }, 'ping token lookup failed');
      throw UNAVAILABLE();
    });
    if (!target) {
      unknown.add(address);
      throw NOT_FOUND();
    }
    // Its own heartbeat's limit first: a flooded URL is refused before it spends its team's pings.
    const wait = perMonitor.take(target.monitorId);
    if (wait) {
      throw new ProblemError(
        429,
        'rate_limited',
        `At most ${deps.perMonitorPerSecond} pings a second per heartbeat (${deps.perMonitorBurst} at once); retry in ${wait} s.`,
        { headers: { 'Retry-After': String(wait) } },
      );
    }
    const body = await readLog(req);
    const outcome = await writer
      .add(target.teamId, { monitorId: target.monitorId, plan: target.plan, at, ...signal, body })
      .catch((error: unknown) => {
        log().warn({ err: (error as Error).message, monitorId: target.monitorId }, 'ping not stored');
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
  }

  /** Answers `req` when it is a ping and returns true; false leaves it to Express. */
  function serve(req: IncomingMessage, res: ServerResponse): boolean {
    const method = req.method;
    if (method !== 'GET' && method !== 'HEAD' && method !== 'POST') return false;
    const url = req.url ?? '';
    if (url.length < 7 || (url.charCodeAt(1) | 0x20) !== 0x70 /* p */) return false;
    const route = routeOf(url);
    if (!route) return false;
    const started = performance.now();
    const upstream = req.headers['x-request-id'];
    const id = typeof upstream === 'string' && /^[\w.:-]{1,128}$/.test(upstream) ? upstream : randomUUID();
    res.setHeader('X-Request-Id', id);
    let child: Logger | undefined;
    const log = () => (child ??= deps.logger.child({ reqId: id }));
    ping(req, route, log).then(
      () => answer(req, res, 200, 'text/plain', 'OK'),
      (error: unknown) => {
        const problem = toProblem(error);
        if (problem.status >= 500) log().error({ err: error }, 'request failed');
        answerProblem(req, res, problem);
      },
    );
    res.on('finish', () => {
      const status = res.statusCode;
      if (metrics) {
        const labels = {
          method,
          route: route.signal === undefined ? '/ping/:token' : '/ping/:token/:signal',
          status: String(status),
        };
        metrics.requests.inc(labels);
        metrics.duration.observe(labels, (performance.now() - started) / 1000);
      }
      if (status === 200) stored++;
      else if (logsFailures) {
        // The access log's line, the token masked as it always was.
        const path = `/ping/[token]${route.signal === undefined ? '' : `/${/^(start|fail|\d{1,3})$/i.test(route.signal) ? route.signal : '[token]'}`}`;
        deps.logger.info({ reqId: id, method, path, status, ms: Math.round(performance.now() - started) }, 'request');
      }
    });
    return true;
  }

  return {
    serve,
    close: async () => {
      clearInterval(summary);
      await writer.close();
    },
  };
}
