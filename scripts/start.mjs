// `npm start`: set up what is missing, then run the whole stack (scripts/stack.ts) on Node 24.
import { bootstrap, fail, handOver, step } from './bootstrap.mjs';

try {
  const { node, env } = bootstrap({ needServices: true });
  step('starting the stack');
  handOver(node, ['scripts/stack.ts'], env);
} catch (error) {
  fail(error);
}
