export { dispatcherEnv } from './config.ts';
export { USER_AGENT } from '@pageprobe/alert-channels';
export { classify, postCallback } from './post-callback.ts';
export { start } from './start.ts';
