import autocannon from 'autocannon';

// autocannon (keep-alive connections, each with one request in flight) sending requests a caller makes
// one by one: each is numbered, and the numbers answered with `okStatus` are counted, so a scenario knows
// exactly which of the requests it made were taken (the rum scenario compares the percentiles of the
// values those beacons carried with the stored histograms'). The latency of every answer is kept (or of
// the `okStatus` ones alone). The rum and heartbeats scenarios drive their routes with it.

export interface MadeRequest {
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface HttpLoadOptions {
  origin: string;
  /** The i-th request (i from 0). */
  make: (i: number) => MadeRequest;
  connections: number;
  seconds: number;
  okStatus: number;
  /** Called with the number of each request answered `okStatus`. */
  onOk?: (i: number) => void;
  onProgress?: (sofar: { ok: number; other: number; seconds: number }) => void;
  everyMs?: number;
  /** Keep the latency of `okStatus` answers only (a refusal's is not the route's). */
  okLatencyOnly?: boolean;
}

export interface HttpLoadResult {
  seconds: number;
  /** okStatus answers a second. */
  perSecond: number;
  ok: number;
  /** Answers with any other status, by status. */
  other: Record<number, number>;
  errors: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

export async function httpLoad({
  origin,
  make,
  connections,
  seconds,
  okStatus,
  onOk,
  onProgress,
  everyMs = 10_000,
  okLatencyOnly = false,
}: HttpLoadOptions): Promise<HttpLoadResult> {
  let next = 0;
  const byStatus = new Map<number, number>();
  let latencies = new Float64Array(1 << 16);
  let n = 0;
  const started = performance.now();
  const done = Promise.withResolvers<autocannon.Result>();
  const instance = autocannon(
    {
      url: origin,
      connections,
      duration: seconds,
      requests: [
        {
          setupRequest: (request, context) => {
            const i = next++;
            (context as { i?: number }).i = i;
            return { ...request, ...make(i) };
          },
          onResponse: (status, _body, context) => {
            if (status === okStatus) onOk?.((context as { i: number }).i);
          },
        },
      ],
    },
    (error, result) => (error ? done.reject(error) : done.resolve(result)),
  );
  instance.on('response', (_client, statusCode, _bytes, ms) => {
    byStatus.set(statusCode, (byStatus.get(statusCode) ?? 0) + 1);
    if (okLatencyOnly && statusCode !== okStatus) return;
    if (n === latencies.length) {
      const grown = new Float64Array(latencies.length * 2);
      grown.set(latencies);
      latencies = grown;
    }
    latencies[n++] = ms;
  });
  const timer =
    onProgress &&
    setInterval(() => {
      const ok = byStatus.get(okStatus) ?? 0;
      let all = 0;
      for (const count of byStatus.values()) all += count;
      onProgress({ ok, other: all - ok, seconds: (performance.now() - started) / 1000 });
    }, everyMs);
  const result = await done.promise;
  if (timer) clearInterval(timer);
  const elapsed = (performance.now() - started) / 1000;
  const sorted = latencies.subarray(0, n).sort();
  const at = (p: number) => (n ? sorted[Math.min(n - 1, Math.floor(n * p))]! : Number.NaN);
  const ok = byStatus.get(okStatus) ?? 0;
  return {
    seconds: elapsed,
    perSecond: Math.round(ok / elapsed),
    ok,
    other: Object.fromEntries([...byStatus].filter(([status]) => status !== okStatus)),
    errors: result.errors,
    p50: at(0.5),
    p95: at(0.95),
    p99: at(0.99),
    max: n ? sorted[n - 1]! : Number.NaN,
  };
}
