// `node scripts/run.mjs <file.ts> [args]`: runs a project script on the project's Node 24 (e.g. `pnpm admin`).
import { bootstrap, fail, handOver } from './bootstrap.mjs';

try {
  const { node, env } = bootstrap({ needServices: false });
  handOver(node, process.argv.slice(2), env);
} catch (error) {
  fail(error);
}
