import type { ServiceDeps } from '@pageprobe/services';
import type { GeoIp } from '@pageprobe/rum';
import type { Registry } from 'prom-client';
import type { ApiConfig } from './config.ts';

export type { ServiceDeps } from '@pageprobe/services';

/** Everything the HTTP app needs, wired by main.ts (or a test) and passed to createApp. */
export interface ApiDeps extends ServiceDeps {
  config: ApiConfig;
  /** Where request metrics go (main.ts serves it on OPS_PORT); none in most tests. */
  registry?: Registry;
  /** RUM_GEOIP_DB, opened by start.ts (a beacon's country when the edge's header names none). */
  rumGeoIp?: GeoIp;
}
