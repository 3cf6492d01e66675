import type { IncidentImpact } from '@pageprobe/db';

/** Worst first: an incident's impact (on a page: on the components it shows) is its worst component's. */
export const IMPACTS: readonly IncidentImpact[] = ['major_outage', 'partial_outage', 'degraded_performance'];

export const worstImpact = (components: Array<{ impact: IncidentImpact }>): IncidentImpact | null =>
  IMPACTS.find((impact) => components.some((c) => c.impact === impact)) ?? null;
