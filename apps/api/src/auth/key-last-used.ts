import type { Pool } from '@pageprobe/db';
import type { Logger } from '@pageprobe/logger';

/**
 * Keys' last_used_at (issue 45), "written at most once a minute a key, never on the request's path": a
 * request only adds its key's id to a set in memory; every `intervalMs` one UPDATE stamps all the keys
 * used since the last one, and close() (at shutdown) stamps the rest. A busy key costs one write a
 * minute per replica, not one per request, and no request ever waits for it. A flush that fails (the
 * database away) is logged and its ids tried again at the next one: a few minutes' staleness is harmless.
 */
export class KeyLastUsed {
  #pending = new Set<string>();
  readonly #pool: Pool;
  readonly #logger: Logger;
  readonly #timer: NodeJS.Timeout;
  #flushing: Promise<void> = Promise.resolve();

  constructor(pool: Pool, intervalMs: number, logger: Logger) {
    this.#pool = pool;
    this.#logger = logger;
    this.#timer = setInterval(() => void this.flush(), intervalMs);
    // Never what keeps a process alive.
    this.#timer.unref();
  }

  /** The key answered a request: it will be stamped at the next flush. */
  used(keyId: string): void {
    this.#pending.add(keyId);
  }

  /** Stamps every key used since the last flush, in one statement; one flush at a time. */
  flush(): Promise<void> {
    this.#flushing = this.#flushing.then(async () => {
      if (this.#pending.size === 0) return;
      const ids = [...this.#pending];
      this.#pending = new Set();
      try {
        await this.#pool.query('UPDATE api_keys SET last_used_at = now() WHERE id = ANY($1::uuid[])', [ids]);
      } catch (error) {
        for (const id of ids) this.#pending.add(id);
        this.#logger.warn({ err: (error as Error).message, keys: ids.length }, 'could not record keys last used');
      }
    });
    return this.#flushing;
  }

  /** At shutdown: no more timer, and what is pending written now (before the pool closes). */
  async close(): Promise<void> {
    clearInterval(this.#timer);
    await this.flush();
  }
}
