import { Worker } from 'node:worker_threads';
import { expected } from './describe.ts';
import { type ExpectSubject, evaluateExpectations } from './evaluate.ts';
import type { Expectation, ExpectationResult } from './expectation.ts';

// Expectations read what a target sends, through code that is not all ours: a JSONPath's filters are
// not linear (`$[?count($[*]) > 0]` against a list of n numbers is n² steps: 2 s at 10,000, hours at the
// read cap), and the next function a library adds may be worse. On the worker's main thread that would
// stop every check of the process, its lock renewals and its /healthz; so what can be costly is judged
// on a thread of its own, stopped at a deadline (as maintenance rules are: rule-expander.ts).

/** Longest one check's expectations may take on the thread: a JSONPath into a 1 MiB body takes a few ms. */
export const EXPECT_DEADLINE_MS = 500;
/**
 * The deadline is the thread's CPU time, not the wall's: on a loaded machine the thread waits for a core
 * (a CI run beside 2 cores' worth of tests saw a 1 MiB RE2 match pass 500 ms of wall time), and a check
 * must not fail for the machine's load. The wall is bounded too, at this many deadlines, so a starved
 * machine still ends each check.
 */
const WALL_DEADLINES = 10;
/** Each thread's heap: a 1 MiB body parses to a few MiB; what needs more is the target's doing. */
const HEAP = { maxOldGenerationSizeMb: 96, maxYoungGenerationSizeMb: 8 } as const;
/** Threads at most: a second starts only while the first is busy, so one slow body does not hold the others. */
const LANES = 2;

/** What may cost more than linear time in what the target sent: a JSONPath, or a pattern over the body. */
const costly = (e: Expectation) => e.source === 'json' || (e.source === 'body' && e.operator === 'matches');

type Answer = { results?: ExpectationResult[]; error?: string };

class Lane {
  #thread: Promise<Worker> | null = null;
  #queue: Promise<unknown> = Promise.resolve();
  /** Requests sent or waiting on this lane. */
  load = 0;

  run(expect: readonly Expectation[], subject: ExpectSubject, deadlineMs: number): Promise<ExpectationResult[]> {
    this.load++;
    const run = this.#queue.then(() => this.#once(expect, subject, deadlineMs));
    this.#queue = run.catch(() => undefined);
    return run.finally(() => this.load--);
  }

  #start(): Promise<Worker> {
    const worker = new Worker(new URL('./expect-worker.ts', import.meta.url), { resourceLimits: HEAP });
    // An idle thread does not keep the process alive: a request waiting on it holds its own timer.
    worker.unref();
    return new Promise((resolve, reject) => {
      worker.once('message', () => resolve(worker));
      worker.once('error', reject);
    });
  }

  async #once(expect: readonly Expectation[], subject: ExpectSubject, deadlineMs: number) {
    this.#thread ??= this.#start();
    const worker = await this.#thread.catch((error: unknown) => {
      this.#thread = null;
      throw error;
    });
    const cpuBefore = await cpuMs(worker);
    const started = performance.now();
    return new Promise<ExpectationResult[]>((resolve, reject) => {
      let settled = false;
      const settle = (outcome: () => void) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        worker.off('message', onMessage);
        worker.off('error', onError);
        outcome();
      };
      const onMessage = (answer: Answer) =>
        settle(() => (answer.results ? resolve(answer.results) : reject(new Error(answer.error))));
      // Out of its heap (ERR_WORKER_OUT_OF_MEMORY): the thread is gone; the next request starts another.
      const onError = () => {
        this.#thread = null;
        settle(() => resolve(unjudged(expect, subject, `it needed more than ${HEAP.maxOldGenerationSizeMb} MiB`)));
      };
      const overdue = async () => {
        const spent = (await cpuMs(worker)) - cpuBefore;
        if (settled) return;
        if (spent < deadlineMs && performance.now() - started < deadlineMs * WALL_DEADLINES) {
          // Waiting for a core, not working: the rest of its CPU time, then look again.
          timer = setTimeout(overdue, Math.max(deadlineMs - spent, 20));
          return;
        }
        // Stopped where it is, and replaced now so that the next request does not wait for its start.
        void worker.terminate();
        this.#thread = this.#start();
        this.#thread.catch(() => {
          this.#thread = null;
        });
        settle(() => resolve(unjudged(expect, subject, `it took more than ${deadlineMs} ms`)));
      };
      let timer = setTimeout(overdue, deadlineMs);
      worker.on('message', onMessage);
      worker.on('error', onError);
      worker.postMessage({ expect, subject });
    });
  }
}

/** The thread's CPU time so far, in ms (its user and system time); a thread gone counts as past any deadline. */
const cpuMs = (worker: Worker): Promise<number> =>
  worker.cpuUsage().then(
    ({ user, system }) => (user + system) / 1000,
    () => Number.POSITIVE_INFINITY,
  );

/** The costly expectations failed for `why`; the others judged here, as they are cheap. */
function unjudged(expect: readonly Expectation[], subject: ExpectSubject, why: string): ExpectationResult[] {
  return expect.map((e) =>
    costly(e)
      ? { ...e, actual: null, passed: false, message: `${expected(e)}, it was not judged: ${why} to evaluate` }
      : evaluateExpectations([e], subject)[0]!,
  );
}

const lanes = Array.from({ length: LANES }, () => new Lane());

/**
 * evaluateExpectations, with what may be costly judged on a thread under a deadline: past it (or past the
 * thread's heap) those expectations fail, saying so, and the thread is replaced. Checks whose expectations
 * are all cheap (status, headers, times, `contains`) are judged here, with no thread at all.
 */
export function evaluateExpectationsBounded(
  expect: readonly Expectation[],
  subject: ExpectSubject,
  { deadlineMs = EXPECT_DEADLINE_MS }: { deadlineMs?: number } = {},
): Promise<ExpectationResult[]> {
  if (!expect.some(costly)) return Promise.resolve(evaluateExpectations(expect, subject));
  const lane = lanes.reduce((best, l) => (l.load < best.load ? l : best));
  return lane.run(expect, subject, deadlineMs);
}
