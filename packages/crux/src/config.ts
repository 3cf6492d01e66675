/** What a CrUX client needs; apps build it from their parsed environment with `cruxConfigFrom`. */
export interface CruxConfig {
  /** Unset: field data is off, every answer is `no_api_key` and nothing is requested. */
  apiKey: string | undefined;
  /** The API's base, without a trailing slash (https://chromeuxreport.googleapis.com/v1). */
  apiUrl: string;
  /** The key's quota, shared by every replica through Redis. */
  queriesPerMin: number;
  /** How long a query waits for the limiter before answering `rate_limited`. */
  maxWaitMs: number;
  /** Prefix of the client's Redis keys (the app's QUEUE_PREFIX, so each test file has its own). */
  keyPrefix?: string;
  /** One request's time limit; 10 s unless a test wants less. */
  timeoutMs?: number;
  /** The quota's window, 60 s: `queriesPerMin` a window. Tests shorten it to see a query wait for the next. */
  limitWindowSeconds?: number;
}

/** The CRUX_* variables as packages/config's `cruxEnv` parses them. */
export interface CruxEnv {
  CRUX_API_KEY?: string | undefined;
  CRUX_API_URL: string;
  CRUX_QUERIES_PER_MIN: number;
  CRUX_MAX_WAIT_MS: number;
  QUEUE_PREFIX?: string;
}

export const cruxConfigFrom = (env: CruxEnv): CruxConfig => ({
  apiKey: env.CRUX_API_KEY,
  apiUrl: env.CRUX_API_URL.replace(/\/+$/, ''),
  queriesPerMin: env.CRUX_QUERIES_PER_MIN,
  maxWaitMs: env.CRUX_MAX_WAIT_MS,
  ...(env.QUEUE_PREFIX ? { keyPrefix: env.QUEUE_PREFIX } : {}),
});
