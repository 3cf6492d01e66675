import { readdirSync } from 'node:fs';
import { statFields } from '@pageprobe/local-services';

// CPU time of the processes a scenario runs, read from /proc (Linux), in seconds.

const CLK_TCK = 100; // `getconf CLK_TCK` on Linux

/** utime + stime of a live process. */
export function cpuSecondsOf(pid: number): number {
  const f = statFields(pid);
  return f ? (Number(f[11]) + Number(f[12])) / CLK_TCK : 0;
}

/** The PostgreSQL server's main process, from a backend's pid (`SELECT pg_backend_pid()`). */
export const postmasterOf = (backendPid: number) => Number(statFields(backendPid)![1]);

/**
 * Every process of a PostgreSQL server: the postmaster's own time, its reaped children's (backends that
 * ended) and its live children's.
 */
export function postgresCpuSeconds(postmaster: number): number {
  const own = statFields(postmaster)!;
  let ticks = Number(own[11]) + Number(own[12]) + Number(own[13]) + Number(own[14]);
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const f = statFields(Number(name));
    if (f && Number(f[1]) === postmaster) ticks += Number(f[11]) + Number(f[12]);
  }
  return ticks / CLK_TCK;
}
