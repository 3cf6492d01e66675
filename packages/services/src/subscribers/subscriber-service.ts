import type { Plan, Prisma, StatusPage, StatusSubscriber } from '@pageprobe/db';
import { randomBytes } from 'node:crypto';
import { SUBSCRIBE_CONFIRM_EVENT, takeNoticeQuota } from '@pageprobe/test-lifecycle';
import { enqueue } from '../alert-channels/channel-service.ts';
import { auditCaller, type Caller } from '../caller.ts';
import { csvCell } from '../csv-cell.ts';
import type { ServiceDeps } from '../deps.ts';
import { after, NEWEST_FIRST, pageOf } from '../keyset.ts';
import { ProblemError } from '../problem.ts';
import type { ShownMonitor } from '../status-pages/status-page-service.ts';
import { ownedStatusPage } from '../status-pages/status-page-service.ts';
import { presentDelivery } from '../alert-channels/present-channel.ts';

// A status page's subscribers (issue 58): anyone may subscribe by mail (confirmed by a mailed link) or
// webhook (confirmed by echoing a challenge), to the whole page or some of its components; only the
// page's team sees who they are.

/** Subscribers one status page may have, by its team's plan. */
export const SUBSCRIBERS_PER_PAGE: Record<Plan, number> = { free: 1_000, pro: 50_000 };
/** An unconfirmed subscriber is sent its confirmation again at most this often. */
const RESEND_AFTER_MS = 10 * 60_000;

export interface SubscribeInput {
  email?: string;
  webhook_url?: string;
  /** Some of the page's monitors; none or empty: all of them. */
  monitor_ids?: string[];
}

const EMAIL = /^[^\s@<>()[\]\\,;:"]{1,64}@[a-z0-9.-]{1,253}\.[a-z]{2,63}$/i;

const invalid = (path: string, message: string): never => {
  throw new ProblemError(400, 'validation_failed', `${path} ${message}.`, { errors: [{ path, message }] });
};

/** The page's monitors the subscriber chose (each must be on the page), or all of them: []. */
function chosenMonitors(page: StatusPage, ids: string[] | undefined): string[] {
  if (!ids?.length) return [];
  const shown = new Set((page.monitors as unknown as ShownMonitor[]).map((m) => m.id));
  ids.forEach((id, i) => {
    if (!shown.has(id)) invalid(`body.monitor_ids.${i}`, 'is not shown on this page');
  });
  return [...new Set(ids)];
}

/** Where a subscriber is told: a mail address (lower-case) or an http(s) URL. */
function targetOf(input: SubscribeInput): { kind: 'email' | 'webhook'; address: string } {
  if (Boolean(input.email) === Boolean(input.webhook_url)) invalid('body', 'gives either email or webhook_url');
  if (input.email) {
    const address = input.email.trim().toLowerCase();
    if (address.length > 254 || !EMAIL.test(address)) invalid('body.email', 'is not a mail address');
    return { kind: 'email', address };
  }
  let url: URL | null = null;
  try {
    url = new URL(input.webhook_url!);
  } catch {}
  if (!url || !['http:', 'https:'].includes(url.protocol) || input.webhook_url!.length > 2000 || url.username)
    invalid('body.webhook_url', 'is not an http(s) URL without credentials');
  return { kind: 'webhook', address: url!.href };
}

/**
 * POST /status/{slug}/subscribe: a subscriber made (or found), and its confirmation sent through the
 * outbox. The answer is the same whether the address was new, waiting or confirmed, so the form tells
 * nobody who subscribes. A webhook is given its signing secret here, once.
 */
export async function subscribe(
  deps: ServiceDeps,
  page: StatusPage,
  input: SubscribeInput,
): Promise<{ subscriber: StatusSubscriber; secret: string | null }> {
  const target = targetOf(input);
  const monitorIds = chosenMonitors(page, input.monitor_ids);
  const team = await deps.db.team.findUniqueOrThrow({ where: { id: page.teamId }, select: { plan: true, name: true } });
  const { subscriber, secret, confirmation } = await deps.db.$transaction(async (tx) => {
    // The page's row lock serialises subscriptions to it: the count holds, and one address is one row.
    await tx.$queryRaw`SELECT 1 FROM status_pages WHERE id = ${page.id}::uuid FOR UPDATE`;
    const found = await tx.statusSubscriber.findUnique({
      where: { statusPageId_kind_address: { statusPageId: page.id, ...target } },
    });
    if (found?.confirmedAt) return { subscriber: found, secret: null, confirmation: null };
    if (
      !found &&
      (await tx.statusSubscriber.count({ where: { statusPageId: page.id } })) >= SUBSCRIBERS_PER_PAGE[team.plan]
    )
      throw new ProblemError(409, 'subscriber_limit_reached', 'This status page takes no more subscribers.');
    const secret = target.kind === 'webhook' ? `whsec_${randomBytes(32).toString('base64url')}` : null;
    const challenge = target.kind === 'webhook' ? randomBytes(24).toString('base64url') : null;
    const subscriber = found
      ? await tx.statusSubscriber.update({
          where: { id: found.id },
          data: { monitorIds, ...(secret ? { secret, challenge } : {}) },
        })
      : await tx.statusSubscriber.create({
          data: { statusPageId: page.id, ...target, monitorIds, secret, challenge },
        });
    return { subscriber, secret, confirmation: await confirmationOf(tx, page, team, subscriber, found !== null) };
  });
  if (confirmation) await enqueue(deps, [confirmation]);
  return { subscriber, secret };
}

/**
 * The subscriber's confirmation delivery: a webhook's challenge (its payload), or a mail's (worded by the
 * dispatcher). Not again within 10 minutes of the last, and counted against the team's notice quota.
 */
async function confirmationOf(
  tx: Prisma.TransactionClient,
  page: StatusPage,
  team: { plan: Plan; name: string },
  subscriber: StatusSubscriber,
  again: boolean,
) {
  if (again) {
    const last = await tx.callbackDelivery.findFirst({
      where: { subscriberId: subscriber.id, event: SUBSCRIBE_CONFIRM_EVENT },
      orderBy: { createdAt: 'desc' },
    });
    if (last && Date.now() - last.createdAt.getTime() < RESEND_AFTER_MS && subscriber.kind === 'email') return null;
  }
  if ((await takeNoticeQuota(tx, page.teamId, team.plan, 1)) === 0) return null;
  const payload = JSON.stringify({
    type: 'subscription.challenge',
    challenge: subscriber.challenge,
    status_page: { title: page.title, team: team.name },
  });
  return tx.callbackDelivery.create({
    data: { teamId: page.teamId, subscriberId: subscriber.id, event: SUBSCRIBE_CONFIRM_EVENT, payload },
  });
}

/** The subscriber a link's token names, with its page; null when none (unsubscribed, or a wrong link). */
export async function subscriberByToken(deps: Pick<ServiceDeps, 'db'>, slug: string, token: string) {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  const subscriber = await deps.db.statusSubscriber.findUnique({ where: { token }, include: { page: true } });
  return subscriber?.page.slug === slug ? subscriber : null;
}

/** A mailed link's confirmation (a button's POST: a mail scanner opening the link confirms nothing). */
export const confirmSubscriber = (deps: Pick<ServiceDeps, 'db'>, id: string) =>
  deps.db.statusSubscriber.updateMany({ where: { id, confirmedAt: null }, data: { confirmedAt: new Date() } });

/** What the subscriber gets: some of the page's monitors, or all ([]). */
export async function chooseComponents(
  deps: Pick<ServiceDeps, 'db'>,
  subscriber: StatusSubscriber & { page: StatusPage },
  ids: string[],
) {
  await deps.db.statusSubscriber.update({
    where: { id: subscriber.id },
    data: { monitorIds: chosenMonitors(subscriber.page, ids) },
  });
}

/** Unsubscribed: the row goes, and its pending notices with it. */
export const unsubscribe = (deps: Pick<ServiceDeps, 'db'>, id: string) =>
  deps.db.statusSubscriber.deleteMany({ where: { id } });

/** A subscriber as its page's team sees it (the address included: only the team sees it). */
const presentSubscriber = (s: StatusSubscriber) => ({
  id: s.id,
  kind: s.kind,
  address: s.address,
  monitor_ids: s.monitorIds,
  confirmed: s.confirmedAt !== null,
  confirmed_at: s.confirmedAt?.toISOString() ?? null,
  created_at: s.createdAt.toISOString(),
});

/** GET /status-pages/{id}/subscribers: newest first, with the page's counts. */
export async function listSubscribers(
  deps: ServiceDeps,
  caller: Caller,
  pageId: string,
  query: { cursor?: string; limit: number },
) {
  const page = await ownedStatusPage(deps, caller.teamId, pageId);
  const [rows, counts] = await Promise.all([
    deps.db.statusSubscriber.findMany({
      where: { statusPageId: page.id, ...after(query.cursor) },
      orderBy: NEWEST_FIRST,
      take: query.limit + 1,
    }),
    deps.db.statusSubscriber.groupBy({
      by: ['confirmedAt'],
      where: { statusPageId: page.id },
      _count: true,
    }),
  ]);
  const { page: data, nextCursor } = pageOf(rows, query.limit);
  const total = counts.reduce((n, c) => n + c._count, 0);
  const confirmed = counts.filter((c) => c.confirmedAt !== null).reduce((n, c) => n + c._count, 0);
  return { data: data.map(presentSubscriber), count: { total, confirmed }, next_cursor: nextCursor };
}

/**
 * GET /status-pages/{id}/subscribers.csv: every subscriber, oldest first; the export is in the audit log.
 */
export async function exportSubscribers(deps: ServiceDeps, caller: Caller, pageId: string): Promise<string> {
  const page = await ownedStatusPage(deps, caller.teamId, pageId);
  const rows = await deps.db.statusSubscriber.findMany({
    where: { statusPageId: page.id },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
  });
  await auditCaller(deps.db, caller, 'status_page.subscribers_exported', page.id, { count: rows.length });
  const lines = rows.map((s) =>
    [s.id, s.kind, s.address, s.confirmedAt?.toISOString() ?? '', s.monitorIds.join(' '), s.createdAt.toISOString()]
      .map(csvCell)
      .join(','),
  );
  return `${['id', 'kind', 'address', 'confirmed_at', 'monitor_ids', 'created_at'].join(',')}\n${lines.join('\n')}${lines.length ? '\n' : ''}`;
}

/** DELETE /status-pages/{id}/subscribers/{subscriber_id}. */
export async function removeSubscriber(deps: ServiceDeps, caller: Caller, pageId: string, id: string) {
  const page = await ownedStatusPage(deps, caller.teamId, pageId);
  const removed = /^[0-9a-f-]{36}$/i.test(id)
    ? await deps.db.statusSubscriber.deleteMany({ where: { id, statusPageId: page.id } })
    : { count: 0 };
  if (removed.count === 0) throw new ProblemError(404, 'not_found', 'No subscriber with that id on this page.');
  await auditCaller(deps.db, caller, 'status_page.subscriber_removed', page.id, { subscriber_id: id });
}

/**
 * GET /status-pages/{id}/subscribers/{subscriber_id}/deliveries: what was sent to one subscriber, newest
 * first, each with its state and attempts, as an alert channel's messages are listed.
 */
export async function subscriberDeliveries(
  deps: ServiceDeps,
  caller: Caller,
  pageId: string,
  subscriberId: string,
  query: { cursor?: string; limit: number },
) {
  const page = await ownedStatusPage(deps, caller.teamId, pageId);
  const subscriber = /^[0-9a-f-]{36}$/i.test(subscriberId)
    ? await deps.db.statusSubscriber.findFirst({ where: { id: subscriberId, statusPageId: page.id } })
    : null;
  if (!subscriber) throw new ProblemError(404, 'not_found', 'No subscriber with that id on this page.');
  const rows = await deps.db.callbackDelivery.findMany({
    where: { subscriberId: subscriber.id, ...after(query.cursor) },
    orderBy: NEWEST_FIRST,
    take: query.limit + 1,
    include: { attempts: { orderBy: { number: 'asc' } }, alert: { select: { monitorId: true } } },
  });
  const { page: data, nextCursor } = pageOf(rows, query.limit);
  return { data: data.map(presentDelivery), next_cursor: nextCursor };
}
