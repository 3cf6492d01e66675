export { type HostConfig, hostEnv, kindEnv, type TestHostConfig, testHostEnv } from './host-env.ts';
export {
  callbackQueue,
  type RunningWorkerHost,
  startWorkerHost,
  type WorkerHost,
  type WorkerHostOptions,
} from './host.ts';
export type { KindRunner, RunContext } from './runner.ts';
export { type ArtifactUpload, retentionPrefix } from './store-artifacts.ts';
export { type ArtifactSweep, sweepExpiredArtifacts } from './sweep-artifacts.ts';
export { startTestWorkerHost, type TestWorkerHostOptions } from './test-host.ts';
export type { LogDestination } from '@pageprobe/logger';
// The team's variables and secrets at run time (issue 59 item 5): read by the worker, never in a job.
export {
  type Filled,
  fillTeamValues,
  loadTemplateValues,
  missingValue,
  redactOutcome,
  type TeamValues,
} from './template-values.ts';
