import type { CreateTest, PageprobeClient, Test } from '@pageprobe/client';
import { progressReporter } from './progress.ts';

export interface TestPlan {
  urls: string[];
  body: Omit<CreateTest, 'url'>;
  wait: boolean;
  timeoutMs: number;
}

/** Exit status of finished tests: 0 all completed and passed, 1 a test failed or an error-level assertion did. */
export const outcomeCode = (tests: Test[]) =>
  tests.every((t) => t.status === 'completed' && t.passed !== false) ? 0 : 1;

/** Starts a test per URL, then (with `wait`) follows each to its end, showing progress on `progress`. */
export async function runTests(
  client: PageprobeClient,
  plan: TestPlan,
  progress: NodeJS.WriteStream,
): Promise<Array<Test | { id: string; status: string; report_url: string; url: string }>> {
  const started = [];
  for (const url of plan.urls) started.push(await client.createTest({ ...plan.body, url }));
  if (!plan.wait) return started;
  return Promise.all(
    started.map(async (t) => {
      const reporter = progressReporter(progress, plan.urls.length > 1 ? t.url : `test ${t.id}`);
      try {
        return await client.waitForTest(t.id, {
          timeoutMs: plan.timeoutMs,
          onProgress: (test) => reporter.update(test),
        });
      } finally {
        reporter.done();
      }
    }),
  );
}
