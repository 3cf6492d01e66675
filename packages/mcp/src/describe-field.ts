import type { FieldData, MonitorFieldSeries } from '@pageprobe/client';

// What an assistant reads of a lighthouse test's field data (issue 48): real Chrome users' p75 per
// metric beside the lab's, and whether the two agree, in a line or two.

const NAMES = { lcp: 'LCP', inp: 'INP', cls: 'CLS', fcp: 'FCP', ttfb: 'TTFB' } as const;
const LAB: Record<string, string> = { lcp_ms: 'LCP', tbt_ms: 'TBT', cls: 'CLS', fcp_ms: 'FCP', ttfb_ms: 'TTFB' };
const VERDICT = {
  agree: 'lab and field agree',
  lab_better: 'lab is more optimistic than real users',
  field_better: 'real users fare better than the lab',
} as const;
/** Why there is none; `when` says when CrUX was asked (a quota or a failure passes). */
const unavailable = (reason: string, when: string) =>
  ({
    no_api_key: 'off: the service has no Chrome UX Report API key',
    not_enough_data: 'none: too few Chrome users visited the page or its origin in 28 days',
    rate_limited: `none: the Chrome UX Report's quota was used up ${when}`,
    api_error: `none: the Chrome UX Report API failed ${when}`,
  })[reason] ?? reason;

const unit = (metric: string, v: number) => (metric === 'cls' ? String(Number(v.toFixed(3))) : `${Math.round(v)} ms`);
const device = (formFactor: string) => (formFactor === 'DESKTOP' ? 'desktop' : 'phones');
const whose = (field: { scope: 'url' | 'origin'; key: string }) =>
  field.scope === 'origin' ? `the origin ${field.key} (the page has too few visits)` : 'the page';
const pct = (share: number) => `${Math.round(share * 100)}%`;

/** The field data's line, or null for a test from before it. */
export function describeField(field: FieldData | undefined): string | null {
  if (!field) return null;
  if (!field.available) return `field data (real users): ${unavailable(field.reason, 'when the test ran')}`;
  const metrics = (Object.keys(NAMES) as Array<keyof typeof NAMES>).flatMap((key) => {
    const m = field.metrics[key];
    if (!m) return [];
    const category = m.category.replace('_', ' ');
    const lab =
      m.lab === null
        ? 'no lab figure'
        : `${VERDICT[m.verdict!] ?? m.verdict}: lab ${LAB[m.lab_metric] ?? m.lab_metric} ${unit(m.lab_metric === 'cls' ? 'cls' : 'ms', m.lab)} ${m.lab_category?.replace('_', ' ') ?? ''}`.trim();
    return [`${NAMES[key]} ${unit(key, m.p75)} ${category} (${lab})`];
  });
  return `field data (real users, Chrome UX Report p75 on ${device(field.form_factor)}, ${whose(field)}, ${field.collection_period.first_date} to ${field.collection_period.last_date}): ${metrics.join(', ') || 'no metric'}`;
}

/** Both tests' field p75s, base → head, of the metrics both have; null when either has none. */
export function describeFieldPair(pair: { head: FieldData | null; base: FieldData | null } | undefined): string | null {
  const { head, base } = pair ?? {};
  if (!head?.available || !base?.available) return null;
  const moves = (Object.keys(NAMES) as Array<keyof typeof NAMES>).flatMap((key) => {
    const h = head.metrics[key];
    const b = base.metrics[key];
    return h && b ? [`${NAMES[key]} ${unit(key, b.p75)} → ${unit(key, h.p75)} (${h.category.replace('_', ' ')})`] : [];
  });
  return moves.length ? `field p75 (real users, not counted as changes): ${moves.join(', ')}` : null;
}

/**
 * A monitor's field series (monitor_series with source field): whose figures, then a line per week, its
 * p75, category and shares of good, needs improvement and poor loads; or why there are none.
 */
export function describeFieldSeries(s: MonitorFieldSeries): string {
  if (!s.field.available) return `field ${s.metric} (real users): ${unavailable(s.field.reason, 'just now')}`;
  return [
    `field ${s.metric} (real users, Chrome UX Report p75 on ${device(s.field.form_factor)}, ${whose(s.field)}), weekly, ${s.points.length} points`,
    ...s.points.map(
      (p) =>
        `${p.collection_period.last_date} (28 days from ${p.collection_period.first_date}): ${unit(s.metric, p.p75)} ${p.category.replace('_', ' ')} (good ${pct(p.good)}, needs improvement ${pct(p.needs_improvement)}, poor ${pct(p.poor)})`,
    ),
  ].join('\n');
}
