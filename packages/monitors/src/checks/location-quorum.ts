import { majority } from '@pageprobe/test-lifecycle';

// A monitor checked from several locations (issue 32) is down when at least `quorum` of them fail the
// same slot; one probe's bad minute pages nobody. Each location's check arrives on its own, so a slot is
// judged once every location still reporting has checked it (round_robin: at once, from each location's
// latest check). A location with no check for STALE_ROUNDS rounds is not reporting: it is left out and
// does not count as a failure.

/** Each location's last few verdicts: [slot ms, failure reason or null]. */
export type LocationChecks = Record<string, Array<[number, string | null]>>;

/** Verdicts kept per location: enough to judge a slot its late locations reach a little after. */
const KEPT = 6;
/** Rounds without a check after which a location counts as not reporting. */
export const STALE_ROUNDS = 3;

export interface QuorumMonitor {
  locations: string[];
  quorum: number | null;
  locationMode: string;
  intervalSeconds: number;
  locationChecks: unknown;
  decidedSlot: Date | null;
}

/** A slot judged across the locations. */
export interface SlotVerdict {
  slot: number;
  /** The first failed location's reason when at least quorum failed; null otherwise. */
  failure: string | null;
  failed: string[];
  passed: string[];
  notReporting: string[];
  quorum: number;
}

/** The checks with one more verdict (a slot recorded twice keeps the first). */
export function withCheck(checks: LocationChecks, location: string, slot: number, failure: string | null) {
  const own = checks[location] ?? [];
  if (own.some(([s]) => s === slot)) return checks;
  const next = [...own, [slot, failure] as [number, string | null]].sort((a, b) => a[0] - b[0]).slice(-KEPT);
  return { ...checks, [location]: next };
}

export const quorumOf = (monitor: Pick<QuorumMonitor, 'locations' | 'quorum'>) =>
  monitor.quorum ?? majority(monitor.locations.length);

/**
 * Which locations report: a check within STALE_ROUNDS rounds of the newest any location made. One that
 * has not checked yet is waited for as if it had checked at the first slot kept (a new monitor's first
 * slot waits for every location), and so drops out as late as one that stopped.
 */
export function reporting(monitor: QuorumMonitor, checks: LocationChecks, now?: number): string[] {
  const round =
    monitor.intervalSeconds * 1000 * (monitor.locationMode === 'round_robin' ? monitor.locations.length : 1);
  const slots = Object.values(checks).flatMap((own) => own.map(([slot]) => slot));
  const first = slots.length ? Math.min(...slots) : Number.NEGATIVE_INFINITY;
  const latest = (l: string) => checks[l]?.at(-1)?.[0] ?? first;
  const newest = now ?? Math.max(...monitor.locations.map(latest));
  return monitor.locations.filter((l) => latest(l) >= newest - STALE_ROUNDS * round);
}

/** The slots that can now be judged, oldest first. */
export function judgeSlots(monitor: QuorumMonitor, checks: LocationChecks): SlotVerdict[] {
  const live = reporting(monitor, checks);
  const decided = monitor.decidedSlot?.getTime() ?? Number.NEGATIVE_INFINITY;
  const slots = [...new Set(live.flatMap((l) => (checks[l] ?? []).map(([s]) => s)))]
    .filter((s) => s > decided)
    .sort((a, b) => a - b);
  const quorum = quorumOf(monitor);
  const verdicts: SlotVerdict[] = [];
  for (const slot of slots) {
    const ready = monitor.locationMode === 'round_robin' || live.every((l) => (checks[l]?.at(-1)?.[0] ?? -1) >= slot);
    if (!ready) break;
    const failed: Array<[string, string]> = [];
    const passed: string[] = [];
    for (const location of live) {
      const verdict = (checks[location] ?? []).filter(([s]) => s <= slot).at(-1);
      if (!verdict) continue;
      if (verdict[1] === null) passed.push(location);
      else failed.push([location, verdict[1]]);
    }
    verdicts.push({
      slot,
      failure: failed.length >= quorum ? failed[0]![1] : null,
      failed: failed.map(([l]) => l),
      passed,
      notReporting: monitor.locations.filter((l) => !live.includes(l)),
      quorum,
    });
  }
  return verdicts;
}
