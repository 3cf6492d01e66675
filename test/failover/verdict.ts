// What must hold once a failover is over, and the figures it is measured by. Read from outside, as a
// user would see it (the API's answers, the callbacks received) and from PostgreSQL, the truth.
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import type { Delivery } from './local-sites.ts';
import type { Answer, Created } from './workload.ts';

export interface Phase {
  name: string;
  /** When the phase's work began, when the fault came, and when the phase stopped sending new work. */
  start: number;
  faultAt: number;
  end: number;
}

export interface Figures {
  name: string;
  /** First 503 sent to last 503 answered; null: none. */
  window503Ms: number | null;
  count503: number;
  /** From the fault until each app took work sent after it (null: never within the wait). */
  backMs: Record<string, number | null>;
  everyAppBackMs: number | null;
  readdedJobs: number;
  /** Monitors' runs whose check batch Redis lost, found by the sweep and counted skipped. */
  lostMonitorRuns: number;
  duplicateCallbacks: number;
  tests: { created: number; completed: number; failed: number };
  slots: {
    ran: number;
    skipped: number;
    uncounted: number;
  };
  /** Each a broken promise: the run fails if any. */
  problems: string[];
}

export interface Evidence {
  databaseUrl: string;
  teamId: string;
  answers: Answer[];
  created: Created[];
  deliveries: Delivery[];
  /** Every app's output, for the sweeper's lines. */
  output: () => Record<string, string>;
  monitorIds: string[];
  /** Each monitor's schedule when the phase began. */
  schedulesBefore: Map<string, Schedule>;
}

async function query<R extends pg.QueryResultRow>(url: string, sql: string, params: unknown[] = []): Promise<R[]> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3_000 });
  await client.connect();
  try {
    return (await client.query<R>(sql, params)).rows;
  } finally {
    await client.end().catch(() => {});
  }
}

interface TestRow {
  id: string;
  type: string;
  status: string;
  error_code: string | null;
  error_message: string | null;
  completed_at: Date | null;
}

/**
 * Waits (up to `waitMs`) until every test the phase created has ended and its callback has arrived, then
 * checks every promise and measures the phase. `settledAt` is when that wait ended.
 */
export async function judge(phase: Phase, ev: Evidence, waitMs: number): Promise<Figures> {
  const problems: string[] = [];
  const mine = ev.created.filter((c) => c.sentAt >= phase.start && c.sentAt < phase.end);
  const ids = mine.map((c) => c.id);
  const deadline = Date.now() + waitMs;
  let rows: TestRow[] = [];
  for (;;) {
    rows = await query<TestRow>(
      ev.databaseUrl,
      'SELECT id, type, status, error_code, error_message, completed_at FROM tests WHERE id = ANY($1::uuid[])',
      [ids],
    ).catch(() => rows);
    const received = new Set(ev.deliveries.map((d) => d.testId));
    const ended = rows.filter((r) => r.status === 'completed' || r.status === 'failed');
    if ((ended.length === ids.length && ids.every((id) => received.has(id))) || Date.now() > deadline) break;
    await sleep(500);
  }
  const settledAt = Date.now();

  // Every test ends completed, or failed with a reason; none stays queued or running.
  const byStatus = (s: string) => rows.filter((r) => r.status === s);
  for (const r of rows.filter((r) => r.status !== 'completed' && r.status !== 'failed'))
    problems.push(`test ${r.id} (${r.type}) still ${r.status} ${Math.round(waitMs / 1000)} s after the phase`);
  for (const r of byStatus('failed').filter((r) => !r.error_code || !r.error_message))
    problems.push(`test ${r.id} failed without a reason`);
  if (rows.length !== ids.length) problems.push(`${ids.length - rows.length} accepted tests are not in PostgreSQL`);

  // Every callback delivered at least once; more than once is counted.
  const inPhase = new Set(ids);
  const deliveries = ev.deliveries.filter((d) => inPhase.has(d.testId));
  const received = new Set(deliveries.map((d) => d.testId));
  for (const r of rows.filter((r) => r.status === 'completed' || r.status === 'failed'))
    if (!received.has(r.id)) problems.push(`test ${r.id}: no callback arrived`);
  const duplicateCallbacks = deliveries.length - received.size;

  // The API: no 500 (nor any 5xx but 503), and always an answer (its process stays up through both).
  const answers = ev.answers.filter((a) => a.at >= phase.start && a.at < settledAt);
  for (const a of answers.filter((a) => a.status >= 500 && a.status !== 503))
    problems.push(`${a.what} answered ${a.status} at +${sec(a.at - phase.faultAt)}: ${a.body}`);
  const silent = answers.filter((a) => a.status === 0);
  if (silent.length) problems.push(`${silent.length} requests got no answer (first: ${silent[0]!.body})`);
  const refused = answers.filter((a) => a.status === 503);
  const window503Ms = refused.length
    ? Math.max(...refused.map((a) => a.at + a.ms)) - Math.min(...refused.map((a) => a.at))
    : null;

  // When each app took work sent after the fault again.
  const after = mine.filter((c) => c.sentAt > phase.faultAt);
  const firstDone = (type: string) => {
    const done = rows
      .filter((r) => r.type === type && r.completed_at && after.some((c) => c.id === r.id))
      .map((r) => r.completed_at!.getTime());
    return done.length ? Math.min(...done) - phase.faultAt : null;
  };
  const failedCreates = answers.filter((a) => a.op === 'create' && a.at >= phase.faultAt && a.status !== 202);
  const lastFailure = Math.max(phase.faultAt, ...failedCreates.map((a) => a.at));
  const accepted = ev.created.filter((c) => c.acceptedAt >= lastFailure).map((c) => c.acceptedAt);
  const afterIds = new Set(after.map((c) => c.id));
  const callbackTimes = ev.deliveries.filter((d) => afterIds.has(d.testId)).map((d) => d.at);
  // Each monitor's first check run after the fault (its slot a whole interval after it): the slowest counts.
  const checks = await query<{ monitor_id: string; first: Date }>(
    ev.databaseUrl,
    `SELECT monitor_id, min(at + make_interval(secs => delay_ms / 1000.0)) AS first FROM monitoring.checks
      WHERE monitor_id = ANY($1::uuid[]) AND at > $2 GROUP BY monitor_id`,
    [ev.monitorIds, new Date(phase.faultAt + 1_000)],
  );
  const backMs: Record<string, number | null> = {
    api: failedCreates.length === 0 ? 0 : accepted.length ? Math.min(...accepted) - phase.faultAt : null,
    'worker-uptime': firstDone('uptime'),
    'worker-browser': firstDone('seo_crawl'),
    'callback-dispatcher': callbackTimes.length ? Math.min(...callbackTimes) - phase.faultAt : null,
    monitors:
      checks.length === ev.monitorIds.length ? Math.max(...checks.map((c) => c.first.getTime())) - phase.faultAt : null,
  };
  for (const [app, ms] of Object.entries(backMs)) if (ms === null) problems.push(`${app} took no work after the fault`);
  const times = Object.values(backMs);
  const everyAppBackMs = times.includes(null) ? null : Math.max(...(times as number[]));

  // Every monitor slot ran or was counted skipped.
  const slots = await monitorSlots(ev);
  for (const d of slots.details)
    problems.push(`monitor …${d.id.slice(-4)}: ${d.slots} slots, ${d.ran} checks and ${d.skipped} counted skipped`);

  const swept = sweptUp(ev.output(), phase.faultAt, settledAt);
  return {
    name: phase.name,
    window503Ms,
    count503: refused.length,
    backMs,
    everyAppBackMs,
    readdedJobs: swept.jobs,
    lostMonitorRuns: swept.monitorRuns,
    duplicateCallbacks,
    tests: { created: ids.length, completed: byStatus('completed').length, failed: byStatus('failed').length },
    slots,
    problems,
  };
}

/** A monitor's schedule at one moment: its next slot and the slots it has counted skipped. */
export interface Schedule {
  next: number;
  skipped: number;
  intervalMs: number;
}

export async function schedules(url: string, ids: string[]): Promise<Map<string, Schedule>> {
  const rows = await query<{ id: string; next_run_at: Date; skipped_runs: number; interval_seconds: number }>(
    url,
    'SELECT id, next_run_at, skipped_runs, interval_seconds FROM monitors WHERE id = ANY($1::uuid[])',
    [ids],
  );
  return new Map(
    rows.map((r) => [
      r.id,
      { next: r.next_run_at.getTime(), skipped: r.skipped_runs, intervalMs: r.interval_seconds * 1000 },
    ]),
  );
}

/**
 * Every slot of each monitor's grid from its next slot when the phase began to its next slot now: each
 * claim covers the slots from its monitor's next slot to the one it sets, runs one of them (a check with
 * that slot) or, the run before still in flight, skips it, and counts the others skipped. A slot neither
 * checked nor counted was lost (a check batch Redis lost: its monitor's run stays in flight).
 */
async function monitorSlots(ev: Evidence) {
  const now = await schedules(ev.databaseUrl, ev.monitorIds);
  // A run claimed just now is recorded within moments.
  await sleep(3_000);
  let ran = 0;
  let skipped = 0;
  let uncounted = 0;
  const details: Array<{ id: string; slots: number; ran: number; skipped: number }> = [];
  for (const id of ev.monitorIds) {
    const before = ev.schedulesBefore.get(id)!;
    const after = now.get(id)!;
    const [{ n }] = (await query<{ n: number }>(
      ev.databaseUrl,
      'SELECT count(*)::int AS n FROM monitoring.checks WHERE monitor_id = $1 AND at >= $2 AND at < $3',
      [id, new Date(before.next), new Date(after.next)],
    )) as [{ n: number }];
    const slots = Math.round((after.next - before.next) / after.intervalMs);
    const counted = after.skipped - before.skipped;
    ran += n;
    skipped += counted;
    if (slots !== n + counted) {
      uncounted += Math.max(0, slots - n - counted);
      details.push({ id, slots, ran: n, skipped: counted });
    }
  }
  return { ran, skipped, uncounted, details };
}

/**
 * What the sweepers logged between `from` and `to`: the jobs re-added ("sweeper re-added jobs Redis had
 * lost") and the monitors' runs taken for lost ("monitor runs Redis had lost"), each summed.
 */
export function sweptUp(output: Record<string, string>, from: number, to: number) {
  const total = { jobs: 0, monitorRuns: 0 };
  for (const text of Object.values(output)) {
    for (const line of text.split('\n')) {
      if (!line.includes('Redis had lost')) continue;
      try {
        const entry = JSON.parse(line) as { time: string; jobs?: number; monitors?: number };
        const at = Date.parse(entry.time);
        if (at < from || at > to) continue;
        total.jobs += entry.jobs ?? 0;
        total.monitorRuns += entry.monitors ?? 0;
      } catch {
        // Not one of the logger's lines.
      }
    }
  }
  return total;
}

/** The credit ledger sums to the balance, each audit took exactly one credit, and no create made two tests. */
export async function checkCredits(url: string, teamId: string, created: Created[], grant: number): Promise<string[]> {
  const problems: string[] = [];
  const [team] = await query<{ credits_balance: number; sum: number }>(
    url,
    `SELECT t.credits_balance, (SELECT coalesce(sum(delta), 0)::int FROM credit_ledger WHERE team_id = t.id) AS sum
       FROM teams t WHERE t.id = $1`,
    [teamId],
  );
  if (team!.credits_balance !== team!.sum)
    problems.push(`the balance is ${team!.credits_balance}, the ledger sums to ${team!.sum}`);
  const entries = await query<{ test_id: string; reason: string; delta: number }>(
    url,
    `SELECT test_id, reason, delta FROM credit_ledger WHERE team_id = $1 AND test_id IS NOT NULL`,
    [teamId],
  );
  const tests = await query<{ id: string; type: string; status: string; credits_spent: number }>(
    url,
    'SELECT id, type, status, credits_spent FROM tests WHERE team_id = $1',
    [teamId],
  );
  const accepted = new Set(created.map((c) => c.id));
  const strays = tests.filter((t) => !accepted.has(t.id));
  if (strays.length) problems.push(`${strays.length} tests no accepted create answered (a create applied twice)`);
  let expected = grant;
  for (const t of tests) {
    const own = entries.filter((e) => e.test_id === t.id);
    const debits = own.filter((e) => e.reason === 'test');
    const refunds = own.filter((e) => e.reason === 'refund');
    const spent = t.type === 'seo_crawl' ? 1 : 0;
    if (t.credits_spent !== spent || debits.reduce((s, e) => s - e.delta, 0) !== spent)
      problems.push(`test ${t.id} (${t.type}) was debited ${JSON.stringify(debits.map((e) => e.delta))}`);
    if (refunds.length && t.status !== 'failed') problems.push(`test ${t.id} was refunded but ${t.status}`);
    expected += own.reduce((s, e) => s + e.delta, 0);
  }
  if (expected !== team!.credits_balance)
    problems.push(`the balance is ${team!.credits_balance}; the grant and the tests' entries make ${expected}`);
  return problems;
}

export const sec = (ms: number | null) => (ms === null ? '—' : `${(ms / 1000).toFixed(1)} s`);
