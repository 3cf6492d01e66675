import type { PageprobeClient, RumAttribution, RumFigures, RumSeries, RumSeriesQuery } from '@pageprobe/client';
import { UsageError } from './assertions.ts';
import { sparkline } from './sparkline.ts';

// `pageprobe rum series` (issue 61): a site's real users' figures of a metric over a window, as a
// sparkline of its p75 and a line per bucket (or per value of --by), with the lab's and CrUX's figures
// and, for LCP, INP and CLS, the targets behind slow page views.

export const RUM_SERIES_USAGE = `  pageprobe rum series <site-id> --metric lcp_ms|inp_ms|cls|fcp_ms|ttfb_ms
                   [--by page_group|device|country] [--page-group <name>] [--device mobile|tablet|desktop]
                   [--country <XX>] [--last 24h | --from <ISO time> [--to <ISO time>]] [--json]
                            (p50, p75, p95 and the shares of good, needs-improvement and poor page views,
                             the lab's and CrUX's p75 beside them, and what made LCP, INP or CLS slow)`;

export interface RumSeriesValues {
  metric?: string;
  by?: string;
  'page-group'?: string;
  device?: string;
  country?: string;
  last?: string;
  from?: string;
  to?: string;
  json?: boolean;
}

const UNITS: Record<string, number> = { m: 60_000, h: 3_600_000, d: 86_400_000, w: 7 * 86_400_000 };

/** `--last 24h`: a window ending now (minutes, hours, days, weeks). */
export function lastWindow(last: string, now = Date.now()): { from: string; to: string } {
  const m = /^(\d{1,4})([mhdw])$/.exec(last);
  if (!m || Number(m[1]) < 1) throw new UsageError('--last must be a number and m, h, d or w, e.g. 24h or 7d');
  return { from: new Date(now - Number(m[1]) * UNITS[m[2]!]!).toISOString(), to: new Date(now).toISOString() };
}

const ATTRIBUTED = new Set(['lcp_ms', 'inp_ms', 'cls']);

/** A figure as people read it: ms as 3.1 s or 180 ms, CLS to two places. */
export function figure(unit: string, v: number): string {
  if (unit === 'unitless') return v.toFixed(2);
  return v >= 1000 ? `${(v / 1000).toFixed(2)} s` : `${Math.round(v)} ms`;
}

const pct = (share: number) => `${Math.round(share * 100)}%`.padStart(4);

function figuresLine(label: string, unit: string, f: RumFigures | null): string {
  if (!f) return `${label}  no page views`;
  const p = (v: number) => figure(unit, v).padStart(8);
  return `${label}  p75 ${p(f.p75)}  p50 ${p(f.p50)}  p95 ${p(f.p95)}  good ${pct(f.good)}  ni ${pct(f.needs_improvement)}  poor ${pct(f.poor)}  ×${f.page_views}`;
}

/** The series as lines: the window's figures, a p75 sparkline, then the splits or the buckets. */
export function rumSeriesLines(s: RumSeries): string[] {
  const lines = [`${s.metric} from ${s.from} to ${s.to}, per ${s.resolution}: ${s.points.length} points`];
  lines.push(figuresLine('all'.padEnd(12), s.unit, s.summary));
  if (s.points.length > 1) lines.push(`p75 ${sparkline(s.points.map((p) => p.p75))}`);
  if (s.by) {
    lines.push(`by ${s.by}:`);
    for (const split of s.splits) lines.push(figuresLine(split.value.slice(0, 12).padEnd(12), s.unit, split.summary));
  } else {
    for (const p of s.points.slice(-24)) lines.push(figuresLine(p.at, s.unit, p));
  }
  for (const lab of s.lab) {
    const values = lab.points.map((p) => p.value);
    const mean = values.length ? values.reduce((a, b) => a + b, 0) / values.length : null;
    lines.push(
      `lab ${lab.monitor.name ?? lab.monitor.url} (${lab.monitor.device}): ${mean === null ? 'no runs' : `${figure(s.unit, mean)} mean of ${values.length} points`}`,
    );
  }
  if (s.lab_note) lines.push(s.lab_note);
  for (const f of s.field) {
    const latest = f.points.at(-1) ?? f.latest;
    lines.push(
      `CrUX ${f.monitor.url} (${f.monitor.device}): ${latest ? `p75 ${figure(s.unit, latest.p75)} (${latest.category}, 28 days to ${latest.at.slice(0, 10)})` : f.field.available ? 'no figure in the window' : `none (${f.field.reason})`}`,
    );
  }
  for (const a of s.annotations) lines.push(`deploy ${a.version} (${a.environment}) at ${a.at}: ${a.status}`);
  return lines;
}

export function attributionLines(a: RumAttribution, unit: string): string[] {
  if (a.targets.length === 0) return [`what made ${a.metric} slow: nothing named`];
  return [
    `what made ${a.metric} slow:`,
    ...a.targets.map((t) => {
      const phases = Object.entries(t.phases)
        .map(([k, v]) => `${k.replace(/_ms$/, '')} ${figure('ms', v)}`)
        .join(', ');
      return `  ${(t.target || '(unnamed)').slice(0, 60).padEnd(60)}  ${`×${t.page_views}`.padStart(7)}  slow ${pct(t.slow_share)}  avg ${figure(unit, t.avg)}${phases ? `  (${phases})` : ''}`;
    }),
  ];
}

export async function rumCommand(
  client: PageprobeClient,
  args: string[],
  values: RumSeriesValues,
  { out, json }: { out: (s: string) => void; json: (v: unknown) => void },
): Promise<number> {
  const [sub, siteId] = args;
  if (sub !== 'series') throw new UsageError('rum series <site-id> --metric <metric>');
  if (!siteId || !values.metric) throw new UsageError('rum series <site-id> --metric <metric>');
  if (values.last && (values.from || values.to)) throw new UsageError('--last or --from/--to, not both');
  const window = values.last
    ? lastWindow(values.last)
    : { ...(values.from ? { from: values.from } : {}), ...(values.to ? { to: values.to } : {}) };
  const query = {
    metric: values.metric,
    ...window,
    ...(values.by ? { by: values.by } : {}),
    ...(values['page-group'] ? { page_group: values['page-group'] } : {}),
    ...(values.device ? { device: values.device } : {}),
    ...(values.country ? { country: values.country } : {}),
  } as RumSeriesQuery;
  const series = await client.rum.series(siteId, query);
  const attribution = ATTRIBUTED.has(values.metric)
    ? await client.rum.attribution(siteId, {
        metric: values.metric as 'lcp_ms',
        from: series.from,
        to: series.to,
        ...(values['page-group'] ? { page_group: values['page-group'] } : {}),
      })
    : null;
  if (values.json) json(attribution ? { ...series, attribution } : series);
  else {
    for (const l of rumSeriesLines(series)) out(l);
    if (attribution) for (const l of attributionLines(attribution, series.unit)) out(l);
  }
  return 0;
}
