import { createHash } from 'node:crypto';
import type { Logger } from '@pageprobe/logger';
import type { Redis } from 'ioredis';
import type { CruxConfig } from './config.ts';
import { API_METRIC } from './metric-names.ts';
import { nextUpdate } from './next-update.ts';
import { type ParsedHistory, type ParsedRecord, parseHistory, parseRecord } from './parse-answer.ts';
import { type Endpoint, postQuery } from './post-query.ts';
import { queryLimiter } from './query-limiter.ts';
import { type Outcome, sharedAnswers } from './shared-answers.ts';
import {
  type CruxAnswer,
  type CruxClient,
  type CruxHistory,
  type CruxRecord,
  FIELD_METRICS,
  type FieldUnavailable,
  type FormFactor,
} from './types.ts';

type Kind = 'record' | 'history';
type Scope = 'url' | 'origin';

const DEFAULT_TIMEOUT_MS = 10_000;
/** The API's longest history: 40 weekly periods. */
const HISTORY_PERIODS = 40;
const METRICS = FIELD_METRICS.map((m) => API_METRIC[m]);

const unavailable = (reason: FieldUnavailable) => ({ available: false, reason }) as const;

/**
 * The one client for the CrUX API: answers from Redis when it can, otherwise one query per distinct
 * question across replicas, within the key's quota. A page with too little traffic is answered with
 * its origin's record (scope `origin`). Never throws: a failure is an answer (`api_error`), since a test
 * must not fail for want of field data. Without an API key every answer is `no_api_key`, unasked.
 */
export function cruxClient(opts: { config: CruxConfig; redis: Redis; log?: Logger }): CruxClient {
  const { config, redis, log } = opts;
  if (!config.apiKey) {
    const off = async () => unavailable('no_api_key');
    return { record: off, history: off };
  }
  const apiKey: string = config.apiKey;
  const prefix = config.keyPrefix ?? 'pageprobe';
  const timeoutMs = config.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const take = queryLimiter({
    redis,
    prefix,
    apiKey,
    perWindow: config.queriesPerMin,
    windowSeconds: config.limitWindowSeconds ?? 60,
    maxWaitMs: config.maxWaitMs,
  });
  const shared = sharedAnswers({ redis, prefix, lockMs: timeoutMs + config.maxWaitMs + 5_000 });

  /** One question (this kind, scope and form factor), asked of the API only when no one has the answer. */
  function ask<T extends ParsedRecord | ParsedHistory>(
    kind: Kind,
    scope: Scope,
    target: string,
    formFactor: FormFactor,
    parse: (body: unknown) => T | null,
  ) {
    // A hash, not the URL: key names stay short and hold nothing but an id.
    const id = createHash('sha256')
      .update(JSON.stringify([config.apiUrl, kind, scope, target, formFactor]))
      .digest('base64url')
      .slice(0, 32);
    return shared<T>(id, nextUpdate(kind, Date.now()), async () => {
      if (!(await take())) return { kind: 'rate_limited' };
      const endpoint: Endpoint = kind === 'record' ? 'records:queryRecord' : 'records:queryHistoryRecord';
      const body = {
        [scope]: target,
        formFactor,
        metrics: METRICS,
        ...(kind === 'history' ? { collectionPeriodCount: HISTORY_PERIODS } : {}),
      };
      const posted = await postQuery({ apiUrl: config.apiUrl, apiKey, timeoutMs, log }, endpoint, body);
      if (posted.status !== 'ok') return { kind: posted.status };
      const value = parse(posted.body);
      if (value === null) {
        log?.warn({ crux: { endpoint, error: 'unexpected shape' } }, 'CrUX API answer not as documented');
        return { kind: 'api_error' };
      }
      // A record without any of our five metrics (or a history without periods) says nothing: as good as none.
      const empty = Object.keys(value.metrics).length === 0 || ('periods' in value && value.periods.length === 0);
      return empty ? { kind: 'not_found' } : { kind: 'found', value };
    });
  }

  /** The page's answer, else its origin's. */
  async function answer<T extends ParsedRecord | ParsedHistory>(
    kind: Kind,
    url: string,
    formFactor: FormFactor,
    parse: (body: unknown) => T | null,
  ): Promise<{ available: true; scope: Scope; value: T } | { available: false; reason: FieldUnavailable }> {
    // CrUX knows web pages only: anything else has no record to ask for.
    const page = URL.canParse(url) ? new URL(url) : null;
    if (page?.protocol !== 'https:' && page?.protocol !== 'http:') return unavailable('not_enough_data');
    // Neither the fragment nor the query string is part of what CrUX keeps a record of (issue 56): a query's
    // tokens, addresses and ids, and credentials in the test's URL, never leave for Google.
    page.hash = '';
    page.search = '';
    page.username = '';
    page.password = '';
    const targets: Record<Scope, string> = { url: page.href, origin: page.origin };
    try {
      for (const scope of ['url', 'origin'] as const) {
        const outcome: Outcome<T> = await ask(kind, scope, targets[scope], formFactor, parse);
        if (outcome.kind === 'found') {
          return { available: true, scope, value: { ...outcome.value, key: outcome.value.key ?? targets[scope] } };
        }
        if (outcome.kind !== 'not_found') return unavailable(outcome.kind);
      }
      return unavailable('not_enough_data');
    } catch (error) {
      // Redis unreachable, most likely; the message names no key.
      log?.warn({ crux: { kind, error: (error as Error).message } }, 'CrUX answer failed');
      return unavailable('api_error');
    }
  }

  return {
    async record(url, formFactor): Promise<CruxAnswer<CruxRecord>> {
      const got = await answer('record', url, formFactor, parseRecord);
      if (!got.available) return got;
      const { key, collection_period, metrics } = got.value;
      return {
        available: true,
        value: { scope: got.scope, key: key as string, form_factor: formFactor, collection_period, metrics },
      };
    },
    async history(url, formFactor): Promise<CruxAnswer<CruxHistory>> {
      const got = await answer('history', url, formFactor, parseHistory);
      if (!got.available) return got;
      const { key, periods, metrics } = got.value;
      return {
        available: true,
        value: { scope: got.scope, key: key as string, form_factor: formFactor, periods, metrics },
      };
    },
  };
}
