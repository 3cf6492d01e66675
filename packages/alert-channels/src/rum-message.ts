import type { AlertMessage } from './alert-message.ts';
import { figureWords } from './deploy-message.ts';

// rum.regressed and rum.recovered in words (issue 61): which site, which metric's p75 over the window
// of its real users' page views, the rating it moved from and to or the budget it passed, and the deploy
// it may have come with. Every channel type words it from this one message, as monitors' alerts.

export interface RumAlertBody {
  event: 'rum.regressed' | 'rum.recovered';
  site: { id: string; name: string };
  alert: { id: string; reason: string; created_at: string };
  metric: string;
  p75: number;
  rating: string;
  previous_rating: string | null;
  budget: number | null;
  over_budget: boolean;
  page_views: number;
  window: { from: string; to: string; minutes: number };
  deploy?: {
    id: string;
    environment: string;
    version: string;
    commit: string | null;
    url: string | null;
    created_at: string;
    dashboard_url: string;
  };
  /** The site's page in the dashboard. */
  url: string;
}

export const isRumAlert = (body: { event: string }): body is RumAlertBody =>
  body.event === 'rum.regressed' || body.event === 'rum.recovered';

/** A figure as people read it: "3.48 s", "420 ms", or CLS's "0.31". */
export function rumFigure(metric: string, n: number | null): string {
  if (n === null) return '—';
  if (metric.endsWith('_ms')) return n >= 1000 ? `${(n / 1000).toFixed(2)} s` : `${Math.round(n)} ms`;
  return String(Math.round(n * 1000) / 1000);
}

const words = (code: string | null) => (code ?? '').replaceAll('_', ' ');
const utc = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC`;

function headline(b: RumAlertBody): Pick<AlertMessage, 'severity' | 'title' | 'summary'> {
  const metric = figureWords(`vitals.${b.metric}`);
  const p75 = rumFigure(b.metric, b.p75);
  const over = `${b.page_views.toLocaleString('en-US')} page views in the last ${b.window.minutes} min`;
  if (b.event === 'rum.recovered') {
    return {
      severity: 'resolved',
      title: `Real users fare well again: ${b.site.name}`,
      summary: `${metric} p75 is ${words(b.rating)}${b.budget !== null ? ` and within its budget of ${rumFigure(b.metric, b.budget)}` : ''} again: ${p75} over ${over}.`,
    };
  }
  const moved =
    b.alert.reason === 'rating_worse' && b.previous_rating
      ? `went from ${words(b.previous_rating)} to ${words(b.rating)}: ${p75}`
      : `is ${p75}, past the site's budget of ${rumFigure(b.metric, b.budget)} (${words(b.rating)})`;
  const deploy = b.deploy ? ` After deploy ${b.deploy.version} (${b.deploy.environment}).` : '';
  return {
    severity: b.rating === 'poor' ? 'critical' : 'warning',
    title: `Real users fare worse: ${b.site.name}`,
    summary: `${metric} p75 ${moved}, over ${over}.${deploy}`,
  };
}

/** The words every channel sends for a RUM alert. */
export function rumMessage(b: RumAlertBody): AlertMessage {
  const facts: Array<[string, string | null]> = [
    ['Site', b.site.name],
    ['Metric', figureWords(`vitals.${b.metric}`)],
    ['p75', rumFigure(b.metric, b.p75)],
    ['Rating', b.previous_rating ? `${words(b.previous_rating)} → ${words(b.rating)}` : words(b.rating)],
    ['Budget', b.budget !== null ? `${rumFigure(b.metric, b.budget)}${b.over_budget ? ' (passed)' : ''}` : null],
    ['Page views', b.page_views.toLocaleString('en-US')],
    ['Window', `${utc(b.window.from)} to ${utc(b.window.to)}`],
    ['After deploy', b.deploy ? `${b.deploy.version} (${b.deploy.environment}), ${utc(b.deploy.created_at)}` : null],
  ];
  return {
    event: b.event,
    ...headline(b),
    at: b.alert.created_at,
    facts: facts.flatMap(([label, value]) => (value === null ? [] : [{ label, value }])),
    links: [
      { text: 'Open in the dashboard', url: b.url },
      ...(b.deploy ? [{ text: `Deploy ${b.deploy.version}`, url: b.deploy.dashboard_url }] : []),
    ],
    source: b.site.name,
    // A regression and its recovery share a key (PagerDuty resolves what it triggered).
    dedupKey: `pageprobe/rum/${b.site.id}/${b.metric}`,
  };
}
