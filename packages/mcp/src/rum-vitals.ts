import type { PageprobeClient, RumAttribution, RumFigures, RumSeries } from '@pageprobe/client';

// get_rum_vitals (issue 61): a site's real users' Core Web Vitals over a window in one answer, what an
// assistant needs to say "your LCP p75 is 3.1 s on mobile, mostly the hero image": per metric its p75,
// category and shares (overall and per device class), the lab's and CrUX's p75 beside it, and the
// targets behind slow LCP and INP.

const METRICS = ['lcp_ms', 'inp_ms', 'cls', 'fcp_ms', 'ttfb_ms'] as const;
const NAMES: Record<string, string> = { lcp_ms: 'LCP', inp_ms: 'INP', cls: 'CLS', fcp_ms: 'FCP', ttfb_ms: 'TTFB' };
/** The targets named per attributed metric. */
const TOP_TARGETS = 3;

export interface RumVitalsInput {
  site_id: string;
  from?: string;
  to?: string;
  device?: 'mobile' | 'tablet' | 'desktop';
  page_group?: string;
  country?: string;
}

export interface MetricVitals {
  summary: RumFigures | null;
  /** The p75's category by the Core Web Vitals thresholds. */
  category: 'good' | 'needs_improvement' | 'poor' | null;
  thresholds: { good: number; poor: number };
  unit: string;
  by_device: Array<{ device: string; summary: RumFigures | null }>;
  /** The mean of the site's lighthouse monitors' runs over the window (none for INP). */
  lab_mean: number | null;
  /** CrUX's newest p75 of those monitors' URLs up to the window's end. */
  crux_p75: number | null;
}

export interface RumVitals {
  site_id: string;
  from: string;
  to: string;
  filters: Record<string, string>;
  metrics: Record<string, MetricVitals>;
  slow_targets: Record<string, RumAttribution['targets']>;
}

const categoryOf = (p75: number, t: { good: number; poor: number }) =>
  p75 <= t.good ? 'good' : p75 <= t.poor ? 'needs_improvement' : 'poor';

function metricVitals(s: RumSeries): MetricVitals {
  const labValues = s.lab.flatMap((l) => l.points.map((p) => p.value));
  const crux = s.field.map((f) => f.points.at(-1) ?? f.latest).find((p) => p);
  return {
    summary: s.summary,
    category: s.summary ? categoryOf(s.summary.p75, s.thresholds) : null,
    thresholds: s.thresholds,
    unit: s.unit,
    by_device: s.splits.map((x) => ({ device: x.value, summary: x.summary })),
    lab_mean: labValues.length ? Number((labValues.reduce((a, b) => a + b, 0) / labValues.length).toFixed(3)) : null,
    crux_p75: crux?.p75 ?? null,
  };
}

export async function rumVitals(client: PageprobeClient, input: RumVitalsInput): Promise<RumVitals> {
  const filters = {
    ...(input.device ? { device: input.device } : {}),
    ...(input.page_group ? { page_group: input.page_group } : {}),
    ...(input.country ? { country: input.country } : {}),
  };
  const window = { ...(input.from ? { from: input.from } : {}), ...(input.to ? { to: input.to } : {}) };
  const series = await Promise.all(
    METRICS.map((metric) =>
      client.rum.series(input.site_id, { metric, ...window, ...filters, ...(input.device ? {} : { by: 'device' }) }),
    ),
  );
  const { from, to } = series[0]!;
  const attributed = await Promise.all(
    (['lcp_ms', 'inp_ms'] as const).map((metric) =>
      client.rum.attribution(input.site_id, {
        metric,
        from,
        to,
        ...(input.page_group ? { page_group: input.page_group } : {}),
      }),
    ),
  );
  return {
    site_id: input.site_id,
    from,
    to,
    filters,
    metrics: Object.fromEntries(series.map((s) => [s.metric, metricVitals(s)])),
    slow_targets: Object.fromEntries(attributed.map((a) => [a.metric, a.targets.slice(0, TOP_TARGETS)])),
  };
}

const shown = (unit: string, v: number) =>
  unit === 'unitless' ? v.toFixed(2) : v >= 1000 ? `${(v / 1000).toFixed(2)} s` : `${Math.round(v)} ms`;
const pct = (v: number) => `${Math.round(v * 100)}%`;
const words = (c: string) => c.replaceAll('_', ' ');

/** The vitals as sentences: a line per metric, then the slow targets. */
export function describeRumVitals(v: RumVitals): string {
  const filters = Object.entries(v.filters).map(([k, x]) => `${k} ${x}`);
  const lines = [
    `Real users of site ${v.site_id} from ${v.from} to ${v.to}${filters.length ? ` (${filters.join(', ')})` : ''}:`,
  ];
  for (const [metric, m] of Object.entries(v.metrics)) {
    const name = NAMES[metric] ?? metric;
    if (!m.summary) {
      lines.push(`${name}: no page views measured it.`);
      continue;
    }
    const s = m.summary;
    const devices = m.by_device
      .filter((d) => d.summary)
      .map((d) => `${d.device} ${shown(m.unit, d.summary!.p75)}`)
      .join(', ');
    const beside = [
      m.lab_mean === null ? null : `lab ${shown(m.unit, m.lab_mean)}`,
      m.crux_p75 === null ? null : `CrUX p75 ${shown(m.unit, m.crux_p75)}`,
    ].filter(Boolean);
    lines.push(
      `${name} p75 ${shown(m.unit, s.p75)} (${words(m.category!)}) over ${s.page_views} page views: ${pct(s.good)} good, ${pct(s.needs_improvement)} needs improvement, ${pct(s.poor)} poor${devices ? `; by device: ${devices}` : ''}${beside.length ? `; ${beside.join(', ')}` : ''}.`,
    );
  }
  for (const [metric, targets] of Object.entries(v.slow_targets)) {
    if (targets.length === 0) continue;
    lines.push(`What made ${NAMES[metric]} slow:`);
    for (const t of targets) {
      const phases = Object.entries(t.phases)
        .sort((a, b) => b[1] - a[1])
        .map(([k, x]) => `${words(k.replace(/_ms$/, ''))} ${shown('ms', x)}`)
        .join(', ');
      lines.push(
        `- ${t.target || '(not named)'}: ${t.page_views} page views, ${pct(t.slow_share)} slow, average ${shown(metric === 'cls' ? 'unitless' : 'ms', t.avg)}${phases ? ` (${phases})` : ''}`,
      );
    }
  }
  return lines.join('\n');
}
