import type { Db, Prisma } from '@pageprobe/db';

// The last request and response of a monitor's check (issue 60), as its dashboard page shows them:
// one row a monitor in monitoring.last_exchanges, overwritten by the write that records its checks. Bounded:
// at most HEADERS_KEPT headers of at most VALUE_KEPT characters, and the body's first BODY_KEPT bytes.
// Credentials never get there: the request's headers are not kept (they carry the monitor's sealed
// ones), the answer's Set-Cookie and authentication headers are redacted, and the worker redacts the
// team's secrets from all of it before (redactDeep), as it does from the figures.

export const BODY_KEPT = 2048;
const HEADERS_KEPT = 50;
const VALUE_KEPT = 500;
/** The headers' names and values together, at most (a few large ones, or many small ones). */
const HEADER_CHARS_KEPT = 4096;
const URL_KEPT = 2048;
/** Response headers that carry credentials or a session: their names are shown, their values never. */
const SECRET_HEADERS = new Set([
  'set-cookie',
  'cookie',
  'authorization',
  'proxy-authorization',
  'www-authenticate',
  'proxy-authenticate',
  'x-api-key',
  'x-auth-token',
]);
export const REDACTED = '[redacted]';

export interface Exchange {
  request: { method: string; url: string };
  response: {
    status: number | null;
    http_version: string | null;
    /** [name, value] in the order received; a credential's value redacted. */
    headers: Array<[string, string]>;
    /** The body's first BODY_KEPT bytes as UTF-8 text; null when no answer came. */
    body_start: string | null;
    /** The body went on past what is kept. */
    body_cut: boolean;
    error: string | null;
  };
  timings_ms: Record<string, number | null>;
}

export interface LastExchange {
  at: Date;
  location: string;
  exchange: Exchange;
}

const clip = (s: string, max: number) => (s.length > max ? `${s.slice(0, max)}…` : s);

/** The answer's headers as kept: bounded, credentials redacted. */
export function keptHeaders(headers: Record<string, string | string[] | undefined>): Array<[string, string]> {
  const kept: Array<[string, string]> = [];
  let chars = 0;
  for (const [name, raw] of Object.entries(headers)) {
    if (raw === undefined) continue;
    const value = Array.isArray(raw) ? raw.join(', ') : raw;
    const shown = SECRET_HEADERS.has(name.toLowerCase()) ? REDACTED : clip(value, VALUE_KEPT);
    chars += name.length + shown.length;
    if (kept.length >= HEADERS_KEPT || chars > HEADER_CHARS_KEPT) break;
    kept.push([clip(name, 100), shown]);
  }
  return kept;
}

/** An exchange as kept, from a check's request and its answer (body: the first bytes read, or null). */
export function exchangeOf(input: {
  method: string;
  url: string;
  status: number | null;
  httpVersion: string | null;
  headers: Record<string, string | string[] | undefined> | null;
  body: Buffer | null;
  size: number | null;
  error: string | null;
  timings: Record<string, number | null>;
}): Exchange {
  const body = input.body?.subarray(0, BODY_KEPT) ?? null;
  return {
    request: { method: input.method, url: clip(input.url, URL_KEPT) },
    response: {
      status: input.status,
      http_version: input.httpVersion,
      headers: input.headers ? keptHeaders(input.headers) : [],
      // PostgreSQL's JSON refuses NUL.
      body_start: body === null ? null : body.toString('utf8').replaceAll('\u0000', '\uFFFD'),
      body_cut: (input.size ?? 0) > BODY_KEPT,
      error: input.error === null ? null : clip(input.error, VALUE_KEPT),
    },
    timings_ms: input.timings,
  };
}

/**
 * The monitor's own sealed credentials' values (its headers', cookies' and basic auth's, and the basic
 * auth as its header sends it), so an answer that echoes them keeps none: replaced wherever they appear.
 */
export function credentialValues(
  secrets: {
    headers: Record<string, string>;
    cookies: Array<{ value: string }>;
    basicAuth: { username: string; password: string } | null;
  } | null,
): string[] {
  if (!secrets) return [];
  const { basicAuth } = secrets;
  const values = [
    ...Object.values(secrets.headers),
    ...secrets.cookies.map((c) => c.value),
    ...(basicAuth
      ? [basicAuth.password, Buffer.from(`${basicAuth.username}:${basicAuth.password}`).toString('base64')]
      : []),
  ];
  // Short values would redact common words; they are not worth hiding from the team that set them.
  return [...new Set(values.filter((v) => v.length >= 4))].sort((a, b) => b.length - a.length);
}

/** Replaces every given value in a text (longest first, so a value inside another goes with it). */
export const redactValues = (values: string[]) => (text: string) =>
  values.reduce((t, v) => t.replaceAll(v, REDACTED), text);

/** Upserts the newest exchange of each monitor of a batch, in the batch's transaction; an older one never wins. */
export async function keepLastExchanges(
  tx: Prisma.TransactionClient,
  checks: Array<{ monitorId: string; slot: Date; location: string; exchange?: Exchange | null }>,
): Promise<void> {
  const newest = new Map<string, (typeof checks)[number]>();
  for (const c of checks) {
    if (!c.exchange) continue;
    const seen = newest.get(c.monitorId);
    if (!seen || seen.slot <= c.slot) newest.set(c.monitorId, c);
  }
  if (newest.size === 0) return;
  const rows = [...newest.values()];
  await tx.$executeRawUnsafe(
    `INSERT INTO monitoring.last_exchanges (monitor_id, at, location, exchange)
     SELECT * FROM unnest($1::uuid[], $2::timestamptz[], $3::text[], $4::jsonb[])
     ON CONFLICT (monitor_id) DO UPDATE SET at = excluded.at, location = excluded.location, exchange = excluded.exchange
       WHERE monitoring.last_exchanges.at <= excluded.at`,
    rows.map((r) => r.monitorId),
    rows.map((r) => r.slot),
    rows.map((r) => r.location),
    rows.map((r) => JSON.stringify(r.exchange)),
  );
}

/** A monitor's last exchange, or null before its first check that kept one. */
export async function lastExchange(db: Db, monitorId: string): Promise<LastExchange | null> {
  const [row] = await db.$queryRawUnsafe<Array<{ at: Date; location: string; exchange: Exchange }>>(
    'SELECT at, location, exchange FROM monitoring.last_exchanges WHERE monitor_id = $1::uuid',
    monitorId,
  );
  return row ?? null;
}
