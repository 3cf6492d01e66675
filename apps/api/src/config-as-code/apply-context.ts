import type { CallbackDelivery, Prisma } from '@pageprobe/db';
import type { ServiceDeps } from '../deps.ts';
import type { Caller } from '../http/caller.ts';
import type { Change } from './config-body.ts';
import type { EntryState } from './field-diff.ts';
import type { ResourceKind } from '@pageprobe/services';

// What the plan of one kind of resource is made of (issue 50), and what its steps share when applied.

/** A resource the team has now, as an entry would describe it. */
export interface Existing {
  id: string;
  key: string | null;
  managedBy: string | null;
  state: EntryState;
}

/** An entry of the configuration, checked as its endpoint checks a create. */
export interface Wanted<P> {
  index: number;
  key: string;
  /** The entry as sent (after the document's defaults). */
  given: Record<string, unknown>;
  prepared: P;
  state: EntryState;
  /**
   * A refusal by a check that depends on the current time (a window's starts_at more than a year ago):
   * the plan raises it for a create, or for an update changing one of `fields`, never for an entry the
   * resource already matches.
   */
  timely?: { fields: string[]; problem: unknown };
}

/** What applying writes through, and what it fills in as it goes. */
export interface ApplyContext {
  tx: Prisma.TransactionClient;
  deps: ServiceDeps;
  caller: Caller;
  managedBy: string;
  /** Keys of the team's channels and monitors to their ids: those made by this apply are added as they are. */
  channelIds: Map<string, string>;
  monitorIds: Map<string, string>;
  /** Confirmation mails of new addresses, queued once the transaction is committed. */
  confirmations: CallbackDelivery[];
  /** New monitors and their channel links, written together (one statement for hundreds). */
  newMonitors: Array<{
    row: Prisma.MonitorUncheckedCreateInput;
    links: Array<{ monitorId: string; channelId: string }>;
  }>;
}

/** One change of a plan, and how to make it (returns the resource's id). */
export interface Step extends Change {
  run(ctx: ApplyContext): Promise<string>;
}

/** The part of a plan one kind of resource contributes. */
export interface KindPlan {
  resource: ResourceKind;
  steps: Step[];
  deletes: Step[];
  /** Resources of the kind the team will have once applied. */
  count: { now: number; after: number };
}
