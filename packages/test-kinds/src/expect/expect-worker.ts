// The expectations' thread (expect-thread.ts): judges one check's expectations at a time, so that a
// JSONPath or pattern that takes too long costs this thread, stopped at its deadline, never the worker's
// event loop.
import { parentPort } from 'node:worker_threads';
import { type ExpectSubject, evaluateExpectations } from './evaluate.ts';
import type { Expectation } from './expectation.ts';

parentPort!.on('message', ({ expect, subject }: { expect: Expectation[]; subject: ExpectSubject }) => {
  try {
    parentPort!.postMessage({ results: evaluateExpectations(expect, subject) });
  } catch (error) {
    parentPort!.postMessage({ error: (error as Error).message });
  }
});
parentPort!.postMessage({ ready: true });
