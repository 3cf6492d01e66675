import type { CruxClient } from '@pageprobe/crux';
import type { Monitor } from '@pageprobe/db';
import { fieldSeriesOf, loadFieldSeries } from '@pageprobe/monitors';
import { ProblemError } from '../http/problem.ts';

const invalid = (path: string, message: string, title: string) =>
  new ProblemError(400, 'validation_failed', title, { errors: [{ path, message }] });

/**
 * GET /monitors/{id}/series?source=field (issue 48): a field metric of the monitor's URL as real Chrome
 * users saw it (CrUX History), a point per weekly collection period (its p75, at the period's last day,
 * with the shares of good, needs improvement and poor loads), at most 40, for the form factor of the
 * monitor's device. `from` and `to`, when given, keep the points within them. CrUX without figures (or
 * without a key, its quota spent, failing) answers no points and `field: {available: false, reason}`.
 */
export async function fieldSeriesAnswer(
  crux: CruxClient,
  monitor: Monitor,
  q: { metric?: string | undefined; from?: string | undefined; to?: string | undefined },
) {
  const names = Object.keys(fieldSeriesOf(monitor));
  if (names.length === 0) {
    throw invalid(
      'query.source',
      `field applies to lighthouse monitors only, not to a ${monitor.type} monitor`,
      `source=field applies to lighthouse monitors only (field data is of a page's real users).`,
    );
  }
  const metric = q.metric ?? '';
  if (!names.includes(metric)) {
    const message = `must be one of ${names.join(', ')} with source=field`;
    throw invalid('query.metric', message, `metric ${message}.`);
  }
  const from = q.from === undefined ? null : new Date(q.from);
  const to = q.to === undefined ? null : new Date(q.to);
  for (const [name, at] of [
    ['from', from],
    ['to', to],
  ] as const) {
    if (at && Number.isNaN(at.getTime()))
      throw invalid(`query.${name}`, 'is not a date-time', `${name} is not a date-time.`);
  }
  if (from && to && from >= to) throw invalid('query.from', 'must be before to', 'from must be before to.');
  const { source, points } = await loadFieldSeries(crux, monitor, [metric]);
  const kept = points[metric]!.filter((p) => (!from || p.at >= from) && (!to || p.at <= to));
  const first = kept[0];
  const last = kept.at(-1);
  return {
    metric,
    source: 'field' as const,
    // The range asked, or the one the points cover: the first period's first day to the last one's last.
    from: from?.toISOString() ?? (first ? `${first.collection_period.first_date}T00:00:00.000Z` : null),
    to: to?.toISOString() ?? last?.at.toISOString() ?? null,
    resolution: 'week' as const,
    field: source,
    points: kept.map(({ at, p75, ...rest }) => ({ at: at.toISOString(), value: p75, p75, ...rest })),
  };
}
