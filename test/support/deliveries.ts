import type { Db } from '@pageprobe/db';
import { eventually } from './servers.ts';

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
