import { type CruxClient, cruxClient, cruxConfigFrom } from '@pageprobe/crux';
import type { ServiceDeps } from '../deps.ts';

const clients = new WeakMap<object, CruxClient>();

/**
 * The app's CrUX client (issue 48), made from its parsed configuration the first time a field series or
 * a monitor's page asks, then kept for the app's life: the API and the dashboard each have one, sharing
 * the key's quota and the answers' cache with every replica and the workers through Redis.
 */
export function cruxOf(deps: Pick<ServiceDeps, 'config' | 'redis' | 'logger'>): CruxClient {
  let client = clients.get(deps);
  if (!client) {
    client = cruxClient({ config: cruxConfigFrom(deps.config), redis: deps.redis, log: deps.logger });
    clients.set(deps, client);
  }
  return client;
}
