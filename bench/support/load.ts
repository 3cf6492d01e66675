import autocannon from 'autocannon';

export interface LoadResult {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

export interface LoadOptions {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  connections?: number;
  seconds?: number;
}

/** autocannon against one address; a short warm-up first so JIT and pools are hot. */
export async function load({
  url,
  method = 'GET',
  headers = {},
  body,
  connections = 50,
  seconds = 10,
}: LoadOptions): Promise<LoadResult> {
  const common = { url, method, headers, body, connections };
  await autocannon({ ...common, duration: 2 });
  const result = await autocannon({ ...common, duration: seconds });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}
