// `npm run bench`: set up what is missing, then run the benchmarks (bench/run.ts) on Node 24.
import { bootstrap, fail, handOver, step } from './bootstrap.mjs';

try {
  const { node, env } = bootstrap({ needServices: true });
  step('running the benchmarks');
  handOver(node, ['bench/run.ts'], env);
} catch (error) {
  fail(error);
}
