/**
 * A token bucket per key (issue 56 item 5: per heartbeat), in this replica's memory and bounded: each key
 * may spend `burst` at once, then `perSecond`. Per replica on purpose, as PerAddressWindow: it is checked
 * ahead of any Redis or PostgreSQL call, so a flood of one key is refused before it costs the shared
 * counters anything. Past `maxKeys` the oldest entry is dropped (its bucket starts full again).
 */
export class TokenBuckets {
  readonly #entries = new Map<string, { tokens: number; at: number }>();
  readonly #perSecond: number;
  readonly #burst: number;
  readonly #maxKeys: number;

  constructor(perSecond: number, burst: number, { maxKeys = 100_000 } = {}) {
    this.#perSecond = perSecond;
    this.#burst = Math.max(1, burst);
    this.#maxKeys = maxKeys;
  }

  /** Takes one token of `key`'s bucket: 0 when it had one, else the seconds until it will (at least 1). */
  take(key: string, now = performance.now()): number {
    let entry = this.#entries.get(key);
    if (entry) {
      entry.tokens = Math.min(this.#burst, entry.tokens + ((now - entry.at) / 1000) * this.#perSecond);
      entry.at = now;
    } else {
      if (this.#entries.size >= this.#maxKeys) this.#entries.delete(this.#entries.keys().next().value!);
      entry = { tokens: this.#burst, at: now };
      this.#entries.set(key, entry);
    }
    if (entry.tokens >= 1) {
      entry.tokens -= 1;
      return 0;
    }
    return Math.max(1, Math.ceil((1 - entry.tokens) / this.#perSecond));
  }

  get size(): number {
    return this.#entries.size;
  }
}
