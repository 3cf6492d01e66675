// The thread behind PageParser (page-parser.ts): parses what it is sent, one page at a time.
import { parentPort } from 'node:worker_threads';
import { parsePage } from './parse-page.ts';

parentPort!.on('message', ({ id, html, url }: { id: number; html: string; url: string }) => {
  parentPort!.postMessage({ id, started: true });
  try {
    parentPort!.postMessage({ id, facts: parsePage(html, url) });
  } catch (error) {
    parentPort!.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
