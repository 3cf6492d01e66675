// `npm run bench`: starts its own PostgreSQL, Redis and S3 server, runs every scenario beside its
// baseline in this one run, prints the figures, and removes everything after.
import { apiThroughput } from './api-throughput.ts';
import { browserChecksBench } from './browser-checks.ts';
import { withBenchServices } from './support/bench-stack.ts';
import { callbackDispatch } from './callback-dispatch.ts';
import { dashboardBench } from './dashboard.ts';
import { firstTest } from './first-test.ts';
import { heartbeatsBench } from './heartbeats.ts';
import { lighthouseFleet } from './lighthouse-fleet.ts';
import { lighthousePipeline } from './lighthouse-pipeline.ts';
import { lighthouseRuns } from './lighthouse-runs.ts';
import { maintenanceBatchBench } from './maintenance-batch.ts';
import { monitorsBench } from './monitors.ts';
import { multistepChecksBench } from './multistep-checks.ts';
import { rumSnippetBench } from './rum-snippet.ts';
import { seoCrawl } from './seo-crawl.ts';
import { rumBench } from './rum.ts';
import { sessionsBench } from './sessions.ts';
import { statusNoticesBench } from './status-notices.ts';
import { testPageWaterfallBench } from './test-page-waterfall.ts';
import { uptimeThroughput } from './uptime-throughput.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
await withBenchServices(async (urls) => {
  const only = process.env.BENCH_ONLY;
  const results: string[] = [];
  if (!only || only === 'api')
    results.push(`API throughput (issue 3)\n${await apiThroughput(urls, { seconds, rounds })}`);
  if (!only || only === 'callbacks')
    results.push(`Callback dispatch (issue 5)\n${await callbackDispatch(urls, { rounds })}`);
  if (!only || only === 'uptime') results.push(`Uptime checks (issue 7)\n${await uptimeThroughput(urls)}`);
  if (!only || only === 'lighthouse')
    results.push(`Lighthouse pipeline vs CLI (issue 4)\n${await lighthousePipeline(urls, 5)}`);
  if (!only || only === 'runs')
    results.push(
      `Lighthouse runs=1 vs runs=3 on a slow page, 5 tests each (issue 15)\n${await lighthouseRuns(urls, 5)}`,
    );
  if (!only || only === 'seo') results.push(`seo_crawl of a 50-page site (issue 6)\n${await seoCrawl(urls, 5)}`);
  if (!only || only === 'fleet')
    results.push(`Lighthouse fleet throughput, tests started at once (issue 9)\n${await lighthouseFleet(urls, 12)}`);
  if (!only || only === 'first')
    results.push(`The first lighthouse tests after a worker starts (issue 23)\n${await firstTest(urls, 5)}`);
  if (!only || only === 'monitors') results.push(`Monitors at scale (issue 29)\n${await monitorsBench(urls)}`);
  if (!only || only === 'maintenance')
    results.push(`A check batch under maintenance windows (issue 44)\n${await maintenanceBatchBench(urls)}`);
  if (!only || only === 'sessions')
    results.push(`Signed-in requests' session check and sign-in's Argon2id (issue 45)\n${await sessionsBench(urls)}`);
  if (!only || only === 'dashboard')
    results.push(`The dashboard at 10,000 monitors and 1,000,000 tests (issue 46)\n${await dashboardBench(urls)}`);
  if (!only || only === 'heartbeats')
    results.push(`Heartbeat pings and late heartbeats (issue 47)\n${await heartbeatsBench(urls)}`);
  if (!only || only === 'status-notices')
    results.push(`Status pages' notices and a large status page (issue 58)\n${await statusNoticesBench(urls)}`);
  if (!only || only === 'browser-checks' || only === 'browser-monitors')
    results.push(`Browser monitors at one minute on one worker (issue 59)\n${await browserChecksBench(urls)}`);
  if (!only || only === 'browser-checks' || only === 'multistep-checks')
    results.push(
      `Multistep monitors at one minute on one uptime worker (issue 59)\n${await multistepChecksBench(urls)}`,
    );
  if (!only || only === 'waterfall')
    results.push(`A test's page with a 150-request waterfall (issue 60)\n${await testPageWaterfallBench()}`);
  if (!only || only === 'rum')
    results.push(`Real-user beacons: the ingest at full load (issue 61)\n${await rumBench(urls)}`);
  if (!only || only === 'rum-snippet')
    results.push(`A page with the RUM snippet beside the same page without it (issue 61)\n${await rumSnippetBench()}`);
  process.stdout.write(`\n${results.join('\n\n')}\n`);
});
