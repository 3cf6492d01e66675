import type { Db } from '@pageprobe/db';
import { ProblemError } from '../problem.ts';
import { checkMonitorIds } from './monitor-input.ts';
import { findCycle } from './dependency-cycle.ts';

/**
 * A monitor's `depends_on` (issue 58): the team's monitors, not deleted, each once, and no cycle through
 * the team's other dependencies (a monitor that waits on itself would never alert). A new monitor cannot
 * close a cycle: nothing depends on it yet. The cycle is a 422 naming its monitors in order.
 */
export async function checkDependencies(db: Db, teamId: string, monitorId: string | null, ids: string[]) {
  if (ids.length === 0) return;
  if (monitorId !== null && ids.includes(monitorId)) throw cycleProblem(['itself']);
  await checkMonitorIds(db, teamId, ids, 'depends_on');
  if (monitorId === null) return;
  const team = await db.monitor.findMany({
    where: { teamId, deletedAt: null, dependsOn: { isEmpty: false } },
    select: { id: true, dependsOn: true },
  });
  const edges = new Map(team.map((m) => [m.id, m.dependsOn]));
  edges.set(monitorId, ids);
  const cycle = findCycle(edges, monitorId);
  if (!cycle) return;
  const names = await db.monitor.findMany({
    where: { id: { in: cycle } },
    select: { id: true, name: true, url: true },
  });
  const nameOf = new Map(names.map((m) => [m.id, m.name ?? m.url]));
  throw cycleProblem(cycle.map((id) => `${nameOf.get(id) ?? id} (${id})`));
}

/** The 422 of a dependency cycle, `steps` the monitors along it. */
export function cycleProblem(steps: string[], path = 'body.depends_on'): ProblemError {
  const message =
    steps.length === 1 ? `would make the monitor depend on ${steps[0]}` : `would make a cycle: ${steps.join(' → ')}`;
  return new ProblemError(422, 'dependency_cycle', `depends_on ${message}; a monitor may not wait on itself.`, {
    errors: [{ path, message }],
  });
}

/** A deleted monitor leaves its dependents' lists: nothing waits on a monitor that no longer checks. */
export async function dropDependency(db: Pick<Db, '$executeRaw'>, teamId: string, monitorId: string) {
  await db.$executeRaw`UPDATE monitors SET depends_on = array_remove(depends_on, ${monitorId}::uuid)
    WHERE team_id = ${teamId}::uuid AND ${monitorId}::uuid = ANY(depends_on)`;
}
