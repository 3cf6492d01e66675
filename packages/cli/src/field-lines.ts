import type { FieldData, FieldMetric, MonitorFieldSeries } from '@pageprobe/client';
import { sparkline } from './sparkline.ts';

// A lighthouse test's field data (issue 48) under its lab figures: what real Chrome users saw (CrUX's
// p75 over 28 days), its category, and whether the lab agrees, a metric a line; and a lighthouse
// monitor's field series (`monitors series --source field`), a week a line.

type Paint = { ok: (s: string) => string; bad: (s: string) => string; dim: (s: string) => string };

const METRICS = [
  ['lcp', 'LCP'],
  ['inp', 'INP'],
  ['cls', 'CLS'],
  ['fcp', 'FCP'],
  ['ttfb', 'TTFB'],
] as const;
const LAB: Record<string, string> = { lcp_ms: 'LCP', tbt_ms: 'TBT', cls: 'CLS', fcp_ms: 'FCP', ttfb_ms: 'TTFB' };
const CATEGORY: Record<FieldMetric['category'], string> = {
  good: 'good',
  needs_improvement: 'needs improvement',
  poor: 'poor',
};
const VERDICT: Record<NonNullable<FieldMetric['verdict']>, string> = {
  agree: 'lab and field agree',
  lab_better: 'lab is more optimistic than real users',
  field_better: 'real users fare better than the lab',
};
/** Why there is none; `when` says when CrUX was asked (a spent quota or a failure passes). */
const unavailable = (reason: string, when: string) =>
  ({
    no_api_key: 'off (the service has no Chrome UX Report API key)',
    not_enough_data: 'none (too few Chrome users visited the page or its origin in 28 days)',
    rate_limited: `none (the Chrome UX Report's quota was used up ${when})`,
    api_error: `none (the Chrome UX Report API failed ${when})`,
  })[reason] ?? reason;

const ms = (v: number) => (v >= 1000 ? `${(v / 1000).toFixed(1)} s` : `${Math.round(v)} ms`);
const figure = (labMetric: string, v: number) => (labMetric === 'cls' ? String(Number(v.toFixed(3))) : ms(v));
const device = (formFactor: string) => (formFactor === 'DESKTOP' ? 'desktop' : 'phones');
const whose = (field: { scope: 'url' | 'origin'; key: string }) =>
  field.scope === 'origin' ? `origin ${field.key}` : 'this page';
const pct = (share: number) => `${Math.round(share * 100)}%`;

/** The lines after the lab's; none for a test from before field data. */
export function fieldLines(field: FieldData | undefined, paint: Paint): string[] {
  if (!field) return [];
  if (!field.available) return [`  real users: ${unavailable(field.reason, 'when the test ran')}`];
  const { first_date, last_date } = field.collection_period;
  const lines = [
    `  real users (Chrome UX Report, ${device(field.form_factor)}, ${whose(field)}, ${first_date} to ${last_date}), p75:`,
  ];
  for (const [key, name] of METRICS) {
    const m = field.metrics[key];
    if (!m) continue;
    const category = CATEGORY[m.category];
    const painted = m.category === 'good' ? paint.ok(category) : m.category === 'poor' ? paint.bad(category) : category;
    const lab =
      m.lab === null ? 'no lab figure' : `lab ${LAB[m.lab_metric] ?? m.lab_metric} ${figure(m.lab_metric, m.lab)}`;
    const verdict = m.verdict ? VERDICT[m.verdict] : 'nothing to compare';
    lines.push(
      `    ${name.padEnd(5)}${figure(key === 'cls' ? 'cls' : 'ms', m.p75).padEnd(8)}${painted}${' '.repeat(Math.max(1, 19 - category.length))}${verdict} ${paint.dim(`(${lab})`)}`,
    );
  }
  return lines;
}

/**
 * A monitor's field series: whose figures, a sparkline of the p75s, then a week a line (the 28 days'
 * last day, p75, category and the shares of good, needs-improvement and poor loads); or why none.
 */
export function fieldSeriesLines(s: MonitorFieldSeries): string[] {
  if (!s.field.available) return [`${s.metric}, real users: ${unavailable(s.field.reason, 'just now')}`];
  const head = `${s.metric}, real users (Chrome UX Report p75 of 28 days, ${device(s.field.form_factor)}, ${whose(s.field)}), per week: ${s.points.length} points`;
  if (s.points.length === 0) return [head];
  return [
    head,
    sparkline(s.points.map((p) => p.p75)),
    ...s.points.map(
      (p) =>
        `${p.collection_period.last_date}  ${figure(s.metric, p.p75).padStart(8)}  ${CATEGORY[p.category].padEnd(17)}  good ${pct(p.good)}, needs improvement ${pct(p.needs_improvement)}, poor ${pct(p.poor)}`,
    ),
  ];
}
