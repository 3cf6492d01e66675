import { type AlertBody, type DeliveryBody, isNotice } from './alert-body.ts';
import { deployHeadline, isDeployChecked } from './deploy-message.ts';
import { isRumAlert, rumMessage } from './rum-message.ts';

/** How bad it is, which each channel shows its own way (a colour, PagerDuty's severity, resolve). */
export type Severity = 'critical' | 'warning' | 'info' | 'resolved';

export interface Fact {
  label: string;
  value: string;
}

/**
 * One alert in words, whatever the channel: what happened (title, summary), to which monitor and when,
 * what it measured and where it failed (facts), and where to look (links: the monitor's page first).
 */
export interface AlertMessage {
  event: string;
  severity: Severity;
  title: string;
  summary: string;
  at: string;
  facts: Fact[];
  links: Array<{ text: string; url: string }>;
  /** The monitor's URL, or the channel's name for a notice: PagerDuty's `source`. */
  source: string;
  /**
   * What ties a trigger to its resolve: one incident of one monitor has one key (its start), so the
   * monitor.down and the monitor.recovered of an incident share it. Other alerts have their own.
   */
  dedupKey: string;
}

const words = (code: string) => code.replaceAll('_', ' ');
const text = (value: unknown): string | null =>
  typeof value === 'string' && value.length > 0 ? value : typeof value === 'number' ? String(value) : null;
const ms = (value: unknown) => (typeof value === 'number' ? `${Math.round(value)} ms` : null);
const record = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/** What an alert calls its monitor: its name, or its URL when it has none. */
export const monitorNameOf = (monitor: AlertBody['monitor']) => monitor.name ?? monitor.url;

/** A time as people read it in an alert: UTC, to the second. */
export const when = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC`;

function lengthOf(from: string, to: string): string {
  const seconds = Math.max(0, Math.round((Date.parse(to) - Date.parse(from)) / 1000));
  if (seconds < 120) return `${seconds} s`;
  const minutes = Math.round(seconds / 60);
  return minutes < 120 ? `${minutes} min` : `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

const PHASE_LABELS: Record<string, string> = {
  dns: 'DNS',
  connect: 'connect',
  tls: 'TLS',
  first_byte: 'first byte',
  download: 'download',
  total: 'total',
};

/** "DNS 3 ms · connect 5 ms · … · total 130 ms" from a check's timings, the phases it reached. */
function timings(check: Record<string, unknown>): string | null {
  const phases = record(check.timings_ms);
  const parts = Object.entries(PHASE_LABELS).flatMap(([key, label]) => {
    const value = ms(phases[key]);
    return value ? [`${label} ${value}`] : [];
  });
  if (parts.length === 0) return ms(check.total_ms) && `total ${ms(check.total_ms)}`;
  return parts.join(' · ');
}

function headline(body: AlertBody): { severity: Severity; title: string; summary: string } {
  const { monitor, alert } = body;
  const name = monitorNameOf(monitor);
  const details = record(alert.details);
  const message = text(details.message);
  switch (body.event) {
    case 'monitor.down':
      return {
        severity: 'critical',
        title: `Down: ${name}`,
        summary: message ?? `${name} is down: ${words(alert.reason)}.`,
      };
    case 'monitor.degraded':
      return {
        severity: 'warning',
        title: `Degraded: ${name}`,
        summary: message ?? `${name} is up, but degraded.`,
      };
    case 'monitor.recovered': {
      if (details.from === 'degraded') {
        return { severity: 'resolved', title: `Recovered: ${name}`, summary: `${name} is no longer degraded.` };
      }
      const incident = body.incident;
      const length = incident?.ended_at ? ` after ${lengthOf(incident.started_at, incident.ended_at)}` : '';
      return {
        severity: 'resolved',
        title: `Recovered: ${name}`,
        summary: `${name} is up again${length}.`,
      };
    }
    case 'monitor.regressed':
      return {
        severity: 'warning',
        title: `Regressed: ${name}`,
        summary:
          alert.reason === 'score_dropped'
            ? `The score fell to ${text(details.score)}, ${text(details.drop)} points below the median (${text(details.median_of_last_runs)}) of the last runs.`
            : `An assertion that passed now fails: ${[details.failing_assertions].flat().join(', ') || 'see the run'}.`,
      };
    case 'monitor.paused':
      return {
        severity: 'warning',
        title: `Paused: ${name}`,
        summary: message ?? `The monitor paused: ${words(alert.reason)}.`,
      };
    case 'monitor.certificate_expiring':
      return {
        severity: 'warning',
        title: `Certificate expiring: ${name}`,
        summary: message ?? `The certificate expires in ${text(details.days_remaining)} days.`,
      };
    case 'monitor.field_regressed':
      return {
        severity: 'warning',
        title: `Real users fare worse: ${name}`,
        summary:
          message ??
          `${text(details.metric)?.toUpperCase()} p75 went from ${words(text(details.from) ?? '')} to ${words(text(details.to) ?? '')} for real users.`,
      };
    default:
      return { severity: 'info', title: `${body.event}: ${name}`, summary: message ?? words(alert.reason) };
  }
}

const FORM_FACTORS: Record<string, string> = { PHONE: 'phones', DESKTOP: 'desktops' };

/** A field alert's figures (issue 48): the 28 days they are of, and whose they are, on which device. */
function fieldFacts(details: Record<string, unknown>): Array<[string, string | null]> {
  const period = record(details.collection_period);
  if (!text(period.last_date)) return [];
  const whose = details.scope === 'origin' ? "the site's (origin)" : "the page's own";
  return [
    ['Collection period', `${text(period.first_date)} to ${text(period.last_date)}`],
    ['Field data', `${whose}, Chrome users on ${FORM_FACTORS[String(details.form_factor)] ?? 'all devices'}`],
  ];
}

/** The facts of an alert: the monitor, when, and what its run measured and where it failed. */
function factsOf(body: AlertBody): Fact[] {
  const details = record(body.alert.details);
  const check = record(details.check);
  const advice = record(details.advice);
  const facts: Array<[string, string | null]> = [
    ['Monitor', monitorNameOf(body.monitor)],
    // What it watches, beside its name (a heartbeat watches nothing: its URL is a placeholder).
    [
      'Target',
      monitorNameOf(body.monitor) !== body.monitor.url && body.monitor.type !== 'heartbeat' ? body.monitor.url : null,
    ],
    ['Kind', `${body.monitor.type}, every ${body.monitor.interval_seconds} s`],
    ['When', when(body.alert.created_at)],
    ['Reason', words(body.alert.reason)],
    ['HTTP status', text(check.status_code)],
    ['Timings', timings(check)],
    ['Failed checks in a row', text(details.consecutive_failures ?? details.after_failures)],
    ['Down since', body.incident ? when(body.incident.started_at) : null],
    ['Location', text(details.location) ?? text(check.location)],
    ['What to try', text(advice.try)],
    ...fieldFacts(details),
    // The release it may have come with (issue 62).
    [
      'After deploy',
      body.deploy ? `${body.deploy.version} (${body.deploy.environment}), ${when(body.deploy.created_at)}` : null,
    ],
  ];
  return facts.flatMap(([label, value]) => (value === null ? [] : [{ label, value }]));
}

/** The words every channel sends for a delivery's body. */
export function messageOf(body: DeliveryBody): AlertMessage {
  if (isNotice(body)) {
    const test = body.event === 'alert_channel.test';
    return {
      event: body.event,
      severity: test ? 'info' : 'warning',
      title: test ? `Test message to ${body.channel.name}` : `Alert channel failing: ${body.channel.name}`,
      summary: body.message,
      at: body.created_at,
      facts: [
        { label: 'Channel', value: `${body.channel.name} (${body.channel.type})` },
        { label: 'When', value: when(body.created_at) },
      ],
      links: [],
      source: body.channel.name,
      dedupKey: `pageprobe/${body.event}/${body.channel.id}/${body.created_at}`,
    };
  }
  if (isRumAlert(body)) return rumMessage(body);
  if (isDeployChecked(body)) {
    const d = body.deploy;
    return {
      event: body.event,
      ...deployHeadline(body),
      at: d.checked_at,
      facts: [
        { label: 'Version', value: d.version },
        { label: 'Environment', value: d.environment },
        ...(d.commit ? [{ label: 'Commit', value: d.commit }] : []),
        { label: 'Deployed', value: when(d.created_at) },
        ...body.checks.map((c) => ({ label: c.monitor_name ?? c.monitor_id, value: c.verdict })),
      ],
      links: [
        { text: 'The deploy', url: d.dashboard_url },
        ...body.checks.flatMap((c) =>
          c.compare_url ? [{ text: `Before and after: ${c.monitor_name ?? c.monitor_id}`, url: c.compare_url }] : [],
        ),
      ],
      source: d.url ?? d.environment,
      dedupKey: `pageprobe/deploy/${d.id}`,
    };
  }
  const incident = body.incident && (body.event === 'monitor.down' || body.event === 'monitor.recovered');
  return {
    event: body.event,
    ...headline(body),
    at: body.alert.created_at,
    facts: factsOf(body),
    // Its page, when public (a private one's link answers 404), and its page in the dashboard.
    links: [
      ...(body.monitor.public_page === false ? [] : [{ text: 'Monitor page', url: body.monitor.report_url }]),
      ...(body.monitor.dashboard_url ? [{ text: 'Open in the dashboard', url: body.monitor.dashboard_url }] : []),
      ...(body.test ? [{ text: 'Test report', url: body.test.report_url }] : []),
      ...(body.deploy
        ? [{ text: `Deploy ${body.deploy.version}`, url: body.deploy.compare_url ?? body.deploy.dashboard_url }]
        : []),
    ],
    source: body.monitor.url,
    dedupKey: incident
      ? `pageprobe/${body.monitor.id}/incident/${body.incident!.started_at}`
      : `pageprobe/${body.monitor.id}/alert/${body.alert.id}`,
  };
}
