import { runAsProcess } from '@pageprobe/ops';
import { loadApiConfig } from './config.ts';
import { start } from './start.ts';

await runAsProcess(() => start(loadApiConfig()));
