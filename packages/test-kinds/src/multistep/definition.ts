import { defineKind } from '../kind.ts';
import { checkMonitor, checkSettings, timingMetrics } from '../monitor/check-kind.ts';
import { field } from '../monitor/monitor-traits.ts';
import { httpTarget } from '../target/kind-target.ts';
import { multistepAssertionRules } from './assertions.ts';
import { multistepComparison } from './compare.ts';
import { multistepFailures } from './failures.ts';
import { multistepMonitorPage } from './monitor-page.ts';
import { multistepReport } from './report.ts';
import { checkRequests, MULTISTEP_RUN_MS } from './requests.ts';
import { multistepAudits, multistepResult } from './result.ts';

/** Each request's time by its name (a skipped one has none), as a check's figures carry them. */
const stepTimes = (t: { result: unknown }): Record<string, number> =>
  Object.fromEntries(
    (
      (t.result as { steps?: Array<{ name: string; status: string; timings_ms: { total: number | null } }> } | null)
        ?.steps ?? []
    )
      .filter((s) => s.status !== 'skipped' && s.timings_ms.total !== null)
      .map((s) => [`step:${s.name}`.slice(0, 105), s.timings_ms.total!]),
  );

/**
 * A multistep API check (issue 59): requests in order, each judged by its answer and giving values to
 * the ones after it, the first failure naming its step. Runs beside the uptime checks, free on every plan.
 */
export const multistep = defineKind({
  name: 'multistep',
  title: 'Multistep API check',
  word: 'Multistep',
  offer: 'a sequence of API requests, each using what the one before answered',
  ...checkSettings('multistep', MULTISTEP_RUN_MS),
  result: multistepResult,
  audits: multistepAudits,
  assertionRules: multistepAssertionRules,
  options: ['requests'],
  // Required: a multistep check is its requests.
  checkOptions: (input, url) => checkRequests(input.requests, url),
  target: httpTarget,
  monitor: {
    ...checkMonitor({
      ...timingMetrics(['total']),
      status_code: field((t) => t.result, 'status_code'),
    }),
    // Each request's time by its name (a chart of each step): `step:POST /token`.
    namedMetrics: { pattern: /^step:.{1,100}$/, read: stepTimes, hint: 'step:<name>' },
    page: multistepMonitorPage,
  },
  comparison: multistepComparison,
  failures: multistepFailures,
  report: multistepReport,
});
