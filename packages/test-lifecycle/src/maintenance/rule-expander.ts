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
export class ExpansionTooCostly extends Error {
  /** Refused for the request's budget (ExpansionBudget), not for the rule's own deadline. */
  readonly budgetSpent: boolean;
  constructor(message: string, { budgetSpent = false } = {}) {
    super(message);
    this.budgetSpent = budgetSpent;
  }
}

/**
 * The thread's time one request may spend on all its rules (issue 56): a configuration may hold up to 50
 * windows, and 50 rules that never happen would hold the replica's one rule thread for 25 s, other
 * teams' window writes waiting behind them. Each expansion's deadline is the smaller of its own and what
 * is left of the budget; once spent, the request's other rules are refused without being tried.
 */
export class ExpansionBudget {
  #leftMs: number;
  readonly totalMs: number;
  constructor(totalMs: number) {
    this.totalMs = totalMs;
    this.#leftMs = totalMs;
  }
  get leftMs(): number {
    return this.#leftMs;
  }
  spend(ms: number): void {
    this.#leftMs = Math.max(0, this.#leftMs - ms);
  }
}

const spentMessage = (budget: ExpansionBudget) =>
  `was not expanded: this request's rules took more than ${budget.totalMs} ms to expand in all`;

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

async function expandOnce(request: ExpansionRequest, budget?: ExpansionBudget): Promise<Expansion> {
  if (budget && budget.leftMs <= 0) throw new ExpansionTooCostly(spentMessage(budget), { budgetSpent: true });
  const deadlineMs = Math.min(EXPANSION_DEADLINE_MS, budget?.leftMs ?? EXPANSION_DEADLINE_MS);
  thread ??= startThread();
  const worker = await thread.catch((error: unknown) => {
    thread = null;
    throw error;
  });
  const started = performance.now();
  return new Promise<Expansion>((resolve, reject) => {
    const settle = (outcome: () => void) => {
      clearTimeout(timer);
      budget?.spend(performance.now() - started);
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
      const spent = deadlineMs < EXPANSION_DEADLINE_MS;
      const why = spent ? spentMessage(budget!) : `takes more than ${EXPANSION_DEADLINE_MS} ms to expand`;
      settle(() => reject(new ExpansionTooCostly(why, { budgetSpent: spent })));
    }, deadlineMs);
    worker.on('message', onMessage);
    worker.on('error', onError);
    worker.postMessage(request);
  });
}

/**
 * Expands a window's rule off the event loop, one rule at a time, killed at the deadline (the thread is
 * then replaced). The only way this codebase expands a rule: at a window's write and in the sweep that
 * computes occurrences ahead, never on a hot path. With a budget, the request's rules together take at
 * most its time.
 */
export function expandRule(request: ExpansionRequest, budget?: ExpansionBudget): Promise<Expansion> {
  const run = queue.then(() => expandOnce(request, budget));
  queue = run.catch(() => undefined);
  return run;
}
