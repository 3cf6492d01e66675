import type { FieldData, FieldMetric } from '@pageprobe/client';

// A lighthouse test's field data (issue 48) under its lab figures: what real Chrome users saw (CrUX's
// p75 over 28 days), its category, and whether the lab agrees, a metric a line.

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
const UNAVAILABLE: Record<string, string> = {
  no_api_key: 'off (the service has no Chrome UX Report API key)',
  not_enough_data: 'none (too few Chrome users visited the page or its origin in 28 days)',
  rate_limited: "none (the Chrome UX Report's quota was used up when the test ran)",
  api_error: 'none (the Chrome UX Report API failed when the test ran)',
};

const ms = (v: number) => (v >= 1000 ? `${(v / 1000).toFixed(1)} s` : `${Math.round(v)} ms`);
const figure = (labMetric: string, v: number) => (labMetric === 'cls' ? String(Number(v.toFixed(3))) : ms(v));

/** The lines after the lab's; none for a test from before field data. */
export function fieldLines(field: FieldData | undefined, paint: Paint): string[] {
  if (!field) return [];
  if (!field.available) return [`  real users: ${UNAVAILABLE[field.reason] ?? field.reason}`];
  const device = field.form_factor === 'DESKTOP' ? 'desktop' : 'phones';
  const whose = field.scope === 'origin' ? `origin ${field.key}` : 'this page';
  const { first_date, last_date } = field.collection_period;
  const lines = [`  real users (Chrome UX Report, ${device}, ${whose}, ${first_date} to ${last_date}), p75:`];
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
