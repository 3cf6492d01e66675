import type { Plan } from '@pageprobe/db';
import type { Advice } from '@pageprobe/test-kinds';
import type { RunSample } from '@pageprobe/test-lifecycle';
import type { Exchange } from './last-exchange.ts';

/**
 * Why a check found its target down, numbered as stored (monitoring.checks.reason); never renumber, only
 * append. Issue 47 added an expectation that failed (uptime, tcp, dns), a resolver's answers (dns), and a
 * heartbeat's: no ping in time, a run that reported failure or a non-zero exit, a run that never ended.
 * Issue 59 a multistep check's: a value its next request needed was not in the answer, or the team's variable is gone.
 */
export const REASONS = [
  'dns_error',
  'connection_refused',
  'connection_reset',
  'timeout',
  'tls_error',
  'http_error',
  'expectation_failed',
  'nxdomain',
  'servfail',
  'refused',
  'no_answer',
  'missed',
  'run_failed',
  'run_timeout',
  'extract_failed',
  'missing_value',
  // An SMTP check's server that answered but refused (a greeting other than 220, EHLO refused, no STARTTLS).
  'smtp_error',
];

export const PHASES = ['dns', 'connect', 'tls', 'first_byte', 'download', 'total'] as const;

/** What an uptime check found, as far as its monitor keeps it (the rest of the check's result is not kept). */
export interface CheckFigures {
  up: boolean;
  reason: string | null;
  status_code: number | null;
  timings_ms: Record<(typeof PHASES)[number], number | null>;
  tls: { days_remaining: number | null; valid_to?: string | null } | null;
  /** What failed in words, for the alert (a failed expectation's message); not stored in monitoring.checks. */
  message?: string | null;
  /** Up, but an expectation of severity degraded failed (`message` says which). */
  degraded?: boolean;
  /** A multistep check's time of each request, by its name (issue 59): the `step:<name>` series. */
  steps_ms?: Record<string, number> | null;
}

/** One finished check of a monitor. */
export interface FinishedCheck {
  monitorId: string;
  /** Where it ran from (issue 32): each location's check of a slot is a row of its own. */
  location: string;
  plan: Plan;
  /** The slot it ran for: its key. */
  slot: Date;
  startedAt: Date;
  figures: CheckFigures;
  /** Against the monitor's assertions: null without any. */
  passed: boolean | null;
  /** The error-level assertions it failed. */
  failing: string[];
  /** Read back: it ran during a maintenance window, so it counts neither up nor down (issue 31). */
  maintenance?: boolean;
  /** It failed while a monitor it depends on was down: that monitor's id (its alerts were held). */
  suppressedBy?: string | null;
  /** A failure in words of its own, instead of the uptime kind's (a heartbeat's: no request was made). */
  words?: { message: string; advice: Advice | null };
  /** Added to the details of the alerts this check raises (a heartbeat's deadline, run duration…). */
  details?: Record<string, unknown>;
  /** Its request and response as kept (issue 60: an uptime check's), its monitor's last one. */
  exchange?: Exchange | null;
}

/** A check's failure reason, null when the site was up. */
export const failureOf = (check: FinishedCheck) => (check.figures.up ? null : (check.figures.reason ?? 'http_error'));

/** A check as rollups count it: the uptime kind's series metrics. */
export function sampleOf(check: FinishedCheck): RunSample {
  const { figures } = check;
  // `degraded` is counted apart: its rollups' sums are the degraded checks, which uptime reports beside.
  const values: Record<string, number | null> = {
    up: Number(figures.up),
    degraded: Number(figures.degraded ?? false),
    status_code: figures.status_code,
  };
  for (const phase of PHASES) values[`${phase}_ms`] = figures.timings_ms[phase];
  values.certificate_days_remaining = figures.tls?.days_remaining ?? null;
  for (const [name, ms] of Object.entries(figures.steps_ms ?? {})) values[`step:${name}`] = ms;
  return { ok: figures.up, values };
}

/** A named step's series (`step:<name>`) as monitoring.checks holds it: a key of its step_ms. */
export function stepColumn(metric: string): string | null {
  if (!metric.startsWith('step:') || metric.includes('\0')) return null;
  // A literal, quotes doubled (standard_conforming_strings, PostgreSQL's default since 9.1).
  return `(step_ms ->> '${metric.slice('step:'.length).replaceAll("'", "''")}')::float8`;
}

/** Each metric of sampleOf as a column of monitoring.checks: what a series grouped in SQL reads (series.ts). */
export const METRIC_COLUMNS: Record<string, string> = {
  up: 'up::int',
  degraded: 'degraded::int',
  status_code: 'status_code',
  ...Object.fromEntries(PHASES.map((phase) => [`${phase}_ms`, `${phase}_ms`])),
  certificate_days_remaining: 'certificate_days',
};

const SMALLINT = 32767;
const small = (n: number | null) => (n === null ? null : Math.max(-SMALLINT, Math.min(SMALLINT, Math.round(n))));

/** The columns of monitoring.checks, as parallel arrays for one INSERT … unnest. */
export function checkColumns(
  checks: FinishedCheck[],
  inMaintenance: (check: FinishedCheck) => boolean,
  suppressedBy: (check: FinishedCheck) => string | null,
) {
  const col = <T>(read: (c: FinishedCheck) => T) => checks.map(read);
  return [
    col((c) => c.monitorId),
    col((c) => c.slot),
    col((c) => c.plan),
    col((c) => Math.max(0, c.startedAt.getTime() - c.slot.getTime())),
    ...PHASES.map((p) => col((c) => c.figures.timings_ms[p])),
    col((c) => small(c.figures.status_code)),
    col((c) => (c.figures.reason === null ? null : REASONS.indexOf(c.figures.reason) + 1 || null)),
    col((c) => small(c.figures.tls?.days_remaining ?? null)),
    col((c) => c.figures.up),
    col((c) => c.passed),
    col(inMaintenance),
    col((c) => c.location),
    col(suppressedBy),
    col((c) => c.figures.degraded ?? false),
    col((c) => (c.figures.steps_ms ? JSON.stringify(c.figures.steps_ms) : null)),
  ];
}

export const INSERT_CHECKS = `
INSERT INTO monitoring.checks (monitor_id, at, plan, delay_ms, dns_ms, connect_ms, tls_ms, first_byte_ms,
  download_ms, total_ms, status_code, reason, certificate_days, up, passed, maintenance, location, suppressed_by,
  degraded, step_ms)
SELECT * FROM unnest($1::uuid[], $2::timestamptz[], $3::"Plan"[], $4::int[], $5::int[], $6::int[], $7::int[],
  $8::int[], $9::int[], $10::int[], $11::smallint[], $12::smallint[], $13::smallint[], $14::bool[], $15::bool[],
  $16::bool[], $17::text[], $18::uuid[], $19::bool[], $20::jsonb[])
ON CONFLICT (monitor_id, at, plan, location) DO NOTHING
RETURNING monitor_id, at, location`;
