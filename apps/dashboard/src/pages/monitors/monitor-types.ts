import { monitorKinds } from '@pageprobe/test-kinds';

// Every kind of monitor the dashboard offers and lists: the registry's (issue 47 added tcp, dns and
// heartbeat), each under its word (`word` in the kind's folder).

/** [type, word] for each kind of monitor, in the registry's order. */
export const MONITOR_TYPES: ReadonlyArray<readonly [string, string]> = monitorKinds.map((k) => [k.name, k.word]);

/** What a new monitor is unless told: the registry's first kind whose runs are checks (an uptime check). */
export const FIRST_CHECK_TYPE = monitorKinds.find((k) => k.monitor.page.run === 'check' && !k.pings)!.name;

const WORDS = new Map(MONITOR_TYPES);

/** A monitor type as the dashboard writes it. */
export const typeWord = (type: string): string => WORDS.get(type) ?? type;
