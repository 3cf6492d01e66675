// `npm test`: set up what is missing, then typecheck, lint and test every package through turbo, with
// the integration suite (test/, which starts its own PostgreSQL, Redis and S3 server on free ports)
// beside it from the start.
import { bootstrap, fail, handOverAll, step } from './bootstrap.mjs';

try {
  const { pnpm, env } = bootstrap({ needServices: true });
  step('the integration suite, and beside it typecheck, lint, unit tests and format check (turbo)');
  handOverAll(
    [
      // The suite takes most of npm test's 15 minutes: it starts now, not when turbo reaches it among its
      // hundred tasks (after 72 of them, about a minute in, in a CI run of 2026-11-26).
      {
        command: pnpm,
        args: ['--filter', '@pageprobe/tests', 'run', 'integration'],
        prefix: '@pageprobe/tests:integration: ',
        name: 'the integration suite',
      },
      {
        command: pnpm,
        args: [
          'exec',
          'turbo',
          'run',
          'typecheck',
          'lint',
          'test',
          'format-check',
          '--continue',
          '--concurrency=2',
          '--output-logs=new-only',
        ],
        name: 'turbo (typecheck, lint, unit tests, format check)',
      },
    ],
    env,
  );
} catch (error) {
  fail(error);
}
