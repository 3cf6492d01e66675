import { runAsProcess } from '@pageprobe/ops';
import { loadBrowserConfig } from './config.ts';
import { start } from './start.ts';

await runAsProcess(() => start(loadBrowserConfig()));
