import { dnsRunner } from '@pageprobe/dns-runner';
import { jobs } from '@pageprobe/jobs';
import { multistepRunner } from '@pageprobe/multistep-runner';
import { tcpRunner } from '@pageprobe/tcp-runner';
import { uptimeRunner } from '@pageprobe/uptime-runner';
import { type LogDestination, type RunningWorkerHost, startTestWorkerHost } from '@pageprobe/worker-host';
import type { UptimeConfig } from './config.ts';
import { startMonitorChecks } from './monitor-checks.ts';

/** The uptime worker: uptime, tcp, dns and multistep tests and monitors' checks at its location; `close` stops it gracefully. */
export function start(
  config: UptimeConfig,
  { logDestination }: { logDestination?: LogDestination } = {},
): Promise<RunningWorkerHost> {
  return startTestWorkerHost({
    app: 'worker-uptime',
    config,
    poolSize: 20,
    runners: [uptimeRunner(config), tcpRunner(config), dnsRunner(config), multistepRunner(config)],
    also: { consumes: [jobs.monitorChecks], start: (host) => startMonitorChecks(host, config) },
    logDestination,
  });
}
