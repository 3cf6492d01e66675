import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Test } from '@pageprobe/db';
import type { Logger } from '@pageprobe/logger';
import { type LighthouseTestDeps, runLighthouseTest } from './run-lighthouse-test.ts';

const PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>Warm-up</title><style>body{font:16px sans-serif;max-width:40em;margin:auto}</style></head>
<body><h1>Warm-up</h1>${'<p>A paragraph for the page to have a body worth painting.</p>'.repeat(20)}
<img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" alt="" width="1" height="1"></body></html>`;

/**
 * A throwaway lighthouse test of a page served here, through the whole pipeline (egress proxy, Chromium's
 * launch, Lighthouse, the summary, HAR and artifacts, which go nowhere), before the worker takes tests.
 * Without it the first real test after a start pays for all of that: it took 11.8 s against about 7 s for
 * the next ones, and scored 84 where they scored 100 (issue 23).
 */
export async function warmUp(deps: LighthouseTestDeps, log: Logger): Promise<{ warm_up_ms: number }> {
  const server = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(PAGE));
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const started = performance.now();
  try {
    const test = {
      id: 'warm-up',
      url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
      device: 'mobile',
      runCount: 1,
      options: null,
    } as Test;
    // The page is on loopback, which tests may not reach: only this run's guard lets it through. It is
    // ours, not a target: no SOURCE_ADDRESS (an IPv6 one could not reach 127.0.0.1 at all).
    const outcome = await runLighthouseTest(
      test,
      { ...deps, allowPrivate: true, localAddress: undefined },
      {
        log,
        secrets: null,
        storeArtifacts: async () => {},
      },
    );
    if (outcome.status !== 'completed') throw new Error(`the warm-up run failed: ${outcome.error.message}`);
  } finally {
    server.closeAllConnections();
    server.close();
  }
  return { warm_up_ms: Math.round(performance.now() - started) };
}
