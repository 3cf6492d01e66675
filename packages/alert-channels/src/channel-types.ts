import type { PagerDutySeverity } from './render/pagerduty.ts';

export const CHANNEL_TYPES = ['slack', 'teams', 'discord', 'pagerduty', 'email', 'webhook'] as const;
export type ChannelType = (typeof CHANNEL_TYPES)[number];

/** A channel's secret part, sealed at rest: a webhook URL carries its own token; a routing key is one. */
export interface ChannelSecret {
  url?: string;
  routing_key?: string;
}

/** What may be shown of a channel. */
export interface ChannelSettings {
  addresses?: string[];
  severity?: PagerDutySeverity;
}

/** The fields each type takes (beside type and name), and which of them are secret. */
export const CHANNEL_FIELDS: Record<ChannelType, { required: string[]; optional: string[]; secret: string[] }> = {
  slack: { required: ['url'], optional: [], secret: ['url'] },
  teams: { required: ['url'], optional: [], secret: ['url'] },
  discord: { required: ['url'], optional: [], secret: ['url'] },
  webhook: { required: ['url'], optional: [], secret: ['url'] },
  pagerduty: { required: ['routing_key'], optional: ['severity'], secret: ['routing_key'] },
  email: { required: ['addresses'], optional: [], secret: [] },
};

/** The sealing context of a channel's secret: a sealed value cannot be moved to another row. */
export const channelSealContext = (id: string) => `alert-channel:${id}`;

export const REDACTED = '[redacted]';
