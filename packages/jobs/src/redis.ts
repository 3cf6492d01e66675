import type { RedisTarget } from '@pageprobe/config';
import { Redis, type RedisOptions } from 'ioredis';

/**
 * Every Redis connection of every app is made here, from the configuration's REDIS_TARGET: one server's
 * URL, or a Sentinel group (issue 49).
 *
 * The API fails fast when Redis is down (no offline queue, so a write answers 503 at once); workers
 * wait for Redis to come back (BullMQ needs maxRetriesPerRequest: null on their connections).
 * BullMQ's and the subscribers' `duplicate()`s keep these options, Sentinel's included.
 */
export function createRedis(target: RedisTarget, role: 'api' | 'worker', extra: RedisOptions = {}): Redis {
  const options: RedisOptions =
    role === 'api'
      ? { enableOfflineQueue: false, maxRetriesPerRequest: 1, connectTimeout: 2_000, enableAutoPipelining: true }
      : { maxRetriesPerRequest: null, enableReadyCheck: true };
  const base = { ...options, ...silentServer, reconnectOnError };
  if ('url' in target) return clearStaleSocketTimeout(new Redis(target.url, { ...base, ...extra, lazyConnect: false }));
  return clearStaleSocketTimeout(new Redis({ ...base, ...sentinelOptions(target), ...extra, lazyConnect: false }));
}

/**
 * Waits until an API connection is ready, at most `timeoutMs`. Without an offline queue, a command sent
 * before the connection is up fails at once ("Stream isn't writeable"): an app that listened first
 * answered its first requests 503 or worse while its Redis connected (seen in CI, a dashboard started
 * under load). An HTTP app waits here before it listens; a Redis that is down still lets it start
 * (reads are served, writes answer 503), and its readiness probe says so.
 */
export function connected(redis: Redis, timeoutMs: number): Promise<boolean> {
  if (redis.status === 'ready') return Promise.resolve(true);
  return new Promise((resolve) => {
    const done = (ready: boolean) => {
      clearTimeout(timer);
      redis.off('ready', onReady);
      resolve(ready);
    };
    const onReady = () => done(true);
    const timer = setTimeout(() => done(false), timeoutMs);
    redis.on('ready', onReady);
  });
}

/** How long an HTTP app waits for Redis before it listens anyway (ioredis's connect timeout is 2 s). */
export const REDIS_WAIT_MS = 5_000;

/**
 * An HTTP app's (the API's, the dashboard's) Redis connection: failing fast, its errors logged, and
 * waited for (see connected) so that the app listens once it can serve what needs Redis.
 */
export async function httpAppRedis(target: RedisTarget, logger: { warn(obj: object, msg: string): void }) {
  const redis = createRedis(target, 'api');
  redis.on('error', (error) => logger.warn({ err: error.message }, 'redis connection error'));
  if (!(await connected(redis, REDIS_WAIT_MS)))
    logger.warn(
      { waitedMs: REDIS_WAIT_MS },
      'redis unreachable at start; serving anyway (writes answer 503 until it connects)',
    );
  return redis;
}

/**
 * ioredis 5 leaves the socket timeout's timer armed when its socket closes before answering: firing
 * later, it destroys the connection made in its place (ioredis #2147, fixed in ioredis 6), and it holds
 * a process open up to REDIS_SOCKET_TIMEOUT_MS after a close. Cleared when the socket closes, here and
 * in every duplicate (BullMQ's worker and blocking connections, the subscribers), as ioredis 6 does.
 */
function clearStaleSocketTimeout(redis: Redis): Redis {
  const timed = redis as unknown as { socketTimeoutTimer?: NodeJS.Timeout };
  const clear = () => {
    clearTimeout(timed.socketTimeoutTimer);
    timed.socketTimeoutTimer = undefined;
  };
  redis.on('close', clear);
  redis.on('end', clear);
  const duplicate = redis.duplicate.bind(redis);
  redis.duplicate = (override) => clearStaleSocketTimeout(duplicate(override));
  return redis;
}

/**
 * A connection with a command in flight that receives nothing for this long is taken for dead and made
 * again (ioredis destroys the socket; with Sentinel it asks the sentinels for the master anew): a master
 * that died without closing its connections (power cut, partition) or hangs. The longest a healthy
 * server takes to answer is a worker's blocking fetch, 10 s at most (queues.ts BLOCK_TIMEOUT_S), so 30 s
 * is never a slow answer. A worker whose fetch hangs is replaced sooner, by the worker watchdog (15 s).
 */
export const REDIS_SOCKET_TIMEOUT_MS = 30_000;

const silentServer: RedisOptions = {
  socketTimeout: REDIS_SOCKET_TIMEOUT_MS,
  // TCP keep-alive after 10 s idle: finds a vanished peer of a connection with nothing in flight (a
  // subscriber's), which the socket timeout, armed by a command, never would.
  keepAlive: 10_000,
};

/**
 * A failover's promoted replica becomes the master; the old master, back, is made a replica, and a
 * connection still open to it answers every write `READONLY You can't write against a read only
 * replica` (also inside a BullMQ script's error). Such a connection is closed and made again, which asks
 * the sentinels for the master anew; `2` sends the refused command again there (nothing was written, so
 * it is safe; the API's connections, without an offline queue, refuse it at once instead: a 503).
 */
export function reconnectOnError(error: Error): boolean | 1 | 2 {
  return error.message.includes('READONLY') ? 2 : false;
}

function sentinelOptions(target: Extract<RedisTarget, { sentinels: unknown }>): RedisOptions {
  return {
    sentinels: target.sentinels,
    name: target.name,
    role: 'master',
    ...(target.password === undefined ? {} : { password: target.password }),
    ...(target.sentinelPassword === undefined ? {} : { sentinelPassword: target.sentinelPassword }),
    // REDIS_SENTINEL_TLS: TLS to the sentinels (sentinelTLS), and to the master and replicas they name
    // (tls, which Sentinel mode uses only with enableTLSForSentinelMode). Certificates are checked against
    // Node's CAs, plus NODE_EXTRA_CA_CERTS for a private one.
    ...(target.tls ? { sentinelTLS: {}, tls: {}, enableTLSForSentinelMode: true } : {}),
    // None of the sentinels answering (all restarting, a partition): ask them all again, ever more
    // slowly up to once a second, never giving up (null would end the connection for good).
    sentinelRetryStrategy: (attempts) => Math.min(attempts * 100, 1_000),
    // A sentinel that accepts the connection and then says nothing must not hold up finding the master.
    sentinelCommandTimeout: 2_000,
    // Subscribes to the sentinels' +switch-master: on a promotion every connection leaves the old master
    // at once, even one it could still reach (a manual failover, a partition), instead of waiting for
    // the old master to go away or to answer READONLY. ioredis 5.3+.
    failoverDetector: true,
    // The detector's own connection to a sentinel that restarted is made again after this (ioredis waits
    // a minute), so a sentinel's restart does not leave it deaf to a promotion for long.
    sentinelReconnectStrategy: () => 5_000,
  };
}
