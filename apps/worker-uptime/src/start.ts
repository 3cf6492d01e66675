import { dnsRunner } from '@pageprobe/dns-runner';
import { jobs } from '@pageprobe/jobs';
import { multistepRunner } from '@pageprobe/multistep-runner';
import { smtpRunner } from '@pageprobe/smtp-runner';
import { tcpRunner } from '@pageprobe/tcp-runner';
import { uptimeRunner } from '@pageprobe/uptime-runner';
import { type LogDestination, type RunningWorkerHost, startTestWorkerHost } from '@pageprobe/worker-host';
import type { UptimeConfig } from './config.ts';
import { startMonitorChecks } from './monitor-checks.ts';

/** The uptime worker: uptime, tcp, dns, multistep and smtp tests and monitors' checks at its location; `close` stops it gracefully. */
export function start(
  config: UptimeConfig,
  { logDestination }: { logDestination?: LogDestination } = {},
): Promise<RunningWorkerHost> {
  return startTestWorkerHost({
    app: 'worker-uptime',
    config,
    poolSize: 20,
    runners: [uptimeRunner(config), tcpRunner(config), dnsRunner(config), multistepRunner(config), smtpRunner(config)],
    also: { consumes: [jobs.monitorChecks], start: (host) => startMonitorChecks(host, config) },
    logDestination,
  });
}
