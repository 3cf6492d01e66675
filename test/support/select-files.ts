// Which test files a run of test/run.ts takes, and in what order.
import { basename } from 'node:path';

/**
 * The longest files first (CI's run of 2026-11-25, three at once: 50-170 s each), so that none of them
 * starts late and runs alone at the end while the others sit idle. The three that mostly wait (on a 30 s
 * retry, on Chromium's quiet windows) lead: they start while turbo's typecheck, lint and unit tests still
 * take the CPU. The rest follow in name order.
 */
const LONGEST = [
  'callbacks',
  'lighthouse-e2e',
  'lighthouse-real-sites',
  'operations',
  'admin-cli',
  'reports',
  'field-data',
  'local-stack',
  'monitor-checks',
  'locations',
  'dashboard-sso',
  'browser-checks',
  'browser-security',
  'heartbeats',
  'doors',
  'scale-out',
  'dashboard-accessibility',
  'worker-crash',
  'doors-packed',
].map((name) => `${name}.test.ts`);
const rank = (file: string) => {
  const at = LONGEST.indexOf(basename(file));
  return at === -1 ? LONGEST.length : at;
};
/**
 * The files that build a topology of their own run apart, as the failover suite does (`npm run
 * test:failover`, test/failover/): `npm run test:topologies` (`--topologies`, CI runs it after `npm test`)
 * takes test/resilience/ (PostgreSQL, Redis and S3 servers of their own stopped under the apps, workers
 * killed and hung, two replicas of each app, operations' signals) and `npm start` (doors/local-stack, a
 * whole stack of its own), two at once; `npm test` takes the rest. In one run of all of them together
 * (2026-11-29, 55 minutes on a machine paging at 50 µs a fault), these files were 276 of the 2,945 CPU s the
 * files recorded (local-stack records none, and its `npm start` ran 7.7 minutes) and scale-out and
 * worker-crash failed on time: a job's lock not renewed, a test not finished in 60 s, three heavy files on
 * two cores.
 */
const isTopology = (file: string): boolean => file.startsWith('resilience/') || file === 'doors/local-stack.test.ts';

/**
 * The files a run takes, in the order it starts them: those named (a name alone finds its file, as files
 * live in folders by area), or else `npm test`'s (every file but failover/ and the topologies), or with
 * `--topologies` the topologies'. `all` is every test file's path under test/; `exists` says whether a
 * name is such a path already.
 */
export function selectFiles(
  all: string[],
  args: string[],
  exists: (name: string) => boolean,
): { selected: string[]; topologies: boolean } {
  const topologies = args.includes('--topologies');
  const named = args.filter((f) => f !== '--topologies');
  const find = (name: string) => (exists(name) ? name : (all.find((f) => basename(f) === name) ?? name));
  const selected =
    named.length > 0
      ? named.map(find)
      : all
          .filter((f) => !f.startsWith('failover') && isTopology(f) === topologies)
          // By name, not by folder: the order, and so which files share the machine, is the one runs had
          // before the folders. In folder order seo-crawl-e2e's worker peaked at 1,180 MiB in two runs of
          // two (590 alone, 587 in the last run by name), over its 1 GiB bound.
          .sort((a, b) => rank(a) - rank(b) || basename(a).localeCompare(basename(b)));
  return { selected, topologies };
}
