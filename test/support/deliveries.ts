import { randomBytes } from 'node:crypto';
import type { Db } from '@pageprobe/db';
import { finishTest } from '@pageprobe/test-lifecycle';
import type { Queue } from 'bullmq';
import { eventually, type LocalServer, type ReceivedRequest } from './servers.ts';

/** A callback delivery once it is no longer pending, with its attempts in order. */
export const deliverySettled = (db: Db, deliveryId: string, timeoutMs: number) =>
  eventually(
    async () => {
      const d = await db.callbackDelivery.findUniqueOrThrow({
        where: { id: deliveryId },
        include: { attempts: { orderBy: { number: 'asc' } } },
      });
      return d.state === 'pending' ? undefined : d;
    },
    timeoutMs,
    `delivery ${deliveryId} settled`,
  );

/**
 * A test of the team finishes now with a callback to `receiver` (as a worker finishes one), and the
 * dispatcher delivers it: the request the receiver got.
 */
export async function callbackThroughDispatcher(
  deps: { db: Db; callbacks: Queue; receiver: LocalServer },
  teamId: string,
): Promise<ReceivedRequest> {
  const { db, callbacks, receiver } = deps;
  const row = await db.test.create({
    data: {
      teamId,
      type: 'uptime',
      url: 'https://93.184.215.14/',
      device: 'mobile',
      status: 'running',
      callbackUrl: `${receiver.url}/hooks/pageprobe`,
      reportToken: randomBytes(32).toString('base64url'),
    },
  });
  const seen = receiver.requests.length;
  await finishTest(
    { db, callbacks, publicBaseUrl: 'https://pageprobe.test', dashboardBaseUrl: 'https://pageprobe.test/app' },
    row.id,
    {
      status: 'completed',
      fields: { result: { up: true } },
    },
  );
  const delivery = await db.callbackDelivery.findUniqueOrThrow({ where: { testId: row.id } });
  const settled = await deliverySettled(db, delivery.id, 20_000);
  if (settled.state !== 'delivered') throw new Error(`the callback ended ${settled.state}`);
  const request = await receiver.nth(seen + 1);
  if (JSON.parse(request.raw.toString()).test.id !== row.id) throw new Error("another test's callback arrived");
  return request;
}
