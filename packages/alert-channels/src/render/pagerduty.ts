import type { AlertMessage, Severity } from '../alert-message.ts';
import { clip } from './clip.ts';

// PagerDuty's Events API v2 (POST /v2/enqueue). Required: routing_key and event_action, and for a
// trigger payload.summary (at most 1,024 characters), payload.source and payload.severity (critical,
// error, warning or info). A resolve needs only the dedup_key of what it resolves.

export type PagerDutySeverity = 'critical' | 'error' | 'warning' | 'info';
export const PAGERDUTY_SEVERITIES: readonly PagerDutySeverity[] = ['critical', 'error', 'warning', 'info'];

export interface PagerDutyEvent {
  routing_key: string;
  event_action: 'trigger' | 'acknowledge' | 'resolve';
  dedup_key: string;
  payload?: {
    summary: string;
    source: string;
    severity: PagerDutySeverity;
    timestamp?: string;
    component?: string;
    group?: string;
    class?: string;
    custom_details?: Record<string, string>;
  };
  links?: Array<{ href: string; text: string }>;
  client?: string;
  client_url?: string;
}

/** `down` is the channel's severity for a monitor that is down (critical unless the team chose). */
export function pagerDutyEvent(message: AlertMessage, routingKey: string, down: PagerDutySeverity): PagerDutyEvent {
  if (message.severity === 'resolved') {
    return { routing_key: routingKey, event_action: 'resolve', dedup_key: message.dedupKey };
  }
  const severity: Record<Exclude<Severity, 'resolved'>, PagerDutySeverity> = {
    critical: down,
    warning: 'warning',
    info: 'info',
  };
  return {
    routing_key: routingKey,
    event_action: 'trigger',
    dedup_key: message.dedupKey,
    payload: {
      summary: clip(`${message.title}: ${message.summary}`, 1024),
      source: message.source,
      severity: severity[message.severity],
      timestamp: message.at,
      class: message.event,
      custom_details: Object.fromEntries(message.facts.map((f) => [f.label, f.value])),
    },
    links: message.links.map((l) => ({ href: l.url, text: l.text })),
    client: 'Pageprobe',
    ...(message.links[0] ? { client_url: message.links[0].url } : {}),
  };
}
