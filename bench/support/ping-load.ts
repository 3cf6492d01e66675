import { type HttpLoadResult, httpLoad } from './http-load.ts';

// GETs at paths taken in turn from a list the caller may change while it runs (the heartbeats scenario
// stops pinging its late set midway), through httpLoad: each answer counted by status, the latency of
// every 200 kept, for p95 too (autocannon's own summary has no p95).

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

export interface PingLoadResult extends HttpLoadResult {
  limited: number;
  unavailable: number;
}

export async function pingLoad({ paths, ...options }: PingLoadOptions): Promise<PingLoadResult> {
  const result = await httpLoad({
    ...options,
    make: (i) => {
      const list = paths();
      return { method: 'GET', path: list[i % list.length]! };
    },
    okStatus: 200,
    okLatencyOnly: true,
  });
  const { 429: limited = 0, 503: unavailable = 0, ...other } = result.other;
  return { ...result, limited, unavailable, other };
}
