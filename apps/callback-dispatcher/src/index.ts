export { dispatcherEnv } from './config.ts';
export { classify, postCallback, USER_AGENT } from './post-callback.ts';
