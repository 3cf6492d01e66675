import type { Plan, Pool } from '@pageprobe/db';
import { type CompiledGroup, compileGroups } from '../page-groups.ts';

// Sites by their public key, as the ingest needs them, read once and kept briefly in this API process:
// a beacon costs no lookup in the steady state. Unknown (or deleted) keys are remembered as unknown too,
// and keys not held are read together (one statement for all those asked in the same turn of the event
// loop, at most one read at a time, at most MAX_QUEUED keys waiting): a flood of random keys costs
// PostgreSQL one small read at a time, whatever its rate, and the keys past the queue are dropped unread.

/** A site as the ingest checks a beacon against it. */
export interface IngestSite {
  id: string;
  plan: Plan;
  /** Lower-cased, without a trailing slash, as browsers send Origin. */
  origins: ReadonlySet<string>;
  /** The site's page groups, cut at their stars once, as cached (groupOfCompiled). */
  pageGroups: CompiledGroup[];
  keepQueryStrings: boolean;
  beaconsPerMinute: number;
}

/** How long a site read here is trusted: a change (origins, deletion) takes effect within this. */
export const SITE_TTL_MS = 30_000;
/** An unknown key is asked again after this (a site made meanwhile gets its beacons soon). */
const MISS_TTL_MS = 30_000;
const MAX_ENTRIES = 100_000;
/** Keys one read asks for. */
const MAX_READ = 1_000;
/** Keys waiting for a read past which a new unknown key is not looked up at all (counted no_site). */
const MAX_QUEUED = 5_000;

/** Lower case, no trailing slash: how a browser's Origin header spells an origin. */
export const normalOrigin = (origin: string) => origin.trim().toLowerCase().replace(/\/+$/, '');

type Waiting = PromiseWithResolvers<IngestSite | null>;

export class RumSites {
  readonly #pool: Pool;
  readonly #ttlMs: number;
  readonly #entries = new Map<string, { site: IngestSite | null; until: number }>();
  readonly #queued = new Map<string, Waiting>();
  readonly #reading = new Map<string, Waiting>();
  #busy = false;
  #scheduled = false;

  constructor(pool: Pool, { ttlMs = SITE_TTL_MS }: { ttlMs?: number } = {}) {
    this.#pool = pool;
    this.#ttlMs = ttlMs;
  }

  /** The live site of `key`, or null (unknown, deleted, or not looked up: too many waiting). */
  find(key: string, now = Date.now()): IngestSite | null | Promise<IngestSite | null> {
    // No key holds a NUL, and PostgreSQL refuses one in a text parameter: unknown, not looked up.
    if (key.includes('\u0000')) return null;
    const entry = this.#entries.get(key);
    if (entry && entry.until > now) return entry.site;
    const waiting = this.#queued.get(key) ?? this.#reading.get(key);
    if (waiting) return waiting.promise;
    if (this.#queued.size >= MAX_QUEUED) return null;
    const added = Promise.withResolvers<IngestSite | null>();
    this.#queued.set(key, added);
    this.#schedule();
    return added.promise;
  }

  #schedule(): void {
    if (this.#scheduled || this.#busy || this.#queued.size === 0) return;
    this.#scheduled = true;
    setImmediate(() => {
      this.#scheduled = false;
      void this.#readQueued();
    });
  }

  async #readQueued(): Promise<void> {
    if (this.#busy || this.#queued.size === 0) return;
    const batch = new Map<string, Waiting>();
    for (const [key, waiting] of this.#queued) {
      if (batch.size >= MAX_READ) break;
      batch.set(key, waiting);
    }
    for (const [key, waiting] of batch) {
      this.#queued.delete(key);
      this.#reading.set(key, waiting);
    }
    this.#busy = true;
    try {
      const sites = await this.#read([...batch.keys()]);
      const now = Date.now();
      for (const [key, waiting] of batch) {
        const site = sites.get(key) ?? null;
        this.#remember(key, site, now);
        waiting.resolve(site);
      }
    } catch (error) {
      for (const waiting of batch.values()) waiting.reject(error);
    } finally {
      for (const key of batch.keys()) this.#reading.delete(key);
      this.#busy = false;
      this.#schedule();
    }
  }

  #remember(key: string, site: IngestSite | null, now: number): void {
    if (!this.#entries.has(key) && this.#entries.size >= MAX_ENTRIES) {
      this.#entries.delete(this.#entries.keys().next().value!);
    }
    this.#entries.set(key, { site, until: now + (site ? this.#ttlMs : MISS_TTL_MS) });
  }

  async #read(keys: string[]): Promise<Map<string, IngestSite>> {
    const { rows } = await this.#pool.query<{
      site_key: string;
      id: string;
      origins: string[] | null;
      page_groups: unknown;
      keep_query_strings: boolean;
      beacons_per_minute: number;
      plan: Plan;
    }>(
      `SELECT s.site_key, s.id, s.origins, s.page_groups, s.keep_query_strings, s.beacons_per_minute, t.plan
       FROM rum_sites s JOIN teams t ON t.id = s.team_id
       WHERE s.site_key = ANY($1::text[]) AND s.deleted_at IS NULL`,
      [keys],
    );
    return new Map(
      rows.map((r) => [
        r.site_key,
        {
          id: r.id,
          plan: r.plan,
          origins: new Set((r.origins ?? []).map(normalOrigin)),
          pageGroups: compileGroups(pageGroupsOf(r.page_groups)),
          keepQueryStrings: r.keep_query_strings,
          beaconsPerMinute: r.beacons_per_minute,
        },
      ]),
    );
  }
}

/** The stored page_groups, keeping only well-formed entries (the sites API validates them on write). */
function pageGroupsOf(value: unknown): Array<{ name: string; pattern: string }> {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (g): g is { name: string; pattern: string } =>
      typeof g === 'object' && g !== null && typeof g.name === 'string' && typeof g.pattern === 'string',
  );
}
