import type { Prisma } from '@pageprobe/db';
import { enqueue } from '@pageprobe/services';
import type { ServiceDeps } from '../deps.ts';
import { auditCallerMany, type Caller } from '../http/caller.ts';
import { ProblemError } from '../http/problem.ts';
import type { ApplyContext, Step } from './apply-context.ts';
import type { Change, ConfigState, NotCompared } from './config-body.ts';
import { checkConfig, planConfig } from './plan.ts';
import { writeDependencies } from './monitor-entries.ts';
import { isKeyViolation } from '@pageprobe/services';

// POST /config/apply (issue 50): the plan carried out in one transaction, under the team's row lock, so
// an apply is all or nothing and two at once run one after the other (the second plans from what the
// first made: no doubles).

/** Long enough for 1,000 resources on a busy database; the entries were checked before it began. */
export const TRANSACTION = { timeout: 120_000, maxWait: 30_000 };

const PAST: Record<Change['action'], string> = { create: 'created', update: 'updated', delete: 'deleted' };

const changeOf = ({ action, resource, key, id, fields }: Step): Change => ({ action, resource, key, id, fields });

/**
 * What POST /config/plan answers: the changes apply would make, nothing written. A caller who may not
 * write (a read key) is not told whether a secret given matches the one sealed: its secrets are not
 * compared, and listed as such (issue 56).
 */
export async function planChanges(
  deps: ServiceDeps,
  caller: Caller,
  body: ConfigState,
  { compareSecrets }: { compareSecrets: boolean },
): Promise<{ changes: Change[]; not_compared?: NotCompared[] }> {
  const checked = await checkConfig(deps, caller, body);
  const { steps, notCompared } = await planConfig(deps.db, deps, caller, checked, { compareSecrets });
  const changes = steps.map(changeOf);
  return compareSecrets || notCompared.length === 0 ? { changes } : { changes, not_compared: notCompared };
}

/** Writes the monitors made so far, with their channel links. */
async function flushMonitors(ctx: ApplyContext) {
  if (ctx.newMonitors.length === 0) return;
  const made = ctx.newMonitors.splice(0);
  await ctx.tx.monitor.createMany({ data: made.map((m) => m.row) });
  const links = made.flatMap((m) => m.links);
  if (links.length > 0) await ctx.tx.monitorAlertChannel.createMany({ data: links });
}

export async function applyChanges(deps: ServiceDeps, caller: Caller, body: ConfigState): Promise<Change[]> {
  // Checked before the transaction: a target's name may take a while to resolve.
  const checked = await checkConfig(deps, caller, body);
  const ctx: Omit<ApplyContext, 'tx' | 'channelIds' | 'monitorIds'> = {
    deps,
    caller,
    managedBy: body.managed_by,
    confirmations: [],
    newMonitors: [],
  };
  const changes = await deps.db
    .$transaction(async (tx) => {
      // The lock every creation of the team's takes (createWithinLimit): the plan's counts hold.
      await tx.$queryRaw`SELECT 1 FROM teams WHERE id = ${caller.teamId}::uuid FOR UPDATE`;
      const { steps, channelIds, monitorIds } = await planConfig(tx, deps, caller, checked);
      const run: ApplyContext = { ...ctx, tx, channelIds, monitorIds };
      const done: Change[] = [];
      for (const step of steps) {
        if (step.resource !== 'monitor') await flushMonitors(run);
        done.push({ ...changeOf(step), id: await step.run(run) });
      }
      await flushMonitors(run);
      await writeDependencies(run, checked.monitors);
      if (done.length > 0) await auditCallerMany(tx, caller, auditEntries(done, body.managed_by));
      return done;
    }, TRANSACTION)
    .catch((error: unknown) => {
      // A PATCH giving a key at the same moment: the index refused the second.
      if (isKeyViolation(error)) {
        throw new ProblemError(409, 'key_conflict', 'Another request gave one of these keys meanwhile; apply again.');
      }
      throw error;
    });
  // Addresses' confirmation mails go once the channels exist (the dispatcher's sweeper retries a miss).
  if (ctx.confirmations.length > 0) await enqueue(deps, ctx.confirmations);
  return changes;
}

/** One audit entry per change (as each endpoint writes), and one for the apply. */
function auditEntries(done: Change[], managedBy: string) {
  const entries: Array<{ action: string; target: string; details: Prisma.InputJsonObject }> = done.map((c) => ({
    action: `${c.resource}.${PAST[c.action]}`,
    target: c.id!,
    details: {
      key: c.key,
      managed_by: managedBy,
      ...(c.action === 'update' ? { fields: [...new Set(c.fields.map((f) => f.field.split('.')[0]!))].sort() } : {}),
    },
  }));
  const count = (action: Change['action']) => done.filter((c) => c.action === action).length;
  entries.push({
    action: 'config.applied',
    target: managedBy,
    details: { created: count('create'), updated: count('update'), deleted: count('delete') },
  });
  return entries;
}
