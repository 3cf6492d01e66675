import type { CallbackDelivery, Db, Monitor, Prisma } from '@pageprobe/db';
import {
  type AlertLinkBases,
  type ActiveWindow,
  type AlertToRaise,
  activeWindow,
  CHECK_LEVELS,
  degradedTransition,
  followParent,
  type ParentDown,
  parentsDown,
  type PlannedAlert,
  planAlerts,
  raiseAlerts,
  recordRollups,
  transition,
  windowsOf,
} from '@pageprobe/test-lifecycle';
import { advise, monitorKindNamed } from '@pageprobe/test-kinds';
import { judgeSlots, type LocationChecks, type SlotVerdict, withCheck } from './location-quorum.ts';
import { keepLastExchanges } from './last-exchange.ts';
import { checkColumns, type FinishedCheck, failureOf, INSERT_CHECKS, sampleOf } from './check-row.ts';

const key = (monitorId: string, at: Date, location: string) => `${monitorId} ${at.getTime()} ${location}`;
const keyOf = (c: FinishedCheck) => key(c.monitorId, c.slot, c.location);

/**
 * The maintenance window each check ran in, by its key. Most teams have no window: one query finds
 * that, and the windows are read only for monitors of teams that have some.
 */
async function maintenanceOf(tx: Prisma.TransactionClient, checks: FinishedCheck[]) {
  const found = new Map<string, ActiveWindow>();
  const monitors = await tx.$queryRawUnsafe<Array<{ id: string; team_id: string; tags: string[] }>>(
    `SELECT m.id, m.team_id, m.tags FROM monitors m WHERE m.id = ANY($1::uuid[])
       AND EXISTS (SELECT 1 FROM maintenance_windows w WHERE w.team_id = m.team_id)`,
    [...new Set(checks.map((c) => c.monitorId))],
  );
  if (monitors.length === 0) return found;
  const windows = await windowsOf(
    tx,
    monitors.map((m) => m.team_id),
  );
  const byId = new Map(monitors.map((m) => [m.id, { id: m.id, teamId: m.team_id, tags: m.tags }]));
  for (const check of checks) {
    const monitor = byId.get(check.monitorId);
    const window = monitor && activeWindow(windows, monitor, check.startedAt);
    if (window) found.set(keyOf(check), window);
  }
  return found;
}

/**
 * Records finished checks in one transaction: the raw rows (a check already recorded, run twice after
 * a worker died, is skipped by its key), their hour and day rollups (the raw rows are the minute level), each monitor's state
 * (failures in a row, down, its open incident) and the alerts that changes raise, with their delivery
 * rows (enqueued by the caller after the commit). Every monitor of the batch is marked no longer in
 * flight. Monitors are locked in id order, so two batches never deadlock.
 */
export async function recordChecks(
  db: Db,
  checks: FinishedCheck[],
  links: AlertLinkBases,
): Promise<CallbackDelivery[]> {
  return db.$transaction((tx) => recordChecksIn(tx, checks, links));
}

/** recordChecks inside a transaction the caller holds (heartbeats apply their pings in the same one). */
export async function recordChecksIn(
  tx: Prisma.TransactionClient,
  checks: FinishedCheck[],
  links: AlertLinkBases,
): Promise<CallbackDelivery[]> {
  // A slot given twice in one batch counts once, like one given again later.
  const unique = [...new Map(checks.map((c) => [keyOf(c), c])).values()];
  const sorted = unique.sort((a, b) =>
    a.monitorId === b.monitorId ? a.slot.getTime() - b.slot.getTime() : a.monitorId < b.monitorId ? -1 : 1,
  );
  const ids = [...new Set(sorted.map((c) => c.monitorId))];
  const windows = await maintenanceOf(tx, sorted);
  const maintenance = (c: FinishedCheck) => windows.get(keyOf(c)) ?? null;
  // A failed check of a monitor whose parent is down is recorded naming it, and alerts no one.
  const parents = await parentsDown(tx, ids, new Set(sorted.filter((c) => failureOf(c)).map((c) => c.monitorId)));
  const parent = (c: FinishedCheck) => (failureOf(c) === null ? null : (parents.get(c.monitorId) ?? null));
  const inserted = await tx.$queryRawUnsafe<Array<{ monitor_id: string; at: Date; location: string }>>(
    INSERT_CHECKS,
    ...checkColumns(
      sorted,
      (c) => maintenance(c) !== null,
      (c) => parent(c)?.id ?? null,
    ),
  );
  const fresh = new Set(inserted.map((r) => key(r.monitor_id, r.at, r.location)));
  const recorded = sorted.filter((c) => fresh.has(keyOf(c)));
  // Each monitor's newest request and response, for its page (issue 60): one row a monitor, overwritten.
  await keepLastExchanges(tx, recorded);
  // A check during maintenance counts neither up nor down: kept, but left out of the rollups (issue 31).
  await recordRollups(
    tx,
    recorded
      .filter((c) => maintenance(c) === null)
      .map((c) => ({ monitorId: c.monitorId, plan: c.plan, at: c.slot, ...sampleOf(c) })),
    CHECK_LEVELS,
  );
  // Locked in id order first, then cleared by a statement of its own: a worker may finish a batch before
  // the claim that queued it commits (its jobs are added inside the claim's transaction), and waits here
  // on the claim's lock. One statement that locked and cleared judged its rows by the snapshot it began
  // with, where the claim's running_since was not yet set, and left the monitor in flight for
  // LOST_RUN_MINUTES, every slot skipped. The next statement sees the claim committed.
  await tx.$queryRawUnsafe('SELECT 1 FROM monitors WHERE id = ANY($1::uuid[]) ORDER BY id FOR UPDATE', ids);
  await tx.$executeRawUnsafe(
    // Written only where a run was in flight (a heartbeat never has one).
    'UPDATE monitors SET running_since = NULL WHERE id = ANY($1::uuid[]) AND running_since IS NOT NULL',
    ids,
  );
  const monitors = await tx.monitor.findMany({
    where: { id: { in: [...new Set(recorded.map((c) => c.monitorId))] } },
  });
  const byMonitor = new Map<string, FinishedCheck[]>();
  for (const c of recorded) byMonitor.set(c.monitorId, [...(byMonitor.get(c.monitorId) ?? []), c]);
  // Each monitor's checks are judged in memory, then written together: its incidents, state and alerts
  // take a few statements for the whole batch, not a few per monitor (hundreds of heartbeats found late
  // at once took seconds one at a time: issue 47).
  const plans = monitors.map((monitor) => planChecks(monitor, byMonitor.get(monitor.id)!, maintenance, parent));
  await trackIncidents(tx, plans);
  await saveStates(
    tx,
    plans.filter((p) => !p.monitor.deletedAt && p.changed),
  );
  return raiseAlerts(
    tx,
    plans
      .filter((p) => !p.monitor.deletedAt)
      .flatMap((p) =>
        p.raised.map(({ alert, check }) => ({
          monitor: p.state,
          alert: { ...alert, details: { ...alert.details, ...check.details, check: checkSummary(check) } },
        })),
      ),
    links,
  );
}

/** An incident opened (a first failure) or the open one ended (a first success after failures). */
type IncidentChange = { monitorId: string; at: Date } & (
  | { open: true; reason: string; maintenance: boolean }
  | { open: false }
);

interface CheckPlan {
  monitor: Monitor;
  state: Monitor;
  changed: boolean;
  incidents: IncidentChange[];
  raised: Array<{ alert: PlannedAlert; check: FinishedCheck }>;
}

const STATE_FIELDS = [
  'consecutiveFailures',
  'down',
  'lastPassed',
  'downAlertedAt',
  'certificateAlertedFor',
  'locationChecks',
  'decidedSlot',
  'failuresSinceParentUp',
  'degraded',
  'consecutiveDegraded',
  'degradedAlertedAt',
] as const satisfies ReadonlyArray<keyof Monitor>;

/**
 * One monitor's new checks, oldest first: its state, incidents and alerts (held during maintenance, or
 * while a monitor it depends on is down).
 */
function planChecks(
  monitor: Monitor,
  checks: FinishedCheck[],
  maintenance: (check: FinishedCheck) => ActiveWindow | null,
  parentOf: (check: FinishedCheck) => ParentDown | null,
): CheckPlan {
  let state = monitor;
  const raised: Array<{ alert: PlannedAlert; check: FinishedCheck }> = [];
  const incidents: IncidentChange[] = [];
  // From several locations (issue 32), a check adds its location's verdict, and a slot is judged across
  // them once it can be; from one, each check is its slot's verdict.
  const across = (monitor.locations?.length ?? 0) > 1;
  for (const check of checks) {
    const window = maintenance(check);
    const verdicts: Array<{ failure: string | null; locations: SlotVerdict | null }> = [];
    if (across) {
      const locationChecks = withCheck(
        (state.locationChecks as LocationChecks | null) ?? {},
        check.location,
        check.slot.getTime(),
        failureOf(check),
      );
      state = { ...state, locationChecks };
      for (const verdict of judgeSlots(state, locationChecks)) {
        verdicts.push({ failure: verdict.failure, locations: verdict });
        state = { ...state, decidedSlot: new Date(verdict.slot) };
      }
    } else {
      verdicts.push({ failure: failureOf(check), locations: null });
    }
    const alerts: AlertToRaise[] = [];
    for (const { failure, locations } of verdicts) {
      const words = failure ? failureWords(monitor.type, check, failure, locations) : null;
      const changed = transition(state, failure, { ...words, pausesOnFailures: false });
      // As trackIncident: the first failure opens an incident, the first success after failures ends it.
      if (failure !== null && state.consecutiveFailures === 0) {
        incidents.push({
          monitorId: monitor.id,
          at: check.startedAt,
          open: true,
          reason: failure,
          maintenance: window !== null,
        });
      } else if (failure === null && state.consecutiveFailures > 0) {
        incidents.push({ monitorId: monitor.id, at: check.startedAt, open: false });
      }
      state = { ...state, ...changed.update };
      alerts.push(
        ...changed.alerts.map((a) =>
          locations ? { ...a, details: { ...a.details, locations: locationsDetail(locations) } } : a,
        ),
      );
    }
    // Up but degraded (only expectations of severity degraded failed) is a state of its own.
    const verdict = failureOf(check) !== null ? 'down' : check.figures.degraded ? 'degraded' : 'up';
    const degraded = degradedTransition(state, verdict, check.figures.message ?? null);
    state = { ...state, ...degraded.update };
    alerts.push(...degraded.alerts);
    if (check.passed === false && state.lastPassed === true) {
      alerts.push({
        event: 'monitor.regressed',
        reason: 'assertion_failed',
        details: { failing_assertions: check.failing },
      });
    }
    const certificate = certificateAlert(state, check);
    if (certificate) alerts.push(certificate);
    state = {
      ...state,
      lastPassed: check.passed ?? state.lastPassed,
      ...(certificate ? { certificateAlertedFor: new Date(check.figures.tls!.valid_to!) } : {}),
    };
    const parent = parentOf(check);
    state = { ...state, failuresSinceParentUp: followParent(state, failureOf(check) !== null, parent) };
    const planned = planAlerts(state, alerts, { maintenance: window, at: check.startedAt, parent });
    state = { ...state, downAlertedAt: planned.downAlertedAt, degradedAlertedAt: planned.degradedAlertedAt };
    raised.push(...planned.alerts.map((alert) => ({ alert, check })));
  }
  // Most checks change nothing (up, and up before): no write.
  const changed = STATE_FIELDS.some((f) => state[f] !== monitor[f]);
  return { monitor, state, changed, incidents, raised };
}

/**
 * The plans' incident changes, in each monitor's order: the nth change of every monitor in one round
 * (an open and an end for different monitors are independent), so a batch costs two statements a round.
 */
async function trackIncidents(tx: Prisma.TransactionClient, plans: CheckPlan[]): Promise<void> {
  const rounds = Math.max(0, ...plans.map((p) => p.incidents.length));
  for (let round = 0; round < rounds; round++) {
    const changes = plans.flatMap((p) => (p.incidents[round] ? [p.incidents[round]!] : []));
    const opens = changes.filter((c) => c.open);
    const ends = changes.filter((c) => !c.open);
    if (opens.length) {
      await tx.$executeRawUnsafe(
        `INSERT INTO monitoring.incidents (monitor_id, started_at, reason, maintenance)
         SELECT * FROM unnest($1::uuid[], $2::timestamptz[], $3::text[], $4::boolean[]) ON CONFLICT DO NOTHING`,
        opens.map((c) => c.monitorId),
        opens.map((c) => c.at),
        opens.map((c) => c.reason),
        opens.map((c) => c.maintenance),
      );
    }
    if (ends.length) {
      await tx.$executeRawUnsafe(
        `UPDATE monitoring.incidents i SET ended_at = e.at FROM unnest($1::uuid[], $2::timestamptz[]) e(monitor_id, at)
         WHERE i.monitor_id = e.monitor_id AND i.ended_at IS NULL`,
        ends.map((c) => c.monitorId),
        ends.map((c) => c.at),
      );
    }
  }
}

/** The monitors' new state after their checks, one statement. */
async function saveStates(tx: Prisma.TransactionClient, plans: CheckPlan[]): Promise<void> {
  if (plans.length === 0) return;
  const col = <T>(read: (m: Monitor) => T) => plans.map((p) => read(p.state));
  await tx.$executeRawUnsafe(
    `UPDATE monitors m SET consecutive_failures = s.consecutive_failures, down = s.down, last_passed = s.last_passed,
       down_alerted_at = s.down_alerted_at, certificate_alerted_for = s.certificate_alerted_for,
       location_checks = s.location_checks::jsonb, decided_slot = s.decided_slot,
       failures_since_parent_up = s.failures_since_parent_up, degraded = s.degraded,
       consecutive_degraded = s.consecutive_degraded, degraded_alerted_at = s.degraded_alerted_at, updated_at = now()
     FROM unnest($1::uuid[], $2::int[], $3::boolean[], $4::boolean[], $5::timestamptz[], $6::timestamptz[], $7::text[],
       $8::timestamptz[], $9::int[], $10::boolean[], $11::int[], $12::timestamptz[]) s(id, consecutive_failures, down,
       last_passed, down_alerted_at, certificate_alerted_for, location_checks, decided_slot, failures_since_parent_up,
       degraded, consecutive_degraded, degraded_alerted_at)
     WHERE m.id = s.id`,
    col((m) => m.id),
    col((m) => m.consecutiveFailures),
    col((m) => m.down),
    col((m) => m.lastPassed),
    col((m) => m.downAlertedAt),
    col((m) => m.certificateAlertedFor),
    col((m) => (m.locationChecks === null || m.locationChecks === undefined ? null : JSON.stringify(m.locationChecks))),
    col((m) => m.decidedSlot),
    col((m) => m.failuresSinceParentUp),
    col((m) => m.degraded),
    col((m) => m.consecutiveDegraded),
    col((m) => m.degradedAlertedAt),
  );
}

/**
 * monitor.certificate_expiring: an https site's certificate has fewer than `certificate_alert_days`
 * left, once per certificate (known by its expiry, so a renewed one that is also short alerts again).
 */
function certificateAlert(monitor: Monitor, check: FinishedCheck): AlertToRaise | null {
  const tls = check.figures.tls;
  if (!tls?.valid_to || tls.days_remaining === null || tls.days_remaining >= monitor.certificateAlertDays) return null;
  if (monitor.certificateAlertedFor?.getTime() === Date.parse(tls.valid_to)) return null;
  const day = tls.valid_to.slice(0, 10);
  return {
    event: 'monitor.certificate_expiring',
    reason: 'certificate_expiring',
    details: {
      days_remaining: tls.days_remaining,
      valid_to: tls.valid_to,
      threshold_days: monitor.certificateAlertDays,
      message: `The site’s TLS certificate expires on ${day}, in ${tls.days_remaining} days. Renew it before then, or visitors will see a security error.`,
    },
  };
}

/** The check behind an alert, in its payload: what it found and how long each phase took. */
const checkSummary = (check: FinishedCheck) => ({
  at: check.startedAt.toISOString(),
  up: check.figures.up,
  reason: check.figures.reason,
  status_code: check.figures.status_code,
  total_ms: check.figures.timings_ms.total,
  timings_ms: check.figures.timings_ms,
});

/**
 * A failed check in words (issue 31: a monitor.down for an HTTP 500 said `message: null`): what the
 * status or error means and how long the check took, and what to try.
 */
function failureWords(type: string, check: FinishedCheck, failure: string, locations: SlotVerdict | null) {
  // A heartbeat's check says what happened in its own words (no request was made).
  if (check.words) return check.words;
  const { status_code: status, timings_ms: timings } = check.figures;
  // The monitor's kind says what its codes mean (a tcp port's refusal is not a web server's).
  const advice = advise(monitorKindNamed(type).failures, failure, status === null ? null : `HTTP ${status}`);
  const took = timings.total === null ? '' : ` The check took ${Math.round(timings.total)} ms.`;
  // Which expectation failed, with both values, says more than the code's general words.
  const what = check.figures.message ? `${check.figures.message}.` : advice.what;
  if (!locations) return { message: `${what}${took}`, advice };
  // Across locations (issue 32): which failed and which did not, then what the first failure means.
  const { failed, passed, notReporting } = locations;
  const up = passed.length ? ` Up from ${passed.join(', ')}.` : '';
  const silent = notReporting.length ? ` Not reporting: ${notReporting.join(', ')}.` : '';
  const where = `Down from ${failed.join(', ')} (${failed.length} of ${failed.length + passed.length} locations, quorum ${locations.quorum}).`;
  return { message: `${where}${up}${silent} ${what}`, advice };
}

/** The locations behind a verdict, in an alert's details. */
const locationsDetail = (v: SlotVerdict) => ({
  failed: v.failed,
  passed: v.passed,
  not_reporting: v.notReporting,
  quorum: v.quorum,
});
