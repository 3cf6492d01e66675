import type { Redis } from 'ioredis';

// Locations (issue 32). A worker says where it is (LOCATION, LOCATION_NAME); work meant for a location
// goes to that location's own queue of the kind, so each location's workers take only their own work and
// each location scales on its own queues' lengths. The `default` location keeps the queue names every
// deployment had before, so a single machine (every worker in `default`) works as it did.

export const DEFAULT_LOCATION = 'default';
/** A location's id: short, lower case, safe in a queue name and a URL. */
export const LOCATION_ID = /^[a-z0-9][a-z0-9-]{0,31}$/;

/** The queue of `queue`'s work at `location`: `test-uptime` in default, `test-uptime.eu-central` elsewhere. */
export const queueAt = (queue: string, location: string): string =>
  location === DEFAULT_LOCATION ? queue : `${queue}.${location}`;

/** A job definition whose queue is the given location's. */
export const atLocation = <D extends { readonly queue: string }>(def: D, location: string): D =>
  location === DEFAULT_LOCATION ? def : { ...def, queue: queueAt(def.queue, location) };

/** How often a worker says it is alive, and how long after its last word it counts as gone. */
export const HEARTBEAT_MS = 5_000;
export const LIVE_FOR_MS = 15_000;

export interface WorkerPresence {
  /** One per process: host name and pid. */
  id: string;
  location: string;
  /** The location's name for people ("Frankfurt"); the id when none was given. */
  name: string;
  /** The kinds of work it takes: test types (`uptime`, `lighthouse`, `seo_crawl`). */
  kinds: string[];
}

export interface LiveLocation {
  id: string;
  name: string;
  /** Live workers by kind. */
  workers: Record<string, number>;
}

// Two keys: a sorted set of worker ids scored by when each last spoke, and a hash of what each said.
const seenKey = (prefix: string) => `${prefix}:workers:seen`;
const infoKey = (prefix: string) => `${prefix}:workers:info`;

/**
 * Says, every HEARTBEAT_MS, that this worker is alive at its location. The returned function stops and
 * takes the worker off at once (a graceful stop); a killed worker drops out LIVE_FOR_MS after its last word.
 */
export function startHeartbeat(redis: Redis, prefix: string, me: WorkerPresence): () => Promise<void> {
  const beat = () =>
    redis
      .multi()
      .zadd(seenKey(prefix), Date.now(), me.id)
      .hset(infoKey(prefix), me.id, JSON.stringify(me))
      .exec()
      .catch(() => {}); // Redis down: the worker is not live to others then anyway.
  void beat();
  const timer = setInterval(beat, HEARTBEAT_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await redis
      .multi()
      .zrem(seenKey(prefix), me.id)
      .hdel(infoKey(prefix), me.id)
      .exec()
      .catch(() => {});
  };
}

/** The locations with live workers, by id, each with its workers counted by kind. Forgets the long gone. */
export async function liveLocations(redis: Redis, prefix: string, now = Date.now()): Promise<LiveLocation[]> {
  const gone = await redis.zrangebyscore(seenKey(prefix), 0, now - 10 * LIVE_FOR_MS);
  if (gone.length > 0) {
    await redis
      .multi()
      .zrem(seenKey(prefix), ...gone)
      .hdel(infoKey(prefix), ...gone)
      .exec();
  }
  const live = await redis.zrangebyscore(seenKey(prefix), now - LIVE_FOR_MS, '+inf');
  const infos = live.length ? await redis.hmget(infoKey(prefix), ...live) : [];
  const byId = new Map<string, LiveLocation>();
  for (const info of infos) {
    if (!info) continue;
    const worker = JSON.parse(info) as WorkerPresence;
    const location = byId.get(worker.location) ?? { id: worker.location, name: worker.name, workers: {} };
    for (const kind of worker.kinds) location.workers[kind] = (location.workers[kind] ?? 0) + 1;
    byId.set(worker.location, location);
  }
  return [...byId.values()].sort((a, b) => a.id.localeCompare(b.id));
}
