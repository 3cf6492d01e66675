/**
 * A fixed one-minute window of counts per client address, held in this replica's memory and bounded:
 * past `maxAddresses` the oldest entry is dropped, so a flood of addresses costs at most that many
 * entries. Per replica on purpose: it guards this process's database and CPU, ahead of any Redis call.
 */
export class PerAddressWindow {
  readonly #entries = new Map<string, { count: number; resetAt: number }>();
  readonly #limit: number;
  readonly #windowMs: number;
  readonly #maxAddresses: number;

  constructor(limit: number, { windowMs = 60_000, maxAddresses = 10_000 } = {}) {
    this.#limit = limit;
    this.#windowMs = windowMs;
    this.#maxAddresses = maxAddresses;
  }

  /** Seconds until `address` may try again, or 0 when it is under its limit. */
  blockedFor(address: string, now = Date.now()): number {
    const entry = this.#entries.get(address);
    if (!entry || entry.resetAt <= now || entry.count < this.#limit) return 0;
    return Math.ceil((entry.resetAt - now) / 1000);
  }

  /** Counts one event for `address`. */
  add(address: string, now = Date.now()): void {
    const entry = this.#entries.get(address);
    if (entry && entry.resetAt > now) {
      entry.count += 1;
      return;
    }
    this.#entries.delete(address);
    if (this.#entries.size >= this.#maxAddresses) this.#entries.delete(this.#entries.keys().next().value!);
    this.#entries.set(address, { count: 1, resetAt: now + this.#windowMs });
  }

  get size(): number {
    return this.#entries.size;
  }
}
