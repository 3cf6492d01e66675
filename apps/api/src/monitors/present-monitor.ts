import type { Monitor } from '@pageprobe/db';
import type { Incident } from '@pageprobe/monitors';
import { badgeUrls, monitorPageUrl, monitorState } from '@pageprobe/services';
import { heartbeatFields } from '@pageprobe/services';
import { locationFields, type MonitorLocation } from '@pageprobe/services';

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** An uptime monitor's record over time, shown on GET /monitors/{id}. */
export interface UptimeRecord {
  uptime_percent: Record<'24h' | '7d' | '30d' | '90d', number | null>;
  /** The share of degraded checks in the same windows (they count as up in uptime_percent). */
  degraded_percent: Record<'24h' | '7d' | '30d' | '90d', number | null>;
  incidents: Incident[];
}

/** The public shape of a monitor; `uptime_percent` and `incidents` only on an uptime or heartbeat monitor's own GET. */
export function presentMonitor(
  monitor: Monitor & { alertChannels: Array<{ channelId: string }> },
  base: string,
  uptime: UptimeRecord | null = null,
  locations: MonitorLocation[] | null = null,
) {
  return {
    id: monitor.id,
    key: monitor.key,
    managed_by: monitor.managedBy,
    url: monitor.url,
    name: monitor.name,
    type: monitor.type,
    device: monitor.device,
    interval_seconds: monitor.intervalSeconds,
    callback_url: monitor.callbackUrl,
    runs: monitor.runCount,
    assertions: monitor.assertions ?? null,
    options: monitor.options ?? null,
    alert: {
      down_after: monitor.downAfter,
      regression_points: monitor.regressionPoints,
      remind_every_minutes: monitor.remindEveryMinutes,
      certificate_alert_days: monitor.certificateAlertDays,
    },
    tags: monitor.tags,
    depends_on: monitor.dependsOn,
    alert_channels: monitor.alertChannels.map((c) => c.channelId),
    status: monitor.status,
    paused_reason: monitor.pausedReason,
    down: monitor.down,
    state: monitorState(monitor),
    consecutive_failures: monitor.consecutiveFailures,
    skipped_runs: monitor.skippedRuns,
    last_run_at: iso(monitor.lastRunAt),
    next_run_at: iso(monitor.status === 'active' ? monitor.nextRunAt : null),
    created_at: monitor.createdAt.toISOString(),
    updated_at: monitor.updatedAt.toISOString(),
    uptime_percent: uptime?.uptime_percent ?? null,
    degraded_percent: uptime?.degraded_percent ?? null,
    incidents: uptime?.incidents ?? null,
    report_url: monitorPageUrl(base, monitor.reportToken),
    public_page: monitor.publicPage,
    badges: badgeUrls(base, monitor),
    ...locationFields(monitor, locations),
    ...heartbeatFields(monitor, base),
  };
}
