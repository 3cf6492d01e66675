import { type ChannelSecret, type ChannelSettings, channelSealContext } from '@pageprobe/alert-channels';
import type { AlertChannel, Prisma } from '@pageprobe/db';
import { keyringOf, open } from '@pageprobe/secrets';
import { setRecipients } from '@pageprobe/test-lifecycle';
import { randomUUIDv7 } from 'node:crypto';
import { checkChannelInput } from '@pageprobe/services';
import { needsOf, sealed } from '@pageprobe/services';
import type { ServiceDeps } from '../deps.ts';
import type { ApplyContext, Existing, Wanted } from './apply-context.ts';
import type { ChannelEntry } from './config-body.ts';
import type { EntryErrors } from './entry-errors.ts';
import { type EntryState, SECRET } from './field-diff.ts';
import { eachLimited } from './monitor-entries.ts';

// Alert channels in a configuration (issue 50): checked as POST /alert-channels checks them; their URL or
// routing key compared in clear with the sealed one, never shown.

export interface PreparedChannel {
  id: string;
  entry: ChannelEntry;
  secret: ChannelSecret | null;
  settings: ChannelSettings;
}

function stateOf(type: string, name: string, secret: ChannelSecret | null, settings: ChannelSettings): EntryState {
  const base = (clear: boolean) => ({
    type,
    name,
    ...(secret?.url !== undefined ? { url: clear ? secret.url : SECRET } : {}),
    ...(secret?.routing_key !== undefined ? { routing_key: clear ? secret.routing_key : SECRET } : {}),
    ...(settings.severity !== undefined ? { severity: settings.severity } : {}),
    ...(settings.addresses !== undefined ? { addresses: settings.addresses } : {}),
  });
  return { clear: base(true), shown: base(false) };
}

export async function checkChannelEntries(
  deps: ServiceDeps,
  entries: ChannelEntry[],
  errors: EntryErrors,
): Promise<Array<Wanted<PreparedChannel>>> {
  const wanted: Array<Wanted<PreparedChannel>> = [];
  await eachLimited(entries, 8, async (entry, index) => {
    try {
      const { secret, settings } = await checkChannelInput(entry.type, entry, {
        creating: true,
        allowPrivate: deps.config.ALLOW_PRIVATE_TARGETS,
      });
      needsOf(deps, entry.type, secret);
      wanted.push({
        index,
        key: entry.key,
        given: entry as unknown as Record<string, unknown>,
        prepared: { id: randomUUIDv7(), entry, secret, settings },
        state: stateOf(entry.type, entry.name, secret, settings),
      });
    } catch (error) {
      errors.addProblem('alert_channel', index, entry.key, error);
    }
  });
  return wanted.sort((a, b) => a.index - b.index);
}

/** The team's channels with a key, each as an entry would describe it. */
export async function loadChannels(
  deps: ServiceDeps,
  rows: AlertChannel[],
): Promise<Array<Existing & { row: AlertChannel }>> {
  const keyring = keyringOf(deps.config);
  return rows
    .filter((row) => row.key !== null)
    .map((row) => {
      let secret: ChannelSecret | null = null;
      if (row.sealed) {
        try {
          secret = open<ChannelSecret>(keyring, row.sealed, channelSealContext(row.id));
        } catch {
          // Its key is gone: it differs from whatever the entry gives, which is sealed again.
          secret = { url: '', routing_key: '' };
        }
      }
      return {
        id: row.id,
        key: row.key,
        managedBy: row.managedBy,
        state: stateOf(row.type, row.name, secret, row.settings as ChannelSettings),
        row,
      };
    });
}

/** POST /alert-channels' row and its addresses (each mailed for confirmation once committed). */
export async function createChannelRow(ctx: ApplyContext, w: Wanted<PreparedChannel>) {
  const { id, entry, secret, settings } = w.prepared;
  const created = await ctx.tx.alertChannel.create({
    data: {
      id,
      teamId: ctx.caller.teamId,
      type: entry.type,
      name: entry.name,
      settings: settings as Prisma.InputJsonObject,
      sealed: sealed(ctx.deps, id, secret),
      key: w.key,
      managedBy: ctx.managedBy,
    },
  });
  if (settings.addresses) ctx.confirmations.push(...(await setRecipients(ctx.tx, created, settings.addresses)));
  ctx.channelIds.set(w.key, id);
  return id;
}

/** The entry's name, settings and target over the channel's; a new target or addresses start afresh. */
export async function updateChannelRow(
  ctx: ApplyContext,
  w: Wanted<PreparedChannel>,
  current: Existing & { row: AlertChannel },
) {
  const { entry, secret, settings } = w.prepared;
  const secretChanged =
    JSON.stringify(w.state.clear.url ?? w.state.clear.routing_key ?? null) !==
    JSON.stringify(current.state.clear.url ?? current.state.clear.routing_key ?? null);
  const addressesChanged =
    JSON.stringify(settings.addresses ?? null) !==
    JSON.stringify((current.row.settings as ChannelSettings).addresses ?? null);
  const data: Prisma.AlertChannelUpdateInput = {
    name: entry.name,
    key: w.key,
    managedBy: ctx.managedBy,
    settings: settings as Prisma.InputJsonObject,
  };
  if (secretChanged) data.sealed = sealed(ctx.deps, current.id, secret);
  // A fixed target is given a fresh start, as a PATCH gives it.
  if (secretChanged || addressesChanged) Object.assign(data, { state: 'ok', firstFailureAt: null });
  const updated = await ctx.tx.alertChannel.update({ where: { id: current.id }, data });
  if (addressesChanged && settings.addresses) {
    ctx.confirmations.push(...(await setRecipients(ctx.tx, updated, settings.addresses)));
  }
}

/** Its links to monitors and its deliveries go with it (ON DELETE CASCADE), as DELETE's do. */
export async function deleteChannelRow(ctx: ApplyContext, id: string) {
  // RUM sites list channels by id (issue 61): it leaves theirs as it goes.
  await ctx.tx.$executeRaw`UPDATE rum_sites SET alert_channel_ids = array_remove(alert_channel_ids, ${id}::uuid)
    WHERE team_id = ${ctx.caller.teamId}::uuid AND ${id}::uuid = ANY(alert_channel_ids)`;
  return ctx.tx.alertChannel.delete({ where: { id } });
}
