import type { IncidentImpact, IncidentStatus, Prisma } from '@pageprobe/db';
import { randomUUIDv7 } from 'node:crypto';
import { incidentEvent, incidentNotices, type NoticeDelivery } from '@pageprobe/test-lifecycle';
import { enqueue } from '../alert-channels/channel-service.ts';
import { fieldsOf } from '../audit-fields.ts';
import { auditCaller, type Caller } from '../caller.ts';
import type { ServiceDeps } from '../deps.ts';
import { after, NEWEST_FIRST, pageOf } from '../keyset.ts';
import { type FieldError, ProblemError } from '../problem.ts';
import { createWithinLimit } from '../team-limit.ts';
import { type IncidentRow, type PresentedIncident, presentIncident, WITH_PARTS } from './present-incident.ts';

// Incidents people write (issue 58), whichever door asks: the API, the CLI and MCP through it, and the
// dashboard's forms. Each move is an update; the incident's status is its latest update's.

/** Open incidents one team may have at once; resolved ones are history and not counted. */
export const OPEN_INCIDENTS_PER_TEAM = 100;
/** Updates one incident may have. */
export const UPDATES_PER_INCIDENT = 100;
/** How far ahead of this server's clock an update's time may be (the writer's clock may run fast). */
const CLOCK_SKEW_MS = 60_000;

export interface ComponentInput {
  monitor_id: string;
  impact: IncidentImpact;
}

export interface IncidentUpdateInput {
  status: IncidentStatus;
  message: string;
  /** When it happened; the request's time when not given. */
  at?: string;
}

export interface CreateIncident extends Omit<IncidentUpdateInput, 'status'> {
  title: string;
  status?: IncidentStatus;
  components: ComponentInput[];
}

export interface ChangeIncident {
  title?: string;
  components?: ComponentInput[];
  /** Markdown, once resolved; null removes it. */
  postmortem?: string | null;
}

const invalid = (errors: FieldError[]): never => {
  throw new ProblemError(400, 'validation_failed', errors.map((e) => `${e.path} ${e.message}`).join('; '), {
    errors,
  });
};

/** Each component must be one of the team's monitors, not deleted, named once. */
async function checkComponents(deps: ServiceDeps, teamId: string, components: ComponentInput[]) {
  const live = new Set(
    (
      await deps.db.monitor.findMany({
        where: { id: { in: components.map((c) => c.monitor_id) }, teamId, deletedAt: null },
        select: { id: true },
      })
    ).map((m) => m.id),
  );
  const seen = new Set<string>();
  const errors: FieldError[] = [];
  components.forEach((c, i) => {
    if (!live.has(c.monitor_id))
      errors.push({ path: `body.components.${i}.monitor_id`, message: 'is not a monitor of this team' });
    else if (seen.has(c.monitor_id))
      errors.push({ path: `body.components.${i}.monitor_id`, message: 'is listed twice' });
    seen.add(c.monitor_id);
  });
  if (errors.length) invalid(errors);
}

/** An update's time: given (not in the future) or now. */
function updateTime(at: string | undefined, now: Date): Date {
  if (at === undefined) return now;
  const time = new Date(at);
  if (time.getTime() > now.getTime() + CLOCK_SKEW_MS) invalid([{ path: 'body.at', message: 'is in the future' }]);
  return time;
}

/**
 * The move's notices to the subscribers of the pages that show the incident, in the move's transaction
 * (the outbox); their jobs are added once it commits. Notices past the team's hourly quota are not made,
 * and said so in the log.
 */
async function tellSubscribers(
  deps: ServiceDeps,
  tx: Prisma.TransactionClient,
  incidentId: string,
  event: ReturnType<typeof incidentEvent>,
): Promise<NoticeDelivery[]> {
  const { deliveries, overQuota } = await incidentNotices(tx, incidentId, event, deps.config.PUBLIC_BASE_URL);
  if (overQuota) deps.logger.warn({ incidentId, event, overQuota }, 'status notices over the hourly quota not sent');
  return deliveries;
}

export async function ownedIncident(deps: ServiceDeps, teamId: string, id: string): Promise<IncidentRow> {
  const incident = /^[0-9a-f-]{36}$/i.test(id)
    ? await deps.db.incident.findFirst({ where: { id, teamId }, include: WITH_PARTS })
    : null;
  if (!incident) throw new ProblemError(404, 'not_found', 'No incident with that id.');
  return incident;
}

/** POST /incidents: the incident and its first update, whose time is when it began. */
export async function createIncident(
  deps: ServiceDeps,
  caller: Caller,
  input: CreateIncident,
  openedFor: string | null = null,
): Promise<PresentedIncident> {
  const now = new Date();
  await checkComponents(deps, caller.teamId, input.components);
  const at = updateTime(input.at, now);
  const status = input.status ?? 'investigating';
  const id = randomUUIDv7();
  const notices = await createWithinLimit(
    deps.db,
    caller.teamId,
    { max: OPEN_INCIDENTS_PER_TEAM, code: 'incident_limit_reached', noun: 'open incidents' },
    (tx) => tx.incident.count({ where: { teamId: caller.teamId, resolvedAt: null } }),
    async (tx) => {
      await tx.incident.create({
        data: {
          id,
          teamId: caller.teamId,
          title: input.title,
          status,
          startedAt: at,
          resolvedAt: status === 'resolved' ? at : null,
          openedFor,
          components: {
            createMany: { data: input.components.map((c) => ({ monitorId: c.monitor_id, impact: c.impact })) },
          },
          updates: { create: { id: randomUUIDv7(), status, message: input.message, at } },
        },
      });
      return tellSubscribers(deps, tx, id, incidentEvent(true, status));
    },
  );
  await enqueue(deps, notices);
  await auditCaller(deps.db, caller, 'incident.created', id, { title: input.title, status });
  return presentIncident(await ownedIncident(deps, caller.teamId, id));
}

/**
 * POST /incidents/{id}/updates: the next move. Updates come in the order they happened: one dated before
 * the latest would change what the incident's status was, so it is refused (409 `update_out_of_order`).
 */
export async function addIncidentUpdate(
  deps: ServiceDeps,
  caller: Caller,
  id: string,
  input: IncidentUpdateInput,
): Promise<PresentedIncident> {
  const current = await ownedIncident(deps, caller.teamId, id);
  const at = updateTime(input.at, new Date());
  const notices = await deps.db.$transaction(async (tx) => {
    // The incident's row lock orders two updates sent at once: each sees the other's time.
    await tx.$queryRaw`SELECT 1 FROM incidents WHERE id = ${current.id}::uuid FOR UPDATE`;
    const latest = await tx.incidentUpdate.findFirst({
      where: { incidentId: current.id },
      orderBy: [{ at: 'desc' }, { createdAt: 'desc' }],
    });
    if (latest && at < latest.at) {
      throw new ProblemError(
        409,
        'update_out_of_order',
        `An update is dated at or after the incident's latest one (${latest.at.toISOString()}).`,
        { errors: [{ path: 'body.at', message: `is before the latest update's time, ${latest.at.toISOString()}` }] },
      );
    }
    if ((await tx.incidentUpdate.count({ where: { incidentId: current.id } })) >= UPDATES_PER_INCIDENT) {
      throw new ProblemError(409, 'update_limit_reached', `An incident may have ${UPDATES_PER_INCIDENT} updates.`);
    }
    await tx.incidentUpdate.create({
      data: { id: randomUUIDv7(), incidentId: current.id, status: input.status, message: input.message, at },
    });
    await tx.incident.update({
      where: { id: current.id },
      data: { status: input.status, resolvedAt: input.status === 'resolved' ? at : null },
    });
    return tellSubscribers(deps, tx, current.id, incidentEvent(false, input.status));
  });
  await enqueue(deps, notices);
  await auditCaller(deps.db, caller, 'incident.updated', current.id, { status: input.status });
  return presentIncident(await ownedIncident(deps, caller.teamId, current.id));
}

/** PATCH /incidents/{id}: its title, its components (replaced), its postmortem (once resolved). */
export async function changeIncident(
  deps: ServiceDeps,
  caller: Caller,
  id: string,
  input: ChangeIncident,
): Promise<PresentedIncident> {
  const current = await ownedIncident(deps, caller.teamId, id);
  if (input.components) await checkComponents(deps, caller.teamId, input.components);
  if (input.postmortem && current.status !== 'resolved') {
    throw new ProblemError(409, 'incident_open', 'A postmortem is written once the incident is resolved.', {
      errors: [{ path: 'body.postmortem', message: 'needs a resolved incident' }],
    });
  }
  const data: Prisma.IncidentUpdateInput = {};
  if (input.title !== undefined) data.title = input.title;
  if (input.postmortem !== undefined) data.postmortem = input.postmortem;
  await deps.db.$transaction(async (tx) => {
    if (input.components) {
      await tx.incidentComponent.deleteMany({ where: { incidentId: current.id } });
      await tx.incidentComponent.createMany({
        data: input.components.map((c) => ({ incidentId: current.id, monitorId: c.monitor_id, impact: c.impact })),
      });
    }
    await tx.incident.update({ where: { id: current.id }, data });
  });
  await auditCaller(deps.db, caller, 'incident.changed', current.id, fieldsOf(input));
  return presentIncident(await ownedIncident(deps, caller.teamId, current.id));
}

export const getIncident = async (deps: ServiceDeps, caller: Caller, id: string): Promise<PresentedIncident> =>
  presentIncident(await ownedIncident(deps, caller.teamId, id));

/** GET /incidents: newest first, open or resolved ones alone when asked. */
export async function listIncidents(
  deps: ServiceDeps,
  caller: Caller,
  query: { status?: 'open' | 'resolved'; cursor?: string; limit: number },
) {
  const rows = await deps.db.incident.findMany({
    where: {
      teamId: caller.teamId,
      ...(query.status ? { resolvedAt: query.status === 'open' ? null : { not: null } } : {}),
      ...after(query.cursor),
    },
    orderBy: NEWEST_FIRST,
    take: query.limit + 1,
    include: WITH_PARTS,
  });
  const { page, nextCursor } = pageOf(rows, query.limit);
  return { data: page.map(presentIncident), next_cursor: nextCursor };
}

export async function deleteIncident(deps: ServiceDeps, caller: Caller, id: string): Promise<void> {
  const incident = await ownedIncident(deps, caller.teamId, id);
  await deps.db.incident.delete({ where: { id: incident.id } });
  await auditCaller(deps.db, caller, 'incident.deleted', incident.id, { title: incident.title });
}
