import type { Advice } from '../report/advice.ts';
import type { MonitorTraits } from './monitor-traits.ts';

/**
 * What the service knows about one kind of monitor (issue 47): every kind of test can be monitored, and a
 * heartbeat, which is told by pings rather than running anything, is a kind of monitor and of nothing else.
 * Code about monitors (series, pages, badges, alerts' words, status pages, the dashboard) reads these;
 * code about tests (jobs, credits, the TestType of the document) reads the test kinds alone.
 */
export interface MonitorKind<Name extends string = string> {
  /** The `type` of the API (a test's or a monitor's) and the Prisma enum value. */
  name: Name;
  /** How pages and documentation name it. */
  title: string;
  /** How forms and lists name it in a word or two (the dashboard's type column and choices). */
  word: string;
  /** What it checks, in a few words, as the dashboard offers it beside its `word` (the kind pickers). */
  offer: string;
  /** What its monitors schedule, plot and alert on, and what their pages show. */
  monitor: MonitorTraits;
  /**
   * For a kind told by pings rather than checking a target (a heartbeat): its own request fields, and a
   * check's fields it refuses. Its monitors have no `url` or `interval_seconds` of their own.
   */
  pings?: { fields: readonly string[]; refuses: readonly string[] };
  /** The reasons its checks or tests fail with, in plain words, with what to try. */
  failures: Record<string, Advice>;
}

export const defineMonitorKind = <const Name extends string>(kind: MonitorKind<Name>): MonitorKind<Name> =>
  Object.freeze(kind);
