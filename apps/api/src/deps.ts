import type { ServiceDeps } from '@pageprobe/services';
import type { Registry } from 'prom-client';
import type { ApiConfig } from './config.ts';

export type { ServiceDeps } from '@pageprobe/services';

/** Everything the HTTP app needs, wired by main.ts (or a test) and passed to createApp. */
export interface ApiDeps extends ServiceDeps {
  config: ApiConfig;
  /** Where request metrics go (main.ts serves it on OPS_PORT); none in most tests. */
  registry?: Registry;
}
