import { runAsProcess } from '@pageprobe/ops';
import { loadUptimeConfig } from './config.ts';
import { start } from './start.ts';

await runAsProcess(() => start(loadUptimeConfig()));
