// What the integration tests (test/), the benchmarks (bench/) and the scripts share to drive the
// service from outside: a team with a key, an app in its own process, a test posted and waited for.
export { type AppName, type AppProcess, spawnApp, type SpawnOptions } from './app-process.ts';
export { lineWatcher } from './line-watcher.ts';
export { postTest, startTest, type TestBody, waitForTest } from './api-tests.ts';
export { type Shop, shopJourney, startShop } from './shop-site.ts';
export { teamWithKey } from './team-with-key.ts';
export {
  type CruxHistoryInput,
  type CruxRecordInput,
  cruxHistoryBody,
  cruxRecordBody,
  type FakeCrux,
  type FakeCruxKey,
  type FakeCruxQuery,
  type FakeFailure,
  startFakeCrux,
} from '@pageprobe/crux/fake';
