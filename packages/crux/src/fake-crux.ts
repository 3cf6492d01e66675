import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// A local Chrome UX Report API for tests (issue 48): it answers POST {url}/records:queryRecord and
// {url}/records:queryHistoryRecord as https://developer.chrome.com/docs/crux/api and /docs/crux/history-api
// document them — the API key in ?key=, a body with `url` or `origin`, `formFactor` and `metrics`, a 404
// NOT_FOUND when there is no record, 429 RESOURCE_EXHAUSTED past the quota. Records are stored as the
// API's JSON (build them with cruxRecordBody / cruxHistoryBody); the fake fills in `record.key`.

export type FakeFormFactor = 'PHONE' | 'DESKTOP' | 'TABLET';
/** Which record: a page's (`url`) or a site's (`origin`), for one form factor (none: all devices). */
export type FakeCruxKey = ({ url: string; origin?: never } | { origin: string; url?: never }) & {
  formFactor?: FakeFormFactor;
};
export type FakeFailure = 429 | 500 | 'malformed';

export interface FakeCruxQuery {
  /** `/v1/records:queryRecord` or `/v1/records:queryHistoryRecord` (never the key). */
  path: string;
  body: unknown;
  at: number;
}

export interface FakeCrux {
  /** The API's base, for CRUX_API_URL (`http://127.0.0.1:<port>/v1`). */
  url: string;
  setRecord(key: FakeCruxKey, body: object): void;
  setHistory(key: FakeCruxKey, body: object): void;
  /** The next `n` requests (1 unless told) fail this way, whatever they ask. */
  failNext(failure: FakeFailure, n?: number): void;
  /** Every request that reached the server, oldest first. */
  queries(): FakeCruxQuery[];
  close(): Promise<void>;
}

type Metric = 'lcp' | 'inp' | 'cls' | 'fcp' | 'ttfb';

/** The API's metric names and the Core Web Vitals bins it reports (good / needs improvement / poor). */
const METRICS: Record<Metric, { name: string; bins: [number, number]; cls?: true }> = {
  lcp: { name: 'largest_contentful_paint', bins: [2500, 4000] },
  inp: { name: 'interaction_to_next_paint', bins: [200, 500] },
  cls: { name: 'cumulative_layout_shift', bins: [0.1, 0.25], cls: true },
  fcp: { name: 'first_contentful_paint', bins: [1800, 3000] },
  ttfb: { name: 'experimental_time_to_first_byte', bins: [800, 1800] },
};

export type FakeShares = [good: number, needsImprovement: number, poor: number];

export interface CruxRecordInput extends Partial<Record<Metric, number>> {
  /** 'YYYY-MM-DD'; default: the 28 days ending two days ago. */
  firstDate?: string;
  lastDate?: string;
  /** The histogram's densities per metric; default: shares that agree with the p75's category. */
  shares?: Partial<Record<Metric, FakeShares>>;
}

/** A `records:queryRecord` answer for the p75s given (ms; CLS unitless, sent as a string as the API does). */
export function cruxRecordBody(input: CruxRecordInput): object {
  const lastDate = input.lastDate ?? isoDay(Date.now() - 2 * DAY);
  const firstDate = input.firstDate ?? isoDay(Date.parse(lastDate) - 27 * DAY);
  const metrics: Record<string, unknown> = {};
  for (const [metric, spec] of Object.entries(METRICS) as Array<[Metric, (typeof METRICS)[Metric]]>) {
    const p75 = input[metric];
    if (p75 === undefined) continue;
    const shares = input.shares?.[metric] ?? sharesFor(p75, spec.bins);
    metrics[spec.name] = {
      histogram: bins(spec).map((bin, i) => ({ ...bin, density: shares[i] })),
      percentiles: { p75: spec.cls ? p75.toFixed(2) : p75 },
    };
  }
  return { record: { metrics, collectionPeriod: { firstDate: ymd(firstDate), lastDate: ymd(lastDate) } } };
}

export interface CruxHistoryInput extends Partial<Record<Metric, Array<number | null>>> {
  /** The newest period's last day ('YYYY-MM-DD'); periods are 28 days, a week apart, oldest first. */
  lastDate?: string;
  /** How many periods; default: the longest series given. */
  periods?: number;
}

/** A `records:queryHistoryRecord` answer: each series oldest first; null where CrUX had too little data. */
export function cruxHistoryBody(input: CruxHistoryInput): object {
  const series = (Object.keys(METRICS) as Metric[]).filter((m) => input[m] !== undefined);
  const count = input.periods ?? Math.max(0, ...series.map((m) => input[m]?.length ?? 0));
  const newest = Date.parse(input.lastDate ?? isoDay(Date.now() - 2 * DAY));
  const collectionPeriods = Array.from({ length: count }, (_, i) => {
    const last = newest - (count - 1 - i) * 7 * DAY;
    return { firstDate: ymd(isoDay(last - 27 * DAY)), lastDate: ymd(isoDay(last)) };
  });
  const metrics: Record<string, unknown> = {};
  for (const metric of series) {
    const spec = METRICS[metric];
    const points = Array.from({ length: count }, (_, i) => input[metric]?.[i] ?? null);
    const shares = points.map((p75) => (p75 === null ? null : sharesFor(p75, spec.bins)));
    metrics[spec.name] = {
      // The API writes "NaN" for a period without enough data.
      histogramTimeseries: bins(spec).map((bin, b) => ({ ...bin, densities: shares.map((s) => s?.[b] ?? 'NaN') })),
      percentilesTimeseries: { p75s: points.map((p) => (p === null ? null : spec.cls ? p.toFixed(2) : p)) },
    };
  }
  return { record: { metrics, collectionPeriods } };
}

export async function startFakeCrux(): Promise<FakeCrux> {
  const records = new Map<string, object>();
  const histories = new Map<string, object>();
  const failures: FakeFailure[] = [];
  const log: FakeCruxQuery[] = [];

  const server = createServer((req, res) => {
    readBody(req).then(
      (text) => answer(req, res, text),
      () => res.destroy(),
    );
  });

  function answer(req: IncomingMessage, res: ServerResponse, text: string) {
    const url = new URL(req.url ?? '/', 'http://fake');
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = text;
    }
    log.push({ path: url.pathname, body, at: Date.now() });
    const failure = failures.shift();
    if (failure === 'malformed') return send(res, 200, '{"record":{"key":{"url":"https://', true);
    if (failure === 429) return error(res, 429, 'RESOURCE_EXHAUSTED', "Quota exceeded for quota metric 'Queries'.");
    if (failure === 500) return error(res, 500, 'INTERNAL', 'Internal error encountered.');
    const store =
      url.pathname === '/v1/records:queryRecord'
        ? records
        : url.pathname === '/v1/records:queryHistoryRecord'
          ? histories
          : null;
    if (!store) return error(res, 404, 'NOT_FOUND', 'Not Found');
    if (req.method !== 'POST') return error(res, 405, 'INVALID_ARGUMENT', 'Method not allowed.');
    if (!url.searchParams.get('key')) {
      return error(res, 400, 'INVALID_ARGUMENT', 'API key not valid. Please pass a valid API key.');
    }
    const query = body as { url?: unknown; origin?: unknown; formFactor?: unknown; metrics?: unknown };
    if (typeof query !== 'object' || query === null)
      return error(res, 400, 'INVALID_ARGUMENT', 'Invalid JSON payload.');
    if ((typeof query.url === 'string') === (typeof query.origin === 'string')) {
      return error(res, 400, 'INVALID_ARGUMENT', 'Exactly one of url or origin must be set.');
    }
    const formFactor = query.formFactor;
    if (formFactor !== undefined && !['PHONE', 'DESKTOP', 'TABLET'].includes(formFactor as string)) {
      return error(res, 400, 'INVALID_ARGUMENT', `Invalid value at 'form_factor' (${String(formFactor)}).`);
    }
    const key = (
      typeof query.url === 'string' ? { url: query.url } : { origin: query.origin as string }
    ) as FakeCruxKey;
    const stored = store.get(keyOf({ ...key, ...(formFactor ? { formFactor: formFactor as FakeFormFactor } : {}) }));
    if (!stored) return error(res, 404, 'NOT_FOUND', 'chrome ux report data not found');
    const record = structuredClone((stored as { record: Record<string, unknown> }).record);
    record.key = { ...(formFactor ? { formFactor } : {}), ...key };
    // Only the metrics asked for, as the API does (none asked: all).
    if (Array.isArray(query.metrics) && query.metrics.length > 0) {
      const all = record.metrics as Record<string, unknown>;
      record.metrics = Object.fromEntries(
        Object.entries(all).filter(([name]) => (query.metrics as unknown[]).includes(name)),
      );
    }
    if (store === histories) trimHistory(record, (body as { collectionPeriodCount?: unknown }).collectionPeriodCount);
    send(res, 200, JSON.stringify({ record }));
  }

  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/v1`,
    setRecord: (key, body) => void records.set(keyOf(key), body),
    setHistory: (key, body) => void histories.set(keyOf(key), body),
    failNext: (failure, n = 1) => {
      for (let i = 0; i < n; i++) failures.push(failure);
    },
    queries: () => [...log],
    close: async () => {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}

/** The history API answers the last `collectionPeriodCount` periods (25 when not asked, at most 40). */
function trimHistory(record: Record<string, unknown>, asked: unknown) {
  const count = typeof asked === 'number' && asked >= 1 && asked <= 40 ? asked : 25;
  const periods = record.collectionPeriods as unknown[];
  const drop = Math.max(0, periods.length - count);
  if (drop === 0) return;
  record.collectionPeriods = periods.slice(drop);
  for (const metric of Object.values(record.metrics as Record<string, Record<string, unknown>>)) {
    for (const bin of metric.histogramTimeseries as Array<{ densities: unknown[] }>)
      bin.densities = bin.densities.slice(drop);
    const percentiles = metric.percentilesTimeseries as { p75s: unknown[] };
    percentiles.p75s = percentiles.p75s.slice(drop);
  }
}

/** Keys match as the API normalises them: a URL without its fragment, an origin without a path. */
const keyOf = (key: FakeCruxKey) =>
  JSON.stringify(
    key.url !== undefined
      ? ['url', normalise(key.url, (u) => u.href.replace(/#.*$/, '')), key.formFactor ?? 'ALL']
      : ['origin', normalise(key.origin ?? '', (u) => u.origin), key.formFactor ?? 'ALL'],
  );

const normalise = (value: string, pick: (url: URL) => string) => (URL.canParse(value) ? pick(new URL(value)) : value);

const DAY = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

function ymd(day: string) {
  const [year, month, date] = day.split('-').map(Number);
  return { year, month, day: date };
}

/** The three bins as the API writes them: CLS's bounds are strings, the last bin has no end. */
function bins(spec: { bins: [number, number]; cls?: true }) {
  const [ni, poor] = spec.bins;
  const edge = (n: number) => (spec.cls ? n.toFixed(2) : n);
  return [{ start: edge(0), end: edge(ni) }, { start: edge(ni), end: edge(poor) }, { start: edge(poor) }];
}

/** Shares whose 75th percentile falls in the p75's bin, so a record is self-consistent. */
function sharesFor(p75: number, [ni, poor]: [number, number]): FakeShares {
  if (p75 < ni) return [0.8123, 0.1377, 0.05];
  if (p75 < poor) return [0.6, 0.25, 0.15];
  return [0.45, 0.2, 0.35];
}

function error(res: ServerResponse, code: number, status: string, message: string) {
  send(res, code, JSON.stringify({ error: { code, message, status } }));
}

function send(res: ServerResponse, status: number, text: string, truncated = false) {
  res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' });
  res.end(truncated ? text : `${text}\n`);
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
