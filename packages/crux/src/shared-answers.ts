import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Redis } from 'ioredis';

/** What one question to the API (one scope, one form factor) came to. */
export type Outcome<T> =
  | { kind: 'found'; value: T }
  | { kind: 'not_found' }
  | { kind: 'rate_limited' }
  | { kind: 'api_error' };

// In one step: the cached answer, else the lock (ours, or who holds it). The braces make the answer,
// its lock and its notes one Redis Cluster slot.
const ACQUIRE = `
local cached = redis.call('GET', KEYS[1])
if cached then return {'cached', cached} end
if redis.call('SET', KEYS[2], ARGV[1], 'NX', 'PX', ARGV[2]) then return {'mine', ARGV[1]} end
return {'held', redis.call('GET', KEYS[2]) or ''}`;

const RELEASE = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0`;

const POLL_MS = 25;
/** How long a failed flight's outcome stays for the callers that waited on it (never for later ones). */
const NOTE_MS = 10_000;

/**
 * Many callers, one query: callers in this process share one promise per question; across processes,
 * the first to take a short Redis lock (SET NX PX) asks the API while the others watch for its answer.
 * Answers (and "no data") are kept until `expiresAt`; a refusal or an error is handed only to the
 * callers that waited on that query, so the next caller asks again.
 */
export function sharedAnswers(opts: { redis: Redis; prefix: string; lockMs: number }) {
  const inflight = new Map<string, Promise<Outcome<unknown>>>();

  async function resolve<T>(id: string, expiresAt: number, run: () => Promise<Outcome<T>>): Promise<Outcome<T>> {
    const base = `${opts.prefix}:crux:{${id}}`;
    const answerKey = `${base}:answer`;
    const lockKey = `${base}:lock`;
    const noteKey = (token: string) => `${base}:done:${token}`;
    const giveUpAt = Date.now() + 2 * opts.lockMs;
    for (;;) {
      const token = randomUUID();
      const [state, value] = (await opts.redis.eval(ACQUIRE, 2, answerKey, lockKey, token, opts.lockMs)) as [
        string,
        string,
      ];
      if (state === 'cached') return JSON.parse(value) as Outcome<T>;
      if (state === 'mine') {
        const outcome = await run().catch((): Outcome<T> => ({ kind: 'api_error' }));
        const text = JSON.stringify(outcome);
        const multi = opts.redis.multi();
        if (outcome.kind === 'found' || outcome.kind === 'not_found') {
          multi.set(answerKey, text, 'PX', Math.max(1_000, expiresAt - Date.now()));
        }
        await multi.set(noteKey(token), text, 'PX', NOTE_MS).eval(RELEASE, 1, lockKey, token).exec();
        return outcome;
      }
      // Another process is asking: its answer, or its note if it failed, or (it died) our turn.
      while (Date.now() < giveUpAt) {
        await sleep(POLL_MS);
        const [cached, note, holder] = await opts.redis.mget(answerKey, noteKey(value), lockKey);
        if (cached) return JSON.parse(cached) as Outcome<T>;
        if (note) return JSON.parse(note) as Outcome<T>;
        if (holder !== value) break;
      }
      if (Date.now() >= giveUpAt) return { kind: 'api_error' };
    }
  }

  return function ask<T>(id: string, expiresAt: number, run: () => Promise<Outcome<T>>): Promise<Outcome<T>> {
    let flight = inflight.get(id) as Promise<Outcome<T>> | undefined;
    if (!flight) {
      flight = resolve(id, expiresAt, run).finally(() => inflight.delete(id));
      inflight.set(id, flight);
    }
    return flight;
  };
}
