import { runAsProcess } from '@pageprobe/ops';
import { loadDashboardConfig } from './config.ts';
import { start } from './start.ts';

await runAsProcess(() => start(loadDashboardConfig()));
