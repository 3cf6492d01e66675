import type { Test } from '@pageprobe/db';
import { reportUrl } from './report-url.ts';

export type CallbackEvent = 'test.completed' | 'test.failed';

/** The spec's callback body (section 6), serialised once: the bytes stored are the bytes signed and sent. */
export function serialiseCallback(test: Test, publicBaseUrl: string): { event: CallbackEvent; body: string } {
  const event: CallbackEvent = test.status === 'completed' ? 'test.completed' : 'test.failed';
  const body = JSON.stringify({
    event,
    test: {
      id: test.id,
      url: test.url,
      type: test.type,
      status: test.status,
      performance_score: test.performanceScore,
      structure_score: test.structureScore,
      grade: test.grade,
      completed_at: test.completedAt?.toISOString() ?? null,
      // Only for a test with assertions: without them the body is exactly the spec's (section 6).
      ...(test.assertions ? { passed: test.passed, assertion_results: test.assertionResults ?? [] } : {}),
      // Only for a test of several runs: the spread of their performance scores.
      ...(test.runCount > 1 ? { runs: test.runCount, spread: test.spread ?? null } : {}),
    },
    report_url: reportUrl(publicBaseUrl, test.reportToken),
  });
  return { event, body };
}
