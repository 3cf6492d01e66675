import {
  type ChannelNoticeBody,
  type ChannelSecret,
  type ChannelSettings,
  type ChannelType,
  channelSealContext,
  channelToSend,
} from '@pageprobe/alert-channels';
import type { AlertChannel, CallbackDelivery, Prisma } from '@pageprobe/db';
import { jobs, openQueue } from '@pageprobe/jobs';
import { keyringOf, SecretsError, seal } from '@pageprobe/secrets';
import { enqueueDeliveries, setRecipients } from '@pageprobe/test-lifecycle';
import { randomUUIDv7 } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { fieldsOf } from '../audit-fields.ts';
import type { ServiceDeps } from '../deps.ts';
import { auditCaller, type Caller } from '../caller.ts';
import { after, NEWEST_FIRST, pageOf } from '../keyset.ts';
import { ProblemError } from '../problem.ts';
import { createWithinLimit } from '../team-limit.ts';
import { type ChannelInput, checkChannelInput } from './channel-input.ts';
import { presentAttempt, presentChannel, presentDelivery } from './present-channel.ts';
import { checkKeyFree, rethrowKeyTaken } from '../resource-key.ts';

// A team's alert channels (issue 31), whichever door asks: the API's routes and the dashboard's forms
// (issue 46) call these, so a channel is checked, sealed, limited and audited alike.

/** A channel with its addresses' confirmation state, as presentChannel shows it. */
const WITH_RECIPIENTS = { recipients: { select: { email: true, confirmedAt: true } } } as const;

/** Alert channels one team may have. */
export const ALERT_CHANNELS_PER_TEAM = 50;

export type PresentedChannel = ReturnType<typeof presentChannel>;

// The API sends nothing itself (issue 44, item 5): a channel's messages, test messages and confirmation
// mails alike are rows of the outbox and jobs for the dispatcher, which alone connects out. One queue
// handle per Redis connection, whichever app holds it.
const callbackQueues = new WeakMap<object, ReturnType<typeof openQueue>>();

export function enqueue(
  deps: ServiceDeps,
  deliveries: Array<Pick<CallbackDelivery, 'id' | 'channelId'> & { subscriberId?: string | null }>,
) {
  let queue = callbackQueues.get(deps.redis);
  if (!queue) {
    queue = openQueue(jobs.callback, { connection: deps.redis, prefix: deps.config.QUEUE_PREFIX });
    callbackQueues.set(deps.redis, queue);
  }
  return enqueueDeliveries(queue, deliveries, (error) =>
    deps.logger.warn({ err: error }, 'channel message enqueue failed; the sweeper will retry'),
  );
}

async function owned(deps: ServiceDeps, teamId: string, id: string) {
  const channel = /^[0-9a-f-]{36}$/i.test(id)
    ? await deps.db.alertChannel.findFirst({ where: { id, teamId }, include: WITH_RECIPIENTS })
    : null;
  if (!channel) throw new ProblemError(404, 'not_found', 'No alert channel with that id.');
  return channel;
}

/** What a channel of this type needs from the deployment: a key to seal with, or an SMTP server. */
export function needsOf(deps: ServiceDeps, type: ChannelType, secret: ChannelSecret | null) {
  if (type === 'email' && !deps.config.SMTP_URL) {
    throw new ProblemError(
      501,
      'email_unavailable',
      'This deployment has no SMTP server (SMTP_URL): email channels cannot be made.',
    );
  }
  if (secret && !deps.config.SECRETS_KEY) {
    throw new ProblemError(
      501,
      'secrets_unavailable',
      'This deployment has no SECRETS_KEY to seal the channel’s URL or routing key with.',
    );
  }
}

/** The channel with its URL or key; a seal no key of the ring opens (a dropped key) asks for it again. */
function openTarget(deps: ServiceDeps, channel: AlertChannel) {
  try {
    return channelToSend(channel, keyringOf(deps.config));
  } catch (error) {
    if (!(error instanceof SecretsError)) throw error;
    throw new ProblemError(
      409,
      'secrets_unreadable',
      'This channel’s URL or routing key can no longer be opened (its key is gone); give it again with PATCH.',
    );
  }
}

export const sealed = (deps: ServiceDeps, id: string, secret: ChannelSecret | null) =>
  secret ? new Uint8Array(seal(deps.config.SECRETS_KEY!, secret, channelSealContext(id))) : null;

/** POST /alert-channels: the body as the public document's CreateAlertChannel lets it through. */
export async function createChannel(
  deps: ServiceDeps,
  caller: Caller,
  input: ChannelInput & { type: ChannelType; name: string },
): Promise<PresentedChannel> {
  const { teamId } = caller;
  const { secret, settings } = await checkChannelInput(input.type, input, {
    creating: true,
    allowPrivate: deps.config.ALLOW_PRIVATE_TARGETS,
  });
  needsOf(deps, input.type, secret);
  if (input.key) await checkKeyFree(deps.db, 'alert_channel', teamId, input.key);
  const id = randomUUIDv7();
  const { channel, confirmations } = await createWithinLimit(
    deps.db,
    teamId,
    { max: ALERT_CHANNELS_PER_TEAM, code: 'alert_channel_limit_reached', noun: 'alert channels' },
    (tx) => tx.alertChannel.count({ where: { teamId } }),
    async (tx) => {
      const created = await tx.alertChannel.create({
        data: {
          id,
          teamId,
          type: input.type,
          name: input.name,
          settings: settings as Prisma.InputJsonObject,
          sealed: sealed(deps, id, secret),
          key: input.key ?? null,
        },
      });
      // Each address gets its confirmation mail, and nothing else until it confirms (issue 44).
      const confirmations = settings.addresses ? await setRecipients(tx, created, settings.addresses) : [];
      const channel = await tx.alertChannel.findUniqueOrThrow({ where: { id }, include: WITH_RECIPIENTS });
      return { channel, confirmations };
    },
  ).catch(rethrowKeyTaken('alert_channel', input.key));
  await enqueue(deps, confirmations);
  await auditCaller(deps.db, caller, 'alert_channel.created', channel.id, { type: channel.type, name: channel.name });
  return presentChannel(channel);
}

/** A keyset page of the team's channels, newest first. */
export async function listChannels(deps: ServiceDeps, caller: Caller, cursor: string | undefined, limit: number) {
  const rows = await deps.db.alertChannel.findMany({
    where: { teamId: caller.teamId, ...after(cursor) },
    orderBy: NEWEST_FIRST,
    take: limit + 1,
    include: WITH_RECIPIENTS,
  });
  const { page, nextCursor } = pageOf(rows, limit);
  return { data: page.map(presentChannel), next_cursor: nextCursor };
}

export const getChannel = async (deps: ServiceDeps, caller: Caller, id: string): Promise<PresentedChannel> =>
  presentChannel(await owned(deps, caller.teamId, id));

/** PATCH /alert-channels/{id}: the body as UpdateAlertChannel lets it through. */
export async function updateChannel(
  deps: ServiceDeps,
  caller: Caller,
  id: string,
  input: ChannelInput,
): Promise<PresentedChannel> {
  const current = await owned(deps, caller.teamId, id);
  const { secret, settings } = await checkChannelInput(current.type, input, {
    creating: false,
    allowPrivate: deps.config.ALLOW_PRIVATE_TARGETS,
  });
  needsOf(deps, current.type, secret);
  if (input.key) await checkKeyFree(deps.db, 'alert_channel', caller.teamId, input.key, current.id);
  const data: Prisma.AlertChannelUpdateInput = {};
  if (input.key !== undefined) data.key = input.key;
  if (input.name !== undefined) data.name = input.name;
  if (Object.keys(settings).length > 0) {
    data.settings = { ...(current.settings as ChannelSettings), ...settings } as Prisma.InputJsonObject;
  }
  // A new URL or key replaces the old one whole; a channel has one of them.
  if (secret) data.sealed = sealed(deps, current.id, secret);
  // A fixed target is given a fresh start: its old failures said nothing of the new one.
  if (secret || settings.addresses) Object.assign(data, { state: 'ok', firstFailureAt: null });
  const { channel, confirmations } = await deps.db
    .$transaction(async (tx) => {
      const updated = await tx.alertChannel.update({ where: { id: current.id }, data });
      // New addresses get their confirmation mail; those kept keep their state (issue 44).
      const confirmations = settings.addresses ? await setRecipients(tx, updated, settings.addresses) : [];
      const channel = await tx.alertChannel.findUniqueOrThrow({ where: { id: current.id }, include: WITH_RECIPIENTS });
      return { channel, confirmations };
    })
    .catch(rethrowKeyTaken('alert_channel', input.key));
  await enqueue(deps, confirmations);
  await auditCaller(deps.db, caller, 'alert_channel.updated', channel.id, fieldsOf(input));
  return presentChannel(channel);
}

export async function deleteChannel(deps: ServiceDeps, caller: Caller, id: string): Promise<void> {
  const channel = await owned(deps, caller.teamId, id);
  // Its links to monitors and its deliveries go with it (ON DELETE CASCADE); RUM sites list channels by id
  // (issue 61), so it is taken out of theirs in the same transaction.
  await deps.db.$transaction([
    deps.db.$executeRaw`UPDATE rum_sites SET alert_channel_ids = array_remove(alert_channel_ids, ${channel.id}::uuid)
      WHERE team_id = ${caller.teamId}::uuid AND ${channel.id}::uuid = ANY(alert_channel_ids)`,
    deps.db.alertChannel.delete({ where: { id: channel.id } }),
  ]);
  await auditCaller(deps.db, caller, 'alert_channel.deleted', channel.id, { type: channel.type, name: channel.name });
}

/** The channel and its addresses, as presentChannel shows it. */
export { WITH_RECIPIENTS };

export type TestMessageOutcome =
  | { settled: false; channelId: string; delivered: false; delivery_id: string; state: 'pending' }
  | {
      settled: true;
      channelId: string;
      delivered: boolean;
      delivery_id: string;
      attempt: ReturnType<typeof presentAttempt>;
    };

/**
 * POST /alert-channels/{id}/test: a test message queued to the dispatcher, which makes the one attempt (a
 * test message is not retried); its outcome when it comes within ALERT_TEST_WAIT_MS, else still pending.
 */
export async function sendTestMessage(deps: ServiceDeps, caller: Caller, id: string): Promise<TestMessageOutcome> {
  const channel = await owned(deps, caller.teamId, id);
  // A target no key of the ring opens is asked for again now, rather than sent to fail.
  openTarget(deps, channel);
  const body: ChannelNoticeBody = {
    event: 'alert_channel.test',
    channel: { id: channel.id, name: channel.name, type: channel.type },
    message: `This is a test message from Pageprobe to the ${channel.type} channel “${channel.name}”: alerts of the monitors that name it will arrive here.`,
    created_at: new Date().toISOString(),
  };
  const delivery = await deps.db.callbackDelivery.create({
    data: { teamId: caller.teamId, channelId: channel.id, event: body.event, payload: JSON.stringify(body) },
  });
  await enqueue(deps, [delivery]);
  const settled = await settledDelivery(deps, delivery.id, deps.config.ALERT_TEST_WAIT_MS);
  if (!settled)
    return { settled: false, channelId: channel.id, delivered: false, delivery_id: delivery.id, state: 'pending' };
  return {
    settled: true,
    channelId: channel.id,
    delivered: settled.state === 'delivered',
    delivery_id: delivery.id,
    attempt: presentAttempt(settled.attempts[0]!),
  };
}

/** The delivery once it is settled (delivered or failed) with its attempts, or null after `waitMs`. */
async function settledDelivery(deps: ServiceDeps, id: string, waitMs: number) {
  const deadline = Date.now() + waitMs;
  for (let pause = 50; ; pause = Math.min(pause * 2, 250)) {
    const row = await deps.db.callbackDelivery.findUniqueOrThrow({
      where: { id },
      include: { attempts: { orderBy: { number: 'asc' } } },
    });
    if (row.state !== 'pending' && row.attempts.length > 0) return row;
    if (Date.now() + pause > deadline) return null;
    await sleep(pause);
  }
}

/** A keyset page of a channel's messages, newest first, each with its attempts (one query for the page). */
export async function listDeliveries(
  deps: ServiceDeps,
  caller: Caller,
  id: string,
  cursor: string | undefined,
  limit: number,
) {
  const channel = await owned(deps, caller.teamId, id);
  const rows = await deps.db.callbackDelivery.findMany({
    where: { channelId: channel.id, ...after(cursor) },
    orderBy: NEWEST_FIRST,
    take: limit + 1,
    include: { attempts: { orderBy: { number: 'asc' } }, alert: { select: { monitorId: true } } },
  });
  const { page, nextCursor } = pageOf(rows, limit);
  return { data: page.map(presentDelivery), next_cursor: nextCursor };
}
