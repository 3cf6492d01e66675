import { type Plan, withoutNul } from '@pageprobe/db';
import { type Beacon, MAX_TARGET_CHARS, PHASES } from '../beacon-payload.ts';
import { ATTRIBUTED, type RumMetric, rate } from '../metrics.ts';
import { mergeAttribution, type RumAttributionRow } from '../rollups/record-rum-attribution.ts';
import type { RumDropRow } from '../rollups/record-rum-drops.ts';
import type { RumBucket } from '../rollups/record-rum-rollups.ts';
import { addPageView, emptyRumRollup, mergeRumRollups } from '../rollups/rum-rollup.ts';
import type { DropReason } from './drop-reasons.ts';

// Beacons summed as they arrive, in this API process: a rollup per (site, plan, minute, page group,
// device, country), attribution per (site, plan, hour, metric, page group, target), drops per (site,
// hour, reason). The flusher takes everything every RUM_FLUSH_MS and writes it; a failed write is put
// back and merged with what came meanwhile, so nothing accepted is lost while PostgreSQL is away. Memory
// is bounded by `maxRows` keys: past it a beacon that needs a new key is dropped and counted ('overflow').

const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;

/** A beacon that passed every check, with what the ingest derived from its request. */
export interface AcceptedView {
  siteId: string;
  plan: Plan;
  at: Date;
  pageGroup: string;
  device: string;
  country: string;
  vitals: Beacon['vitals'];
  attribution?: Beacon['attribution'];
}

/** What one flush writes. */
export interface RumBatch {
  buckets: RumBucket[];
  attribution: RumAttributionRow[];
  drops: RumDropRow[];
}

/** Keys held (rollups and attribution rows) before new ones are refused: ~1 KB each, so ~100 MB. */
export const DEFAULT_MAX_ROWS = 100_000;

export class RumAggregator {
  readonly #maxRows: number;
  #buckets = new Map<string, RumBucket>();
  #attribution = new Map<string, RumAttributionRow>();
  #drops = new Map<string, RumDropRow>();
  /** Page views accepted and summed since start (the bench compares it with the stored n). */
  accepted = 0;

  constructor({ maxRows = DEFAULT_MAX_ROWS }: { maxRows?: number } = {}) {
    this.#maxRows = maxRows;
  }

  /** Keys held now (rollups and attribution rows), taken or not yet. */
  get rows(): number {
    return this.#buckets.size + this.#attribution.size;
  }

  /** Sums one page view; false when it needed a new key past the cap (then counted as 'overflow'). */
  add(view: AcceptedView): boolean {
    const t = view.at.getTime();
    const minute = t - (t % MINUTE_MS);
    const hour = t - (t % HOUR_MS);
    const bucketKey = `${view.siteId} ${minute} ${view.plan} ${view.pageGroup} ${view.device} ${view.country}`;
    const named = this.#named(view);
    const attributionKey = (n: Named) =>
      `${view.siteId} ${hour} ${view.plan} ${n.metric} ${view.pageGroup} ${n.target}`;
    if (
      this.rows >= this.#maxRows &&
      (!this.#buckets.has(bucketKey) || named.some((n) => !this.#attribution.has(attributionKey(n))))
    ) {
      this.drop(view.siteId, 'overflow', view.at);
      return false;
    }
    let bucket = this.#buckets.get(bucketKey);
    if (!bucket) {
      bucket = {
        siteId: view.siteId,
        plan: view.plan,
        at: new Date(minute),
        pageGroup: view.pageGroup,
        device: view.device,
        country: view.country,
        rollup: emptyRumRollup(),
      };
      this.#buckets.set(bucketKey, bucket);
    }
    addPageView(bucket.rollup, view.vitals);
    for (const n of named) {
      const key = attributionKey(n);
      const row = this.#attribution.get(key);
      if (row) {
        row.n++;
        row.slow += n.slow;
        row.valueSum += n.value;
        for (const [phase, v] of Object.entries(n.phases)) row.phases[phase] = (row.phases[phase] ?? 0) + v;
      } else {
        this.#attribution.set(key, {
          siteId: view.siteId,
          plan: view.plan,
          at: new Date(hour),
          metric: n.metric,
          pageGroup: view.pageGroup,
          target: n.target,
          n: 1,
          slow: n.slow,
          valueSum: n.value,
          phases: n.phases,
        });
      }
    }
    this.accepted++;
    return true;
  }

  /** Counts a dropped beacon against its site (or NIL_SITE) in the hour of `at`. */
  drop(siteId: string, reason: DropReason, at: Date, n = 1): void {
    const hour = at.getTime() - (at.getTime() % HOUR_MS);
    const key = `${siteId} ${hour} ${reason}`;
    const seen = this.#drops.get(key);
    if (seen) seen.n += n;
    else this.#drops.set(key, { siteId, at: new Date(hour), reason, n });
  }

  /** Everything summed so far, handed to the flusher; the aggregator starts afresh. */
  take(): RumBatch {
    const batch = {
      buckets: [...this.#buckets.values()],
      attribution: [...this.#attribution.values()],
      drops: [...this.#drops.values()],
    };
    this.#buckets = new Map();
    this.#attribution = new Map();
    this.#drops = new Map();
    return batch;
  }

  /** A batch whose write failed, merged back with what arrived meanwhile (written at the next flush). */
  putBack(batch: RumBatch): void {
    for (const b of batch.buckets) {
      const key = `${b.siteId} ${b.at.getTime()} ${b.plan} ${b.pageGroup} ${b.device} ${b.country}`;
      const seen = this.#buckets.get(key);
      this.#buckets.set(key, seen ? { ...seen, rollup: mergeRumRollups(seen.rollup, b.rollup) } : b);
    }
    for (const r of batch.attribution) {
      const key = `${r.siteId} ${r.at.getTime()} ${r.plan} ${r.metric} ${r.pageGroup} ${r.target}`;
      const seen = this.#attribution.get(key);
      if (seen) mergeAttribution(seen, r);
      else this.#attribution.set(key, r);
    }
    for (const d of batch.drops) {
      const key = `${d.siteId} ${d.at.getTime()} ${d.reason}`;
      const seen = this.#drops.get(key);
      if (seen) seen.n += d.n;
      else this.#drops.set(key, d);
    }
  }

  /** What a page view tells of its attributed metrics: one entry per metric it has a value for. */
  #named(view: AcceptedView): Named[] {
    const named: Named[] = [];
    for (const [metric, part] of Object.entries(ATTRIBUTED) as Array<[RumMetric, keyof typeof PHASES]>) {
      const value = view.vitals[metric as keyof Beacon['vitals']];
      if (value === undefined) continue;
      const about = view.attribution?.[part] as Record<string, unknown> | undefined;
      const phases: Record<string, number> = {};
      for (const phase of PHASES[part]) {
        const v = about?.[phase];
        if (typeof v === 'number') phases[phase] = v;
      }
      named.push({
        metric,
        // A page's selector may hold a NUL, which PostgreSQL refuses in text: it would fail every flush.
        target: typeof about?.target === 'string' ? withoutNul(about.target.slice(0, MAX_TARGET_CHARS)) : '',
        slow: rate(metric, value) === 'good' ? 0 : 1,
        value,
        phases,
      });
    }
    return named;
  }
}

/** One attributed metric of a page view. */
interface Named {
  metric: RumMetric;
  target: string;
  slow: number;
  value: number;
  phases: Record<string, number>;
}
