import { Prisma, type Test, withoutNul } from '@pageprobe/db';
import type { Outcome } from '@pageprobe/test-kinds';
import {
  enqueueDeliveries,
  finishTest,
  finishedColumns,
  type LifecycleDeps,
  settleTest,
  verdictFor,
} from '../transitions.ts';

// A test from several locations (issue 32): each location's worker runs it and records its entry; the
// one that records the last entry ends the test. The rule, stated in docs/locations.md:
// - a location *fails* when its run failed, or it found the site down (uptime);
// - when at least `quorum` locations failed (a majority unless a monitor's run says otherwise: 1 of 1,
//   2 of 2, 2 of 3), the test ends as the first failed location did, in the order asked: failed with its
//   error, or (a site down) completed with its figures; otherwise it completes with the figures (scores,
//   vitals, result, assertions) of the first location, in the order asked, that did not fail;
// - a location that failed by our fault gives its share of the credits back.

/** One location's run of a test, as the test shows it. */
export interface LocationEntry {
  location: string;
  name: string;
  status: 'completed' | 'failed';
  /** failed: the run failed, or it found the site down. */
  verdict: 'ok' | 'failed';
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
}

/** What an entry keeps until the test ends: the run's columns, should it give the test's figures. */
interface Kept extends LocationEntry {
  /** Failed by our fault: this location's credits go back. */
  refund?: boolean;
  columns?: Prisma.JsonObject;
}

export interface Where {
  id: string;
  name: string;
}

function entryOf(where: Where, outcome: Outcome, startedAt: Date, columns: Prisma.JsonObject): Kept {
  const now = new Date();
  const fields = outcome.status === 'completed' ? outcome.fields : null;
  const json = (value: unknown) => (value === undefined ? null : (withoutNul(value) as Prisma.JsonValue));
  const result = json(fields?.result);
  const down = (result as { up?: unknown } | null)?.up === false;
  return {
    location: where.id,
    name: where.name,
    status: outcome.status,
    verdict: outcome.status === 'failed' || down ? 'failed' : 'ok',
    started_at: startedAt.toISOString(),
    completed_at: now.toISOString(),
    duration_ms: now.getTime() - startedAt.getTime(),
    performance_score: (fields?.performanceScore as number | null | undefined) ?? null,
    structure_score: (fields?.structureScore as number | null | undefined) ?? null,
    grade: (fields?.grade as string | null | undefined) ?? null,
    scores: json(fields?.scores),
    vitals: json(fields?.vitals),
    result,
    error: outcome.status === 'failed' ? withoutNul(outcome.error) : null,
    ...(outcome.status === 'failed' && outcome.refund ? { refund: true } : {}),
    columns,
  };
}

/** The test's end once every location has an entry (see the rule above). */
function overall(test: Test, entries: Kept[]): Prisma.TestUpdateManyMutationInput {
  const failed = entries.filter((e) => e.verdict === 'failed');
  const quorum = test.quorum ?? entries.length;
  const top = failed.length >= quorum ? failed[0]! : entries.find((e) => e.verdict === 'ok')!;
  const columns = { ...fromJson(top.columns!), completedAt: new Date() };
  if (top.status === 'completed') return columns;
  const where = failed.map((e) => e.location).join(', ');
  return {
    ...columns,
    errorMessage: `Failed from ${failed.length} of ${entries.length} locations (${where}). ${top.location}: ${top.error!.message}`,
  };
}

/** Columns as JSON, to keep in an entry until the test ends (a JSON column's null as null). */
const asJson = (columns: Prisma.TestUpdateManyMutationInput) =>
  JSON.parse(JSON.stringify(columns, (_k, v) => (v === Prisma.DbNull ? null : v))) as Prisma.JsonObject;

const JSON_COLUMNS = new Set([
  'scores',
  'vitals',
  'audits',
  'seoIssues',
  'result',
  'runResults',
  'spread',
  'assertionResults',
]);

/** Kept columns back as an update: Prisma writes a JSON column's null as DbNull. */
const fromJson = (columns: Prisma.JsonObject) =>
  Object.fromEntries(
    Object.entries(columns).map(([k, v]) => [k, v === null && JSON_COLUMNS.has(k) ? Prisma.DbNull : v]),
  ) as Prisma.TestUpdateManyMutationInput;

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
    const results = { ...((test.locationResults as Record<string, Kept> | null) ?? {}) };
    if (results[where.id] || !test.locations.includes(where.id)) return undefined;
    const { status: _s, completedAt: _c, ...columns } = finishedColumns(outcome, verdictFor(test, outcome));
    results[where.id] = entryOf(where, outcome, startedAt, asJson({ ...columns, status: outcome.status }));
    const entries = test.locations.map((l) => results[l]).filter((e): e is Kept => e !== undefined);
    if (entries.length < test.locations.length) {
      await tx.test.update({
        where: { id: testId },
        data: { locationResults: results as unknown as Prisma.InputJsonObject },
      });
      return [];
    }
    // The entries keep what is shown, now that the test's own columns are chosen.
    const shown = Object.fromEntries(entries.map(({ columns: _, ...entry }) => [entry.location, entry]));
    const share = Math.floor(test.creditsSpent / test.locations.length);
    const refund = share * entries.filter((e) => e.refund).length;
    const data = { ...overall(test, entries), locationResults: shown as Prisma.InputJsonObject };
    return settleTest(tx, deps, testId, data, { refund });
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
  const results = (test.locationResults as Record<string, Kept> | null) ?? {};
  const waiting = test.status === 'queued' ? ('queued' as const) : ('running' as const);
  return (test.locations ?? []).map((location) => {
    const entry = results[location];
    if (!entry) return { location, status: waiting };
    const { refund: _r, columns: _c, ...shown } = entry;
    return shown;
  });
}
