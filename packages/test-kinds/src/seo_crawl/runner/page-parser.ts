import { Worker } from 'node:worker_threads';
import type { PageFacts } from './parse-page.ts';

/** Heap the parse thread may use: a hostile page ends that thread, not the worker process. */
const PARSER_HEAP_MB = 512;
/**
 * Longest a page may take to parse. Linear pages of 5 MiB parse in a few seconds; what takes longer is
 * hostile (parse5 is quadratic in nesting depth: 100,000 nested elements take minutes), so the thread
 * is stopped and the page kept without facts, inside the crawl's budget.
 */
const PARSE_TIMEOUT_MS = 15_000;

type Message = { id: number; started?: true; facts?: PageFacts; error?: string };

type Pending = {
  worker: Worker;
  resolve: (facts: PageFacts) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout | undefined;
};

/**
 * Parses pages on a thread of their own. Parsing is linear but not free (a page of 80,000 links takes
 * about 2 s of CPU): on the main thread that would stop BullMQ's lock renewals, the ops port's answers
 * and every other job of the process. A thread that dies (out of its heap on a hostile page) fails the
 * pages it held and is replaced for the next one.
 */
export class PageParser {
  #worker: Worker | null = null;
  readonly #pending = new Map<number, Pending>();
  #next = 0;
  readonly #timeoutMs: number;

  constructor({ timeoutMs = PARSE_TIMEOUT_MS }: { timeoutMs?: number } = {}) {
    this.#timeoutMs = timeoutMs;
  }

  parse(html: string, url: string): Promise<PageFacts> {
    const worker = this.#thread();
    const id = this.#next++;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { worker, resolve, reject, timer: undefined });
      worker.postMessage({ id, html, url });
    });
  }

  /**
   * The clock starts when the thread starts on the page (not while it starts up or parses another):
   * past the limit the thread is stopped; pages it held fail with it, the next gets a new thread.
   */
  #started(id: number): void {
    const pending = this.#pending.get(id);
    if (!pending) return;
    pending.timer = setTimeout(() => {
      if (this.#worker === pending.worker) this.#worker = null;
      void pending.worker.terminate();
    }, this.#timeoutMs);
    pending.timer.unref();
  }

  async close(): Promise<void> {
    const worker = this.#worker;
    this.#worker = null;
    await worker?.terminate();
  }

  #thread(): Worker {
    if (this.#worker) return this.#worker;
    const worker = new Worker(new URL('./parse-worker.ts', import.meta.url), {
      resourceLimits: { maxOldGenerationSizeMb: PARSER_HEAP_MB },
    });
    // An idle parser does not keep the process alive.
    worker.unref();
    worker.on('message', ({ id, started, facts, error }: Message) => {
      if (started) return this.#started(id);
      const pending = this.#pending.get(id);
      clearTimeout(pending?.timer);
      this.#pending.delete(id);
      if (error !== undefined) pending?.reject(new Error(error));
      else pending?.resolve(facts!);
    });
    const fail = (error: Error) => {
      if (this.#worker === worker) this.#worker = null;
      for (const [id, pending] of this.#pending) {
        if (pending.worker !== worker) continue;
        clearTimeout(pending.timer);
        this.#pending.delete(id);
        pending.reject(error);
      }
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`the page parser stopped (exit code ${code})`)));
    this.#worker = worker;
    return worker;
  }
}
