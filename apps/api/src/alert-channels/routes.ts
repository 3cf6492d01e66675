import type { ChannelType } from '@pageprobe/alert-channels';
import { Router } from 'express';
import { requireScope } from '../auth/api-key-auth.ts';
import type { ApiDeps } from '../deps.ts';
import { callerOf } from '../http/caller.ts';
import { parseLimit } from '@pageprobe/services';
import type { ChannelInput } from '@pageprobe/services';
import {
  createChannel,
  deleteChannel,
  getChannel,
  listChannels,
  listDeliveries,
  sendTestMessage,
  updateChannel,
} from '@pageprobe/services';

export { ALERT_CHANNELS_PER_TEAM } from '@pageprobe/services';

/**
 * /alert-channels (issue 31): where a team's alerts are read. A channel's URL or routing key is sealed
 * under SECRETS_KEY and never shown again; its messages go through the callbacks' outbox (the dispatcher)
 * with the alerts' retries, and each is listed under /deliveries with its attempts. The work is the
 * channel service's (channel-service.ts), which the dashboard calls too.
 */
export function alertChannelRoutes(deps: ApiDeps): Router {
  const router = Router();
  const { config } = deps;
  const id = (req: { params: Record<string, unknown> }) => req.params.channel_id as string;

  router.post('/alert-channels', requireScope('write'), async (req, res) => {
    const channel = await createChannel(
      deps,
      callerOf(req),
      req.body as ChannelInput & { type: ChannelType; name: string },
    );
    res.status(201).location(`${config.PUBLIC_BASE_URL}/api/v1/alert-channels/${channel.id}`).json(channel);
  });

  router.get('/alert-channels', requireScope('read'), async (req, res) => {
    const q = req.query as Record<string, string | undefined>;
    res.json(await listChannels(deps, callerOf(req), q.cursor, parseLimit(q.limit)));
  });

  router.get('/alert-channels/:channel_id', requireScope('read'), async (req, res) => {
    res.json(await getChannel(deps, callerOf(req), id(req)));
  });

  router.patch('/alert-channels/:channel_id', requireScope('write'), async (req, res) => {
    res.json(await updateChannel(deps, callerOf(req), id(req), req.body as ChannelInput));
  });

  router.delete('/alert-channels/:channel_id', requireScope('write'), async (req, res) => {
    await deleteChannel(deps, callerOf(req), id(req));
    res.status(204).end();
  });

  router.post('/alert-channels/:channel_id/test', requireScope('write'), async (req, res) => {
    const outcome = await sendTestMessage(deps, callerOf(req), id(req));
    if (!outcome.settled) {
      res
        .status(202)
        .location(`${config.PUBLIC_BASE_URL}/api/v1/alert-channels/${outcome.channelId}/deliveries`)
        .json({ delivered: false, delivery_id: outcome.delivery_id, state: 'pending' });
      return;
    }
    res.json({ delivered: outcome.delivered, delivery_id: outcome.delivery_id, attempt: outcome.attempt });
  });

  router.get('/alert-channels/:channel_id/deliveries', requireScope('read'), async (req, res) => {
    const q = req.query as Record<string, string | undefined>;
    res.json(await listDeliveries(deps, callerOf(req), id(req), q.cursor, parseLimit(q.limit)));
  });

  return router;
}
