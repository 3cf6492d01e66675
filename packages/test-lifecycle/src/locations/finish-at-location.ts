import type { Prisma, Test } from '@pageprobe/db';
import {
  enqueueDeliveries,
  finishTest,
  finishedColumns,
  type LifecycleDeps,
  type Outcome,
  settleTest,
  verdictFor,
  withoutNul,
} from '../transitions.ts';

// A test from several locations (issue 32): each location's worker runs it and records its entry; the
// one that records the last entry ends the test. The rule, stated in docs/locations.md:
// - the test fails when at least `quorum` locations failed (a majority unless a monitor's run says
//   otherwise: 1 of 1, 2 of 2, 2 of 3), with the first failed location's error (in the order asked);
//   otherwise it completes;
// - its top-level figures (scores, vitals, result, assertions) are those of the first location, in the
//   order asked, that completed; each location's are in its entry;
// - a location that failed by our fault gives its share of the credits back.

/** One location's run of a test, as the test shows it. */
export interface LocationEntry {
  location: string;
  name: string;
  status: 'completed' | 'failed';
  started_at: string;
  completed_at: string;
  duration_ms: number;
  performance_score: number | null;
  structure_score: number | null;
  grade: string | null;
  scores: Prisma.JsonValue;
  vitals: Prisma.JsonValue;
  result: Prisma.JsonValue;
  error: { code: string; message: string } | null;
  /** Failed by our fault: this location's credits go back. Not shown. */
  refund?: boolean;
}

export interface Where {
  id: string;
  name: string;
}

function entryOf(where: Where, outcome: Outcome, startedAt: Date): LocationEntry {
  const now = new Date();
  const fields = outcome.status === 'completed' ? outcome.fields : null;
  const json = (value: unknown) => (value === undefined ? null : (withoutNul(value) as Prisma.JsonValue));
  return {
    location: where.id,
    name: where.name,
    status: outcome.status,
    started_at: startedAt.toISOString(),
    completed_at: now.toISOString(),
    duration_ms: now.getTime() - startedAt.getTime(),
    performance_score: (fields?.performanceScore as number | null | undefined) ?? null,
    structure_score: (fields?.structureScore as number | null | undefined) ?? null,
    grade: (fields?.grade as string | null | undefined) ?? null,
    scores: json(fields?.scores),
    vitals: json(fields?.vitals),
    result: json(fields?.result),
    error: outcome.status === 'failed' ? withoutNul(outcome.error) : null,
    ...(outcome.status === 'failed' && outcome.refund ? { refund: true } : {}),
  };
}

/** The test's end once every location has an entry. */
function overall(test: Test, entries: LocationEntry[]): Prisma.TestUpdateManyMutationInput {
  const failed = entries.filter((e) => e.status === 'failed');
  const quorum = test.quorum ?? entries.length;
  if (failed.length < quorum)
    return { status: 'completed', completedAt: new Date(), errorCode: null, errorMessage: null };
  const [first] = failed as [LocationEntry];
  const where = failed.map((e) => e.location).join(', ');
  return {
    status: 'failed',
    completedAt: new Date(),
    errorCode: first.error!.code,
    errorMessage: `Failed from ${failed.length} of ${entries.length} locations (${where}). ${first.location}: ${first.error!.message}`,
    ...(Array.isArray(test.assertions) ? { passed: false } : {}),
  };
}

/**
 * Records `where`'s run of a test that lists locations, and ends the test when it was the last one.
 * Returns false when the test had ended, or this location's entry was recorded already. A test without
 * locations is finished as any test is.
 */
export async function finishAtLocation(
  deps: LifecycleDeps,
  testId: string,
  where: Where,
  outcome: Outcome,
  startedAt: Date,
): Promise<boolean> {
  const deliveries = await deps.db.$transaction(async (tx) => {
    const [test] = await tx.$queryRaw<Test[]>`
      SELECT id, locations, quorum, assertions, location_results AS "locationResults", credits_spent AS "creditsSpent",
        status::text AS status
      FROM tests WHERE id = ${testId}::uuid FOR UPDATE`;
    if (!test || (test.status !== 'queued' && test.status !== 'running')) return undefined;
    if (!test.locations?.length) return null;
    const results = { ...((test.locationResults as Record<string, LocationEntry> | null) ?? {}) };
    if (results[where.id] || !test.locations.includes(where.id)) return undefined;
    results[where.id] = entryOf(where, outcome, startedAt);
    const data: Prisma.TestUpdateManyMutationInput = {
      locationResults: results as unknown as Prisma.InputJsonObject,
    };
    // The first location in the order asked that completed gives the top-level figures.
    const index = test.locations.indexOf(where.id);
    const earlier = test.locations.slice(0, index).some((l) => results[l]?.status === 'completed');
    if (outcome.status === 'completed' && !earlier) {
      const { status: _s, completedAt: _c, ...figures } = finishedColumns(outcome, verdictFor(test, outcome));
      Object.assign(data, figures);
    }
    const entries = test.locations.map((l) => results[l]).filter((e): e is LocationEntry => e !== undefined);
    if (entries.length < test.locations.length) {
      await tx.test.update({ where: { id: testId }, data });
      return [];
    }
    const share = Math.floor(test.creditsSpent / test.locations.length);
    const refund = share * entries.filter((e) => e.refund).length;
    return settleTest(tx, deps, testId, { ...data, ...overall(test, entries) }, { refund });
  });
  if (deliveries === null) return finishTest(deps, testId, outcome);
  if (deliveries === undefined) return false;
  await enqueueDeliveries(deps.callbacks, deliveries, deps.onEnqueueError);
  return true;
}

/** The entries of a test's locations, in the order asked, for presenting it (`refund` left out). */
export function locationEntries(
  test: Pick<Test, 'locations' | 'locationResults' | 'status'>,
): Array<Omit<LocationEntry, 'refund'> | { location: string; status: 'queued' | 'running' }> {
  const results = (test.locationResults as Record<string, LocationEntry> | null) ?? {};
  const waiting = test.status === 'queued' ? ('queued' as const) : ('running' as const);
  return (test.locations ?? []).map((location) => {
    const entry = results[location];
    if (!entry) return { location, status: waiting };
    const { refund: _r, ...shown } = entry;
    return shown;
  });
}
