import autocannon from 'autocannon';

// autocannon (keep-alive connections, each with one request in flight) driving GETs at paths taken in
// turn from a list the caller may change while it runs (the heartbeats scenario stops pinging its late
// set midway). Each answer is counted by status, and the latency of every 200 kept, for p95 too
// (autocannon's own summary has no p95).

export interface PingLoadOptions {
  origin: string;
  /** The paths to request, in turn; read for every request, so a new list takes effect at once. */
  paths: () => readonly string[];
  connections: number;
  seconds: number;
  /** Called every `everyMs` while it runs, with what was answered so far. */
  onProgress?: (sofar: { ok: number; other: number; seconds: number }) => void;
  everyMs?: number;
}

export interface PingLoadResult {
  seconds: number;
  /** 200s a second over the run. */
  perSecond: number;
  ok: number;
  limited: number;
  unavailable: number;
  /** Answers with any other status, by status. */
  other: Record<number, number>;
  /** Connection errors and timeouts (no answer at all). */
  errors: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

export async function pingLoad({
  origin,
  paths,
  connections,
  seconds,
  onProgress,
  everyMs = 10_000,
}: PingLoadOptions): Promise<PingLoadResult> {
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
          method: 'GET',
          setupRequest: (request) => {
            const list = paths();
            return { ...request, path: list[next++ % list.length]! };
          },
        },
      ],
    },
    (error, result) => (error ? done.reject(error) : done.resolve(result)),
  );
  instance.on('response', (_client, statusCode, _bytes, ms) => {
    byStatus.set(statusCode, (byStatus.get(statusCode) ?? 0) + 1);
    if (statusCode !== 200) return;
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
      const ok = byStatus.get(200) ?? 0;
      let all = 0;
      for (const count of byStatus.values()) all += count;
      onProgress({ ok, other: all - ok, seconds: (performance.now() - started) / 1000 });
    }, everyMs);
  const result = await done.promise;
  if (timer) clearInterval(timer);
  const elapsed = (performance.now() - started) / 1000;
  // A typed array sorts by value.
  const sorted = latencies.subarray(0, n).sort();
  const at = (p: number) => (n ? sorted[Math.min(n - 1, Math.floor(n * p))]! : Number.NaN);
  const ok = byStatus.get(200) ?? 0;
  const other = Object.fromEntries([...byStatus].filter(([status]) => ![200, 429, 503].includes(status)));
  return {
    seconds: elapsed,
    perSecond: Math.round(ok / elapsed),
    ok,
    limited: byStatus.get(429) ?? 0,
    unavailable: byStatus.get(503) ?? 0,
    other,
    errors: result.errors,
    p50: at(0.5),
    p95: at(0.95),
    p99: at(0.99),
    max: n ? sorted[n - 1]! : Number.NaN,
  };
}
