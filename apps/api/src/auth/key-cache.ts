import type { KeyScope, Plan } from '@pageprobe/db';

export interface CachedKey {
  id: string;
  prefix: string;
  teamId: string;
  scope: KeyScope;
  hash: string;
  expiresAt: Date | null;
  revokedAt: Date | null;
  plan: Plan;
  /** The team's default location (issue 32), null for `default`. */
  defaultLocation: string | null;
}

/**
 * API key rows by hash, kept for a few seconds so a busy key costs one lookup per TTL rather than one
 * per request. A revocation reaches every replica within the TTL; the replica that revoked forgets at once.
 * Expiry is checked on every request against the cached expiry date. The team's plan rides along: a
 * plan change reaches the API within the same few seconds.
 */
export class KeyCache {
  readonly #entries = new Map<string, { key: CachedKey | null; until: number }>();
  readonly #ttlMs: number;
  readonly #maxEntries: number;

  constructor({ ttlMs = 4_000, maxEntries = 10_000 } = {}) {
    this.#ttlMs = ttlMs;
    this.#maxEntries = maxEntries;
  }

  async get(hash: string, load: () => Promise<CachedKey | null>): Promise<CachedKey | null> {
    const now = Date.now();
    const hit = this.#entries.get(hash);
    if (hit && hit.until > now) return hit.key;
    const key = await load();
    if (this.#entries.size >= this.#maxEntries) this.#entries.delete(this.#entries.keys().next().value!);
    this.#entries.set(hash, { key, until: now + this.#ttlMs });
    return key;
  }

  /** The cached key, when a live entry exists; never loads. */
  peek(hash: string): CachedKey | null {
    const hit = this.#entries.get(hash);
    return hit && hit.until > Date.now() ? hit.key : null;
  }

  forgetKeyId(keyId: string): void {
    for (const [hash, entry] of this.#entries) if (entry.key?.id === keyId) this.#entries.delete(hash);
  }
}
