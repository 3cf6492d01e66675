import type { ChannelInput } from '@pageprobe/services';
import type { WindowInput } from '@pageprobe/services';
import type { CreateMonitor } from '@pageprobe/services';
import type { StatusPageInput } from '@pageprobe/services';
import type { ResourceKind } from '@pageprobe/services';
import type { RumSiteInput } from '@pageprobe/services';

// The body of POST /config/plan and /config/apply (issue 50), as the document's ConfigState lets it
// through: each entry its resource's create body with a key, references by key.

export type ChannelEntry = ChannelInput & Required<Pick<ChannelInput, 'type' | 'name'>> & { key: string };
export type MonitorEntry = CreateMonitor & { key: string };
export type WindowEntry = WindowInput & { key: string; name: string };
export type PageEntry = Omit<StatusPageInput, 'monitors'> & {
  key: string;
  slug: string;
  title: string;
  monitors: Array<{ key: string; label: string }>;
};

/** A RUM site (issue 61): keyed by its name; alert channels by key. */
export type RumSiteEntry = Omit<RumSiteInput, 'alert_channels'> & {
  name: string;
  origins: string[];
  alert_channels?: string[];
};

export interface ConfigState {
  alert_channels?: ChannelEntry[];
  monitors?: MonitorEntry[];
  maintenance_windows?: WindowEntry[];
  status_pages?: PageEntry[];
  rum_sites?: RumSiteEntry[];
  prune: boolean;
  managed_by: string;
  adopt: boolean;
}

/** The body's lists, in the order apply makes their resources, with the kind each holds. */
export const COLLECTIONS = [
  ['alert_channels', 'alert_channel'],
  ['monitors', 'monitor'],
  ['maintenance_windows', 'maintenance_window'],
  ['status_pages', 'status_page'],
  ['rum_sites', 'rum_site'],
] as const satisfies ReadonlyArray<readonly [keyof ConfigState, ResourceKind]>;

/** Resources one request may describe, in all: its apply is one transaction. */
export const MAX_RESOURCES = 1000;

/** The two routes, as the API's router sees their paths: their bodies may be large, each entry's problems all listed. */
export const CONFIG_PATHS = /^\/config\/(plan|apply)\/?$/;

export interface FieldChange {
  field: string;
  from: unknown;
  to: unknown;
}

/** A field a plan did not compare: a secret, for a caller who may not write it (issue 56). */
export interface NotCompared {
  resource: ResourceKind;
  key: string;
  field: string;
}

export interface Change {
  action: 'create' | 'update' | 'delete';
  resource: ResourceKind;
  key: string;
  id: string | null;
  fields: FieldChange[];
}
