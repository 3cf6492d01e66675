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
import { Router } from 'express';
import { auditRequest, fieldsOf } from '../audit/audit-request.ts';
import { requireScope } from '../auth/api-key-auth.ts';
import type { ApiDeps } from '../deps.ts';
import { after, NEWEST_FIRST, pageOf, parseLimit } from '../http/keyset.ts';
import { ProblemError } from '../http/problem.ts';
import { createWithinLimit } from '../http/team-limit.ts';
import { type ChannelInput, checkChannelInput } from './channel-input.ts';
import { presentAttempt, presentChannel, presentDelivery } from './present-channel.ts';

/** A channel with its addresses' confirmation state, as presentChannel shows it. */
const WITH_RECIPIENTS = { recipients: { select: { email: true, confirmedAt: true } } } as const;

/** Alert channels one team may have. */
export const ALERT_CHANNELS_PER_TEAM = 50;

/**
 * /alert-channels (issue 31): where a team's alerts are read. A channel's URL or routing key is sealed
 * under SECRETS_KEY and never shown again; its messages go through the callbacks' outbox (the dispatcher)
 * with the alerts' retries, and each is listed under /deliveries with its attempts.
 */
export function alertChannelRoutes(deps: ApiDeps): Router {
  const router = Router();
  const { config } = deps;
  const keyring = keyringOf(config);
  // The API sends nothing itself (issue 44, item 5): a channel's messages, test messages and confirmation
  // mails alike are rows of the outbox and jobs for the dispatcher, which alone connects out.
  const callbacks = openQueue(jobs.callback, { connection: deps.redis, prefix: config.QUEUE_PREFIX });
  const enqueue = (deliveries: CallbackDelivery[]) =>
    enqueueDeliveries(callbacks, deliveries, (error) =>
      deps.logger.warn({ err: error }, 'channel message enqueue failed; the sweeper will retry'),
    );

  async function owned(teamId: string, id: string) {
    const channel = await deps.db.alertChannel.findFirst({ where: { id, teamId }, include: WITH_RECIPIENTS });
    if (!channel) throw new ProblemError(404, 'not_found', 'No alert channel with that id.');
    return channel;
  }

  /** What a channel of this type needs from the deployment: a key to seal with, or an SMTP server. */
  function needsOf(type: ChannelType, secret: ChannelSecret | null) {
    if (type === 'email' && !config.SMTP_URL) {
      throw new ProblemError(
        501,
        'email_unavailable',
        'This deployment has no SMTP server (SMTP_URL): email channels cannot be made.',
      );
    }
    if (secret && !config.SECRETS_KEY) {
      throw new ProblemError(
        501,
        'secrets_unavailable',
        'This deployment has no SECRETS_KEY to seal the channel’s URL or routing key with.',
      );
    }
  }

  /** The channel with its URL or key; a seal no key of the ring opens (a dropped key) asks for it again. */
  function openTarget(channel: AlertChannel) {
    try {
      return channelToSend(channel, keyring);
    } catch (error) {
      if (!(error instanceof SecretsError)) throw error;
      throw new ProblemError(
        409,
        'secrets_unreadable',
        'This channel’s URL or routing key can no longer be opened (its key is gone); give it again with PATCH.',
      );
    }
  }

  const sealed = (id: string, secret: ChannelSecret | null) =>
    secret ? new Uint8Array(seal(config.SECRETS_KEY!, secret, channelSealContext(id))) : null;

  router.post('/alert-channels', requireScope('write'), async (req, res) => {
    const input = req.body as ChannelInput & { type: ChannelType; name: string };
    const { teamId } = req.auth!;
    const { secret, settings } = await checkChannelInput(input.type, input, {
      creating: true,
      allowPrivate: config.ALLOW_PRIVATE_TARGETS,
    });
    needsOf(input.type, secret);
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
            sealed: sealed(id, secret),
          },
        });
        // Each address gets its confirmation mail, and nothing else until it confirms (issue 44).
        const confirmations = settings.addresses ? await setRecipients(tx, created, settings.addresses) : [];
        const channel = await tx.alertChannel.findUniqueOrThrow({ where: { id }, include: WITH_RECIPIENTS });
        return { channel, confirmations };
      },
    );
    await enqueue(confirmations);
    await auditRequest(deps.db, req, 'alert_channel.created', channel.id, { type: channel.type, name: channel.name });
    res
      .status(201)
      .location(`${config.PUBLIC_BASE_URL}/api/v1/alert-channels/${channel.id}`)
      .json(presentChannel(channel));
  });

  router.get('/alert-channels', requireScope('read'), async (req, res) => {
    const q = req.query as Record<string, string | undefined>;
    const limit = parseLimit(q.limit);
    const rows = await deps.db.alertChannel.findMany({
      where: { teamId: req.auth!.teamId, ...after(q.cursor) },
      orderBy: NEWEST_FIRST,
      take: limit + 1,
      include: WITH_RECIPIENTS,
    });
    const { page, nextCursor } = pageOf(rows, limit);
    res.json({ data: page.map(presentChannel), next_cursor: nextCursor });
  });

  router.get('/alert-channels/:channel_id', requireScope('read'), async (req, res) => {
    res.json(presentChannel(await owned(req.auth!.teamId, req.params.channel_id as string)));
  });

  router.patch('/alert-channels/:channel_id', requireScope('write'), async (req, res) => {
    const input = req.body as ChannelInput;
    const current = await owned(req.auth!.teamId, req.params.channel_id as string);
    const { secret, settings } = await checkChannelInput(current.type, input, {
      creating: false,
      allowPrivate: config.ALLOW_PRIVATE_TARGETS,
    });
    needsOf(current.type, secret);
    const data: Prisma.AlertChannelUpdateInput = {};
    if (input.name !== undefined) data.name = input.name;
    if (Object.keys(settings).length > 0) {
      data.settings = { ...(current.settings as ChannelSettings), ...settings } as Prisma.InputJsonObject;
    }
    // A new URL or key replaces the old one whole; a channel has one of them.
    if (secret) data.sealed = sealed(current.id, secret);
    // A fixed target is given a fresh start: its old failures said nothing of the new one.
    if (secret || settings.addresses) Object.assign(data, { state: 'ok', firstFailureAt: null });
    const { channel, confirmations } = await deps.db.$transaction(async (tx) => {
      const updated = await tx.alertChannel.update({ where: { id: current.id }, data });
      // New addresses get their confirmation mail; those kept keep their state (issue 44).
      const confirmations = settings.addresses ? await setRecipients(tx, updated, settings.addresses) : [];
      const channel = await tx.alertChannel.findUniqueOrThrow({ where: { id: current.id }, include: WITH_RECIPIENTS });
      return { channel, confirmations };
    });
    await enqueue(confirmations);
    await auditRequest(deps.db, req, 'alert_channel.updated', channel.id, fieldsOf(input));
    res.json(presentChannel(channel));
  });

  router.delete('/alert-channels/:channel_id', requireScope('write'), async (req, res) => {
    const channel = await owned(req.auth!.teamId, req.params.channel_id as string);
    // Its links to monitors and its deliveries go with it (ON DELETE CASCADE).
    await deps.db.alertChannel.delete({ where: { id: channel.id } });
    await auditRequest(deps.db, req, 'alert_channel.deleted', channel.id, { type: channel.type, name: channel.name });
    res.status(204).end();
  });

  router.post('/alert-channels/:channel_id/test', requireScope('write'), async (req, res) => {
    const { teamId } = req.auth!;
    const channel = await owned(teamId, req.params.channel_id as string);
    // A target no key of the ring opens is asked for again now, rather than sent to fail.
    openTarget(channel);
    const body: ChannelNoticeBody = {
      event: 'alert_channel.test',
      channel: { id: channel.id, name: channel.name, type: channel.type },
      message: `This is a test message from Pageprobe to the ${channel.type} channel “${channel.name}”: alerts of the monitors that name it will arrive here.`,
      created_at: new Date().toISOString(),
    };
    const delivery = await deps.db.callbackDelivery.create({
      data: { teamId, channelId: channel.id, event: body.event, payload: JSON.stringify(body) },
    });
    await enqueue([delivery]);
    // The dispatcher makes the one attempt (a test message is not retried); its outcome is the answer
    // when it comes within ALERT_TEST_WAIT_MS, else 202 with the delivery still pending.
    const settled = await settledDelivery(delivery.id, config.ALERT_TEST_WAIT_MS);
    if (!settled) {
      res
        .status(202)
        .location(`${config.PUBLIC_BASE_URL}/api/v1/alert-channels/${channel.id}/deliveries`)
        .json({ delivered: false, delivery_id: delivery.id, state: 'pending' });
      return;
    }
    res.json({
      delivered: settled.state === 'delivered',
      delivery_id: delivery.id,
      attempt: presentAttempt(settled.attempts[0]!),
    });
  });

  /** The delivery once it is settled (delivered or failed) with its attempts, or null after `waitMs`. */
  async function settledDelivery(id: string, waitMs: number) {
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

  router.get('/alert-channels/:channel_id/deliveries', requireScope('read'), async (req, res) => {
    const channel = await owned(req.auth!.teamId, req.params.channel_id as string);
    const q = req.query as Record<string, string | undefined>;
    const limit = parseLimit(q.limit);
    const rows = await deps.db.callbackDelivery.findMany({
      where: { channelId: channel.id, ...after(q.cursor) },
      orderBy: NEWEST_FIRST,
      take: limit + 1,
      include: { attempts: { orderBy: { number: 'asc' } }, alert: { select: { monitorId: true } } },
    });
    const { page, nextCursor } = pageOf(rows, limit);
    res.json({ data: page.map(presentDelivery), next_cursor: nextCursor });
  });

  return router;
}
