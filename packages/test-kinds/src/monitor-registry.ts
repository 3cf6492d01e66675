import { heartbeat } from './heartbeat/definition.ts';
import type { MonitorKind } from './monitor/monitor-kind.ts';
import { type Trend, trendOf } from './monitor/monitor-page-traits.ts';
import { kinds } from './registry.ts';

/**
 * Every kind of monitor (issue 47): each kind of test, and the heartbeat, a monitor of nothing a test
 * runs. Monitor code finds a monitor's traits here; the test kinds (`kinds`) stay the tests' alone.
 */
export const monitorKinds = [...kinds, heartbeat] as const;

export type MonitorKindName = (typeof monitorKinds)[number]['name'];
export const monitorKindNames = monitorKinds.map((k) => k.name) as [MonitorKindName, ...MonitorKindName[]];

const byName = new Map<string, MonitorKind>(monitorKinds.map((k) => [k.name, k]));

/** Whether monitors of this type (any string a form sent) are told by pings (a heartbeat) rather than checking a target. */
export const toldByPings = (type: string): boolean => byName.get(type)?.pings !== undefined;

/** The kind of a stored monitor; a type no kind has is a programming error. */
export function monitorKindNamed(type: string): MonitorKind {
  const kind = byName.get(type);
  if (!kind) throw new Error(`no monitor kind named ${type}`);
  return kind;
}

type Named = { type: string; url: string; name: string | null };

/**
 * What a monitor watches, as its public page titles it: the target it checks (a URL, `tcp://host:port`, a
 * DNS query), or, for a kind that checks none, its name or its kind's title (a heartbeat's `url` is a
 * placeholder, `heartbeat:<id>`, never shown).
 */
export function monitorSubject(monitor: Named): string {
  const kind = monitorKindNamed(monitor.type);
  return kind.monitor.page.calledBy === 'name' ? (monitor.name ?? kind.title) : monitor.url;
}

/** What lists call a monitor: its name, else what it watches. */
export const monitorLabel = (monitor: Named): string => monitor.name ?? monitorSubject(monitor);

/** Whether a monitor's runs are checks (rows of monitoring.checks: uptime, tcp, dns, heartbeats) rather than tests. */
export const recordsChecks = (type: string): boolean => monitorKindNamed(type).monitor.page.run === 'check';

/** Each monitor type's sparkline figure (lists read it from the rollups), for the types that have one. */
export const monitorTrends: Readonly<Record<string, Trend>> = Object.fromEntries(
  monitorKinds.flatMap((k) => {
    const trend = trendOf(k.monitor.page);
    return trend ? [[k.name, trend]] : [];
  }),
);
