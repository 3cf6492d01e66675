import { uptimeRunner } from '@pageprobe/uptime-runner';
import { startTestWorkerHost } from '@pageprobe/worker-host';
import { loadUptimeConfig } from './config.ts';

const config = loadUptimeConfig();
await startTestWorkerHost({ app: 'worker-uptime', config, poolSize: 20, runners: [uptimeRunner(config)] });
