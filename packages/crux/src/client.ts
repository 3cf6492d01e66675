import type { Logger } from '@pageprobe/logger';
import type { Redis } from 'ioredis';
import type { CruxConfig } from './config.ts';
import type { CruxClient } from './types.ts';

/**
 * The one client for the CrUX API: answers from Redis when it can, otherwise one query per distinct
 * question across replicas, within the key's quota. Without an API key every answer is `no_api_key`.
 */
export function cruxClient(_opts: { config: CruxConfig; redis: Redis; log?: Logger }): CruxClient {
  throw new Error('not yet');
}
