// `npm test`: set up what is missing, then typecheck, lint and test every package through turbo.
// The integration suite (test/) starts its own PostgreSQL, Redis and S3 server on free ports.
import { bootstrap, fail, handOver, step } from './bootstrap.mjs';

try {
  const { pnpm, env } = bootstrap({ needServices: true });
  step('typecheck, lint, test and format check (turbo run typecheck lint test format-check)');
  handOver(
    pnpm,
    [
      'exec',
      'turbo',
      'run',
      'typecheck',
      'lint',
      'test',
      'format-check',
      '--continue',
      '--concurrency=3',
      '--output-logs=new-only',
    ],
    env,
  );
} catch (error) {
  fail(error);
}
