import { keyRevokedChannel } from '@pageprobe/accounts';
import type { Logger } from '@pageprobe/logger';
import type { Redis } from 'ioredis';
import type { KeyCache } from './key-cache.ts';

/**
 * Makes a revocation reach every API replica at once: the replica that revokes publishes the key id,
 * every replica (itself included) drops the key from its cache. If Redis is unreachable the cache's
 * few-second TTL still bounds how long a revoked key works.
 */
export class KeyRevocations {
  readonly #publisher: Redis;
  readonly #subscriber: Redis;
  readonly #channel: string;

  constructor(publisher: Redis, channelPrefix: string, cache: KeyCache, logger: Logger) {
    this.#publisher = publisher;
    this.#channel = keyRevokedChannel(channelPrefix);
    // A subscribed connection can do nothing else, so it is a connection of its own.
    this.#subscriber = publisher.duplicate({ enableOfflineQueue: true });
    this.#subscriber.on('error', (error) => logger.warn({ err: error.message }, 'revocation subscriber error'));
    this.#subscriber.on('message', (_channel, keyId: string) => cache.forgetKeyId(keyId));
    this.#subscriber
      .subscribe(this.#channel)
      .catch((error: unknown) => logger.warn({ err: error }, 'could not subscribe to revocations'));
  }

  async announce(keyId: string): Promise<void> {
    await this.#publisher.publish(this.#channel, keyId).catch(() => {});
  }

  close(): void {
    this.#subscriber.disconnect();
  }
}
