// The expander's thread (rule-expander.ts): expands one rule at a time, so that a rule that takes too
// long costs this thread, which is killed at the deadline, and never the process's event loop.
import { parentPort } from 'node:worker_threads';
import { type ExpansionRequest, expand } from './expansion.ts';

parentPort!.on('message', (request: ExpansionRequest) => {
  try {
    parentPort!.postMessage({ expansion: expand(request) });
  } catch (error) {
    parentPort!.postMessage({ error: (error as Error).message });
  }
});
parentPort!.postMessage({ ready: true });
