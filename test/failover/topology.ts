// The two topologies the run fails over, from test/support's builders: Redis with a replica and three
// sentinels (redis-sentinel.ts) and PostgreSQL with a streaming standby behind HAProxy
// (postgres-failover.ts). Each failover here is what an outage and its operator do, in order.
import { setTimeout as sleep } from 'node:timers/promises';
import { startPostgresFailover } from '../support/postgres-failover.ts';
import { startSentinelTopology } from '../support/redis-sentinel.ts';
import { sec } from './verdict.ts';

export interface Topology {
  redis: {
    /** What the apps are given: REDIS_SENTINELS, REDIS_SENTINEL_NAME and REDIS_SENTINEL_PASSWORD. */
    env: Record<string, string>;
    /**
     * With replication cut for `unreplicatedMs` (the master acknowledges writes the replica never gets),
     * SIGKILLs the master; resolves once the sentinels have promoted the replica, whose data lacks what
     * the master took in those milliseconds. `at`: when the master was killed.
     */
    failover(options: { unreplicatedMs: number }): Promise<{ description: string; at: number }>;
  };
  postgres: {
    /** The address the apps use: the proxy's. */
    proxyUrl: string;
    /** Creates a database on the primary (the standby follows) and returns its URL through the proxy. */
    createDatabase(name: string): Promise<string>;
    /**
     * Stops the primary, promotes the standby and moves the proxy to it; with `readOnlyFirstMs`, the old
     * primary comes back read-only first and the proxy points at it that long before it moves. Resolves
     * once the proxy reaches the new primary; the pair then gets a new standby for the next failover.
     */
    failover(options: { readOnlyFirstMs?: number }): Promise<{ description: string; at: number }>;
    /** A fresh standby of the new primary (a new base backup), for another failover. */
    rebuildStandby(): Promise<void>;
  };
}

type Cleanup = (what: string, run: () => unknown) => void;

export async function buildTopology(cleanup: Cleanup): Promise<Topology> {
  const [redis, postgres] = await Promise.all([
    startSentinelTopology().then((r) => {
      cleanup('Redis and its sentinels', () => r.stop());
      return r;
    }),
    startPostgresFailover().then((p) => {
      cleanup('PostgreSQL and HAProxy', () => p.stop());
      return p;
    }),
  ]);
  return {
    redis: {
      env: redis.env,
      async failover({ unreplicatedMs }) {
        const before = await redis.master();
        const replicaPort = redis.ports.find((p) => p !== before.port)!;
        // The replica's link to the master cut, and kept down (it cannot authenticate again): the master
        // goes on acknowledging writes that reach no replica, as a lagging replica's master does.
        const replica = redis.connect(replicaPort);
        try {
          await replica.config('SET', 'masterauth', 'not-the-password');
          await replica.call('CLIENT', 'KILL', 'TYPE', 'master');
          await sleep(unreplicatedMs);
          const { at } = await redis.killMaster();
          await replica.config('SET', 'masterauth', redis.password);
          const after = await redis.waitForPromotion(before.port, 30_000);
          return {
            at,
            description: `replication to :${replicaPort} cut for ${unreplicatedMs} ms, master :${before.port} SIGKILLed; the sentinels promoted :${after.port} ${sec(after.at - at)} later`,
          };
        } finally {
          replica.disconnect();
        }
      },
    },
    postgres: {
      proxyUrl: postgres.proxyUrl(),
      async createDatabase(name) {
        await postgres.createDatabase(name);
        return postgres.proxyUrl(name);
      },
      async failover({ readOnlyFirstMs }) {
        const steps: string[] = [];
        const old = postgres.primary;
        const at = Date.now();
        await postgres.stopPrimary('fast');
        steps.push(`primary ${old.name} stopped`);
        await postgres.promoteStandby();
        steps.push(`${postgres.primary.name} promoted`);
        if (readOnlyFirstMs) {
          await postgres.restartOldPrimaryReadOnly();
          await postgres.repointProxy(old);
          steps.push(`${old.name} back read-only, the proxy on it for ${readOnlyFirstMs / 1000} s`);
          await sleep(readOnlyFirstMs);
        }
        await postgres.repointProxy(postgres.primary);
        steps.push(`the proxy moved to ${postgres.primary.name}`);
        return { at, description: steps.join('; ') };
      },
      rebuildStandby: () => postgres.rebuildStandby(),
    },
  };
}
