import { runAsProcess } from '@pageprobe/ops';
import { loadDispatcherConfig } from './config.ts';
import { start } from './start.ts';

await runAsProcess(() => start(loadDispatcherConfig()));
