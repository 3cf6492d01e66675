import { Worker } from 'node:worker_threads';
import type { PageFacts } from './parse-page.ts';

/**
 * The parse thread's JavaScript heap. The streaming parse of a page at the 5 MiB body cap keeps the page
 * and its facts, not a tree: 80,000 links fit in about 30 MiB. What needs more is hostile; it ends this
 * thread, not the worker process, whose growth for one parse stays under PARSE_MEMORY_BOUND_MIB.
 */
export const PARSER_HEAP = { maxOldGenerationSizeMb: 64, maxYoungGenerationSizeMb: 8 } as const;
/** What one page's parse may add to the worker process's resident memory (the Limits table in the README). */
export const PARSE_MEMORY_BOUND_MIB = 128;
/**
 * Longest a page may take to parse. Linear pages of 5 MiB parse in well under a second; what takes longer
 * is hostile (the tokenizer's open-element stack is quadratic in nesting depth: 100,000 nested elements
 * take seconds, a million minutes), so the thread is stopped and the page kept without facts.
 */
const PARSE_TIMEOUT_MS = 15_000;

/** A page not parsed because it went past the parse thread's heap or time limit: a finding, not our fault. */
export class PageNotParsed extends Error {}

type Message = { id: number; started?: true; facts?: PageFacts; error?: string };

type Pending = {
  html: string;
  url: string;
  worker: Worker;
  resolve: (facts: PageFacts) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout | undefined;
  started: boolean;
  /** Sent again once already, after a thread died on another page. */
  resent: boolean;
};

/**
 * Parses pages on a thread of their own. Parsing is linear but not free: on the main thread a big page
 * would stop BullMQ's lock renewals, the ops port's answers and every other job of the process. A thread
 * that dies (out of its heap, or stopped at the time limit) fails the page it was parsing; the pages
 * queued behind it go to the next thread.
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
    return new Promise((resolve, reject) => {
      this.#send(this.#next++, { html, url, resolve, reject, timer: undefined, started: false, resent: false });
    });
  }

  #send(id: number, pending: Omit<Pending, 'worker'>): void {
    const worker = this.#thread();
    this.#pending.set(id, { ...pending, worker });
    worker.postMessage({ id, html: pending.html, url: pending.url });
  }

  /**
   * The clock starts when the thread starts on the page (not while it starts up or parses another):
   * past the limit the page fails and the thread is stopped.
   */
  #started(id: number): void {
    const pending = this.#pending.get(id);
    if (!pending) return;
    pending.started = true;
    pending.timer = setTimeout(() => {
      this.#pending.delete(id);
      pending.reject(new PageNotParsed(`not parsed: took longer than ${this.#timeoutMs / 1000} s to parse`));
      if (this.#worker === pending.worker) this.#worker = null;
      void pending.worker.terminate();
    }, this.#timeoutMs);
    pending.timer.unref();
  }

  async close(): Promise<void> {
    const worker = this.#worker;
    this.#worker = null;
    for (const [id, pending] of this.#pending) {
      clearTimeout(pending.timer);
      this.#pending.delete(id);
      pending.reject(new Error('the page parser was closed'));
    }
    await worker?.terminate();
  }

  #thread(): Worker {
    if (this.#worker) return this.#worker;
    const worker = new Worker(new URL('./parse-worker.ts', import.meta.url), { resourceLimits: PARSER_HEAP });
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
        if (pending.started || pending.resent) pending.reject(error);
        else this.#send(id, { ...pending, resent: true });
      }
    };
    worker.on('error', (error: Error & { code?: string }) =>
      fail(
        error.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? new PageNotParsed(`not parsed: needs more than the parser's ${PARSER_HEAP.maxOldGenerationSizeMb} MiB heap`)
          : error,
      ),
    );
    worker.on('exit', (code) => fail(new Error(`the page parser stopped (exit code ${code})`)));
    this.#worker = worker;
    return worker;
  }
}
