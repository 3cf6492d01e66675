import type { Db } from '@pageprobe/db';

// Issue 44 item 14: messages about one monitor reach a channel in the order they were raised. A
// `monitor.down` whose first try failed waits for its retry (30 s, then longer); a `monitor.recovered`
// raised meanwhile would otherwise arrive first, and Slack showed "Recovered", then "Down". So a
// message waits, without spending a try, while an earlier one about the same monitor to the same channel
// is still pending. "Earlier" is a strict order (the alerts' creation time, then their id), so no two
// messages can wait for each other; a pending message ends (delivered, or failed once its tries are
// spent or refused), which releases the next.

/**
 * An earlier message's tries end within about 7 hours even at worst (7 tries, each after at most an
 * hour's Retry-After). One still pending after that is stuck (its job lost past the sweeper's reach):
 * it no longer holds the messages after it.
 */
const HOLD_AT_MOST_MS = 8 * 3_600_000;

/** The id of an earlier message about the same monitor still pending for this channel, or null. */
export async function earlierPendingMessage(
  db: Db,
  delivery: { id: string; alertId: string | null; rumAlertId?: string | null; channelId: string | null },
): Promise<string | null> {
  const since = new Date(Date.now() - HOLD_AT_MOST_MS);
  // A RUM site's metric (issue 61): its rum.recovered after its rum.regressed, as a monitor's.
  if (delivery.rumAlertId && delivery.channelId) {
    const [earlier] = await db.$queryRaw<Array<{ id: string }>>`
      SELECT d.id FROM callback_deliveries d
        JOIN rum_alerts a ON a.id = d.rum_alert_id
        JOIN rum_alerts mine ON mine.id = ${delivery.rumAlertId}::uuid
      WHERE d.channel_id = ${delivery.channelId}::uuid AND d.state = 'pending' AND d.created_at > ${since}
        AND a.site_id = mine.site_id AND a.metric = mine.metric AND (a.created_at, a.id) < (mine.created_at, mine.id)
      LIMIT 1`;
    return earlier?.id ?? null;
  }
  if (!delivery.alertId || !delivery.channelId) return null; // a notice, a test message: about no monitor
  const [earlier] = await db.$queryRaw<Array<{ id: string }>>`
    SELECT d.id FROM callback_deliveries d
      JOIN monitor_alerts a ON a.id = d.alert_id
      JOIN monitor_alerts mine ON mine.id = ${delivery.alertId}::uuid
    WHERE d.channel_id = ${delivery.channelId}::uuid AND d.state = 'pending' AND d.created_at > ${since}
      AND a.monitor_id = mine.monitor_id AND (a.created_at, a.id) < (mine.created_at, mine.id)
    LIMIT 1`;
  return earlier?.id ?? null;
}
