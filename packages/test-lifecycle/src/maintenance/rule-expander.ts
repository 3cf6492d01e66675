import { Worker } from 'node:worker_threads';
import type { Expansion, ExpansionRequest } from './expansion.ts';

/**
 * How long one expansion may take. A rule in the grammar (rule-grammar.ts) that happens expands in a few
 * milliseconds; one that never happens makes rrule search every period to year 9999 (seconds to forever).
 */
export const EXPANSION_DEADLINE_MS = 500;
/** The expander thread's heap: a bounded expansion needs a few MiB. */
const HEAP_MB = 32;

/** An expansion that ran out of its time or memory: the rule is refused, or left unexpanded. */
export class ExpansionTooCostly extends Error {}

let thread: Promise<Worker> | null = null;
let queue: Promise<unknown> = Promise.resolve();

function startThread(): Promise<Worker> {
  const worker = new Worker(new URL('./expansion-worker.ts', import.meta.url), {
    resourceLimits: { maxOldGenerationSizeMb: HEAP_MB, maxYoungGenerationSizeMb: 8 },
  });
  // The thread never keeps a process alive: a request waiting on it holds its own timer.
  worker.unref();
  return new Promise((resolve, reject) => {
    worker.once('message', () => resolve(worker));
    worker.once('error', reject);
  });
}

/** Kills a thread at its deadline, and starts its replacement now, so that the next request does not wait for it. */
function replaceThread(worker: Worker) {
  void worker.terminate();
  thread = startThread();
  thread.catch(() => {
    thread = null;
  });
}

async function expandOnce(request: ExpansionRequest): Promise<Expansion> {
  thread ??= startThread();
  const worker = await thread.catch((error: unknown) => {
    thread = null;
    throw error;
  });
  return new Promise<Expansion>((resolve, reject) => {
    const settle = (outcome: () => void) => {
      clearTimeout(timer);
      worker.off('message', onMessage);
      worker.off('error', onError);
      outcome();
    };
    const onMessage = (message: { expansion?: Expansion; error?: string }) =>
      settle(() => (message.expansion ? resolve(message.expansion) : reject(new Error(message.error))));
    // Out of its heap (ERR_WORKER_OUT_OF_MEMORY): the thread is gone; the next request starts another.
    const onError = () => {
      thread = null;
      settle(() => reject(new ExpansionTooCostly(`needs more than ${HEAP_MB} MiB to expand`)));
    };
    const timer = setTimeout(() => {
      replaceThread(worker);
      settle(() => reject(new ExpansionTooCostly(`takes more than ${EXPANSION_DEADLINE_MS} ms to expand`)));
    }, EXPANSION_DEADLINE_MS);
    worker.on('message', onMessage);
    worker.on('error', onError);
    worker.postMessage(request);
  });
}

/**
 * Expands a window's rule off the event loop, one rule at a time, killed at the deadline (the thread is
 * then replaced). The only way this codebase expands a rule: at a window's write and in the sweep that
 * computes occurrences ahead, never on a hot path.
 */
export function expandRule(request: ExpansionRequest): Promise<Expansion> {
  const run = queue.then(() => expandOnce(request));
  queue = run.catch(() => undefined);
  return run;
}
