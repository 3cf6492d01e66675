// `npm run soak`: set up what is missing, then run the soak (bench/soak.ts) on Node 24.
import { bootstrap, fail, handOver, step } from './bootstrap.mjs';

try {
  const { node, env } = bootstrap({ needServices: true });
  step('running the soak (one browser worker, SOAK_TESTS lighthouse tests back to back)');
  handOver(node, ['bench/soak.ts'], env);
} catch (error) {
  fail(error);
}
