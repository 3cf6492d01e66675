// A file naming the processes a run started, so that the next run can end what a killed one left behind
// (SIGKILL gives no chance to clean up). Each process is recorded with its start time, so a pid the
// kernel has since given to another process is never mistaken for ours.
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { sleep } from './child-service.ts';

interface Recorded {
  pid: number;
  /** Start time in clock ticks since boot (field 22 of /proc/<pid>/stat); null where /proc is missing. */
  started: number | null;
}

interface Ledger {
  owner: Recorded;
  processes: Recorded[];
}

/** The fields of /proc/<pid>/stat after the command name (which may hold spaces and parentheses). */
export function statFields(pid: number): string[] | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null;
  }
}

/** Start time in clock ticks since boot (field 22); null where /proc is missing. */
const startedAt = (pid: number) => {
  const fields = statFields(pid);
  return fields ? Number(fields[19]) : null;
};

const recorded = (pid: number): Recorded => ({ pid, started: startedAt(pid) });

/** Whether the recorded process still runs (and is not a zombie waiting for its parent). */
function running({ pid, started }: Recorded): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  const fields = statFields(pid);
  if (!fields) return started === null; // no /proc: the pid is all there is to go by
  return Number(fields[19]) === started && fields[0] !== 'Z';
}

/** Records `owner` (the run) and the processes it started; called again as it starts more. */
export function writeLedger(path: string, owner: number, pids: number[]): void {
  const ledger: Ledger = { owner: recorded(owner), processes: pids.map(recorded) };
  writeFileSync(path, `${JSON.stringify(ledger)}\n`, { mode: 0o600 });
}

/**
 * Ends what an earlier run recorded in `path` when that run is gone: its processes still running are
 * killed (SIGKILL: they lost their owner, nothing waits for a graceful end) and waited for, and the
 * ledger is removed. Returns the owner's pid instead, touching nothing, when that run is still going.
 */
export async function reapLeftovers(path: string): Promise<{ ownerRunning: number } | { reaped: number }> {
  if (!existsSync(path)) return { reaped: 0 };
  let ledger: Ledger;
  try {
    ledger = JSON.parse(readFileSync(path, 'utf8')) as Ledger;
  } catch {
    rmSync(path, { force: true }); // half-written by a run killed while writing it
    return { reaped: 0 };
  }
  if (ledger.owner.pid !== process.pid && running(ledger.owner)) return { ownerRunning: ledger.owner.pid };
  const left = ledger.processes.filter(running);
  for (const p of left) process.kill(p.pid, 'SIGKILL');
  for (let waited = 0; left.some(running) && waited < 5_000; waited += 50) await sleep(50);
  rmSync(path, { force: true });
  return { reaped: left.length };
}
