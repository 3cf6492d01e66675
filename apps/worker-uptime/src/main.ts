import { jobs } from '@pageprobe/jobs';
import { uptimeRunner } from '@pageprobe/uptime-runner';
import { startTestWorkerHost } from '@pageprobe/worker-host';
import { loadUptimeConfig } from './config.ts';
import { startMonitorChecks } from './monitor-checks.ts';

const config = loadUptimeConfig();
await startTestWorkerHost({
  app: 'worker-uptime',
  config,
  poolSize: 20,
  runners: [uptimeRunner(config)],
  also: { consumes: [jobs.monitorChecks], start: (host) => startMonitorChecks(host, config) },
});
