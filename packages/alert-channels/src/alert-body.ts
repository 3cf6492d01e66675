import type { AlertDeploy, DeployCheckedBody } from './deploy-message.ts';
import type { RumAlertBody } from './rum-message.ts';

// What the outbox stores for an alert: the body of the monitor's callback (test-lifecycle's
// serialiseAlert), sent as it is to a webhook channel and read back here to word the other channels'
// messages. A notice about a channel itself (it is failing, or this is a test message) has its own body.

export interface AlertBody {
  event: string;
  monitor: {
    id: string;
    url: string;
    type: string;
    status: string;
    interval_seconds: number;
    report_url: string;
    /** Its name, or its URL when it has none (absent from bodies stored before names were sent). */
    name?: string;
    /** Its page in the dashboard, for the team's members. */
    dashboard_url?: string;
    /** False: its page is for members only, and `report_url` answers 404. */
    public_page?: boolean;
  };
  alert: { id: string; reason: string; details: Record<string, unknown>; created_at: string };
  /** The incident a monitor.down opened or a monitor.recovered closed. */
  incident?: { started_at: string; ended_at: string | null } | null;
  test: { id: string; status: string; report_url: string } | null;
  /** The latest deploy before it (issue 62), for monitor.down, monitor.regressed and monitor.field_regressed. */
  deploy?: AlertDeploy | null;
}

export interface ChannelNoticeBody {
  event: 'alert_channel.failing' | 'alert_channel.test';
  channel: { id: string; name: string; type: string };
  message: string;
  created_at: string;
}

export type DeliveryBody = AlertBody | ChannelNoticeBody | DeployCheckedBody | RumAlertBody;

export const isNotice = (body: DeliveryBody): body is ChannelNoticeBody => 'channel' in body;
