import { jobs } from '@pageprobe/jobs';
import { dnsRunner } from '@pageprobe/dns-runner';
import { tcpRunner } from '@pageprobe/tcp-runner';
import { uptimeRunner } from '@pageprobe/uptime-runner';
import { startTestWorkerHost } from '@pageprobe/worker-host';
import { loadUptimeConfig } from './config.ts';
import { startMonitorChecks } from './monitor-checks.ts';

const config = loadUptimeConfig();
await startTestWorkerHost({
  app: 'worker-uptime',
  config,
  poolSize: 20,
  runners: [uptimeRunner(config), tcpRunner(config), dnsRunner(config)],
  also: { consumes: [jobs.monitorChecks], start: (host) => startMonitorChecks(host, config) },
});
