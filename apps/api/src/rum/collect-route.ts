import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Pool } from '@pageprobe/db';
import type { Logger } from '@pageprobe/logger';
import { rumBeacons } from '@pageprobe/ops';
import { type GeoIp, MAX_BEACON_BYTES, NIL_SITE, type Outcome, RumIngest, rumFlusher } from '@pageprobe/rum';
import type { Registry } from 'prom-client';
import { problemType } from '../http/problem.ts';
import { httpMetricsOf } from '../http/request-metrics.ts';
import { clientAddress } from '../pings/routes.ts';
import { readCappedBody } from './read-capped-body.ts';

export interface CollectDeps {
  pool: Pool;
  logger: Logger;
  registry?: Registry;
  /** RUM_COUNTRY_HEADER (lower case), RUM_GEOIP_DB opened, RUM_FLUSH_MS. */
  countryHeader?: string;
  geoip?: GeoIp;
  flushMs: number;
  trustProxyHops: number;
}

export const COLLECT_PATH = '/rum/v1/collect';
/** How often the count of beacons answered is logged (they have no line each). */
const SUMMARY_MS = 60_000;
/** What a preflight allows, and how long a browser may keep its answer. */
const PREFLIGHT = {
  'Access-Control-Allow-Methods': 'POST',
  'Access-Control-Allow-Headers': 'Content-Type',
  'Access-Control-Max-Age': '86400',
};

/** Outcomes for which the Origin was checked and is the site's: the answer may carry CORS headers. */
const ORIGIN_ALLOWED: ReadonlySet<Outcome> = new Set(['accepted', 'bot', 'limited', 'overflow']);

/** `/rum/v1/collect`, with or without a query: the path part only, as the router would match it. */
function isCollect(url: string): boolean {
  if (!url.startsWith(COLLECT_PATH)) return false;
  const rest = url.length - COLLECT_PATH.length;
  return rest === 0 || url.charCodeAt(COLLECT_PATH.length) === 0x3f /* ? */;
}

/** The `site` query parameter (a preflight names its site by it: a preflight has no body). */
function siteParam(url: string): string | null {
  const q = url.indexOf('?');
  return q < 0 ? null : new URLSearchParams(url.slice(q + 1)).get('site');
}

const header = (req: IncomingMessage, name: string): string | undefined => {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/**
 * Real-user beacons (issue 61): `POST /rum/v1/collect`, the body the beacon script's JSON sent by
 * `navigator.sendBeacon` (text/plain, a CORS-safelisted type: no preflight), or application/json. No
 * API key: the site key in the body names the site, its origins the pages allowed to send.
 *
 * Served ahead of Express (see apiListener), as pings are: a beacon is the API's most frequent request
 * and needs none of its stack, and no JSON body parser or OpenAPI validator may read it first. The body
 * is read up to MAX_BEACON_BYTES and no further. Every beacon is answered 204, counted or dropped (its
 * sender cannot act on an error), but for one larger than MAX_BEACON_BYTES: 413, so a developer sees it in
 * the browser's network panel. Beacons are summed in memory and written every RUM_FLUSH_MS.
 */
export function collectHandler(deps: CollectDeps) {
  const geoip = deps.geoip;
  const beacons = deps.registry && rumBeacons(deps.registry);
  const metrics = deps.registry && httpMetricsOf(deps.registry);
  const counts = new Map<Outcome, number>();
  const ingest = new RumIngest({
    pool: deps.pool,
    geoip,
    onOutcome: (outcome) => {
      counts.set(outcome, (counts.get(outcome) ?? 0) + 1);
      beacons?.inc({ outcome });
    },
  });
  const flusher = rumFlusher({
    pool: deps.pool,
    aggregator: ingest.aggregator,
    everyMs: deps.flushMs,
    onError: (error, { rows }) =>
      deps.logger.warn({ err: error.message, rows }, 'real-user beacons not written yet; kept for the next flush'),
  });
  const summary = setInterval(() => {
    if (counts.size) deps.logger.info({ beacons: Object.fromEntries(counts), seconds: SUMMARY_MS / 1000 }, 'beacons');
    counts.clear();
  }, SUMMARY_MS).unref();

  // While PostgreSQL is away every beacon of a site not cached fails its lookup: one line each 10 s.
  let failedLookups = 0;
  let lastWarned = 0;
  function lookupFailed(error: unknown): void {
    failedLookups++;
    const now = Date.now();
    if (now - lastWarned < 10_000) return;
    deps.logger.warn(
      { err: (error as Error).message, beacons: failedLookups },
      'real-user site lookups failed; beacons dropped',
    );
    lastWarned = now;
    failedLookups = 0;
  }

  async function preflight(req: IncomingMessage, res: ServerResponse, url: string): Promise<void> {
    const origin = header(req, 'origin');
    const key = siteParam(url);
    const found = key ? ingest.site(key) : null;
    const site =
      found instanceof Promise
        ? await found.catch((error: unknown) => {
            lookupFailed(error);
            return null;
          })
        : found;
    res.setHeader('Vary', 'Origin');
    if (site && RumIngest.allows(site, origin)) {
      res.setHeader('Access-Control-Allow-Origin', origin!);
      res.setHeader('Access-Control-Allow-Credentials', 'true');
      for (const [name, value] of Object.entries(PREFLIGHT)) res.setHeader(name, value);
    }
    res.statusCode = 204;
    res.end();
  }

  async function post(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = await readCappedBody(req, MAX_BEACON_BYTES);
    if (body === undefined) {
      res.destroy();
      return;
    }
    const origin = header(req, 'origin');
    const outcome = await ingest
      .collect({
        body,
        origin,
        userAgent: header(req, 'user-agent'),
        countryHeader: deps.countryHeader ? header(req, deps.countryHeader) : undefined,
        address: geoip ? clientAddress(req, deps.trustProxyHops) : undefined,
      })
      .catch((error: unknown) => {
        lookupFailed(error);
        return ingest.drop(NIL_SITE, 'unavailable', new Date());
      });
    res.setHeader('Vary', 'Origin');
    if (ORIGIN_ALLOWED.has(outcome)) {
      res.setHeader('Access-Control-Allow-Origin', origin!);
      res.setHeader('Access-Control-Allow-Credentials', 'true');
    }
    if (outcome === 'oversized') {
      const problem = JSON.stringify({
        type: problemType('payload_too_large'),
        title: 'Payload Too Large',
        status: 413,
        detail: `A beacon is at most ${MAX_BEACON_BYTES} bytes.`,
        code: 'payload_too_large',
      });
      res.writeHead(413, {
        'Content-Type': 'application/problem+json; charset=utf-8',
        'Content-Length': Buffer.byteLength(problem),
        // Whoever sends oversized bodies is not kept on a keep-alive connection (the rest is not kept).
        Connection: 'close',
      });
      res.end(problem);
      return;
    }
    res.statusCode = 204;
    res.end();
  }

  /** Answers `req` when it is a beacon (POST) or its preflight (OPTIONS) and returns true. */
  function serve(req: IncomingMessage, res: ServerResponse): boolean {
    const method = req.method;
    if (method !== 'POST' && method !== 'OPTIONS') return false;
    const url = req.url ?? '';
    if (!isCollect(url)) return false;
    const started = performance.now();
    const handled = method === 'POST' ? post(req, res) : preflight(req, res, url);
    handled.catch((error: unknown) => {
      deps.logger.error({ err: error }, 'beacon not answered');
      if (!res.headersSent) res.writeHead(204).end();
      else res.destroy();
    });
    if (metrics) {
      res.on('finish', () => {
        const labels = { method, route: COLLECT_PATH, status: String(res.statusCode) };
        metrics.requests.inc(labels);
        metrics.duration.observe(labels, (performance.now() - started) / 1000);
      });
    }
    return true;
  }

  return {
    serve,
    ingest,
    flush: () => flusher.flush(),
    close: async () => {
      clearInterval(summary);
      await flusher.close();
    },
  };
}
