import type { Incident, IncidentComponent, IncidentUpdate, Prisma } from '@pageprobe/db';
import { IMPACTS, worstImpact } from '@pageprobe/test-lifecycle';

export { IMPACTS, worstImpact };

export type IncidentRow = Incident & { components: IncidentComponent[]; updates: IncidentUpdate[] };

/** What an incident's reads include: its components, and its updates in the order they happened. */
export const WITH_PARTS = {
  components: true,
  updates: { orderBy: [{ at: 'asc' }, { createdAt: 'asc' }] },
} satisfies Prisma.IncidentInclude;

/** An incident as the API shows it: updates oldest first, as they happened. */
export const presentIncident = (i: IncidentRow) => ({
  id: i.id,
  title: i.title,
  status: i.status,
  impact: worstImpact(i.components),
  started_at: i.startedAt.toISOString(),
  resolved_at: i.resolvedAt?.toISOString() ?? null,
  postmortem: i.postmortem,
  opened_for_monitor_id: i.openedFor,
  components: i.components.map((c) => ({ monitor_id: c.monitorId, impact: c.impact })),
  updates: i.updates.map((u) => ({
    id: u.id,
    status: u.status,
    message: u.message,
    at: u.at.toISOString(),
    created_at: u.createdAt.toISOString(),
  })),
  created_at: i.createdAt.toISOString(),
  updated_at: i.updatedAt.toISOString(),
});

export type PresentedIncident = ReturnType<typeof presentIncident>;
