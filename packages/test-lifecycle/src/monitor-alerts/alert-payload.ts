import type { Monitor, MonitorAlert } from '@pageprobe/db';
import { type AlertLinkBases, dashboardMonitorUrl, monitorPageUrl, reportUrl } from '../report-url.ts';
import type { AlertDeploy } from './alert-deploy.ts';

export type AlertEvent =
  | 'monitor.down'
  | 'monitor.recovered'
  | 'monitor.regressed'
  | 'monitor.paused'
  | 'monitor.certificate_expiring'
  /** A field metric's p75 (real users, CrUX) got a worse category from one collection period to the next (issue 48). */
  | 'monitor.field_regressed'
  /** Up, but expectations of severity degraded failed for down_after checks in a row (issue 58). */
  | 'monitor.degraded';

/**
 * The body of an alert's callback, serialised once like a test's (the bytes stored are the bytes signed
 * and sent): which monitor (by name, with its page and its page in the dashboard), what happened, the
 * incident it opened or closed, the run that showed it, and the deploy before it (issue 62). A heartbeat's `url` is a placeholder, so a
 * receiver tells monitors apart by `name`: the monitor's name, or its URL when it has none.
 */
export function serialiseAlert(
  monitor: Pick<Monitor, 'id' | 'url' | 'name' | 'type' | 'status' | 'intervalSeconds' | 'reportToken' | 'publicPage'>,
  alert: Pick<MonitorAlert, 'id' | 'event' | 'reason' | 'details' | 'createdAt'>,
  test: { id: string; status: string; reportToken: string } | null,
  { publicBaseUrl, dashboardBaseUrl }: AlertLinkBases,
  incident: { started_at: string; ended_at: string | null } | null = null,
  deploy: AlertDeploy | null = null,
): string {
  return JSON.stringify({
    event: alert.event,
    monitor: {
      id: monitor.id,
      url: monitor.url,
      type: monitor.type,
      status: monitor.status,
      interval_seconds: monitor.intervalSeconds,
      report_url: monitorPageUrl(publicBaseUrl, monitor.reportToken),
      name: monitor.name ?? monitor.url,
      dashboard_url: dashboardMonitorUrl(dashboardBaseUrl, monitor.id),
      public_page: monitor.publicPage,
    },
    alert: { id: alert.id, reason: alert.reason, details: alert.details, created_at: alert.createdAt.toISOString() },
    incident,
    test: test ? { id: test.id, status: test.status, report_url: reportUrl(publicBaseUrl, test.reportToken) } : null,
    // The deploy it may have come with (issue 62): down, regressed and field_regressed alerts only.
    ...(deploy ? { deploy } : {}),
  });
}
