import { measureUptime, type Outcome, uptimeRequestOf } from '@pageprobe/test-kinds';
import type { Prisma, Test } from '@pageprobe/db';
import { NetworkError } from '@pageprobe/net-guard';
import { type CheckOptions, checkUptime } from './check-uptime.ts';

/** A down site is a completed test with `up: false`; `failed` is kept for what stops the check itself. */
export async function runUptimeTest(test: Test, options: CheckOptions): Promise<Outcome> {
  try {
    const result = await checkUptime(test.url, { ...options, request: uptimeRequestOf(test.options) });
    return {
      status: 'completed',
      // A plain JSON object by construction (strings, numbers, booleans, nulls, arrays of those).
      fields: {
        result: result as unknown as Prisma.InputJsonObject,
        vitals: { ttfb_ms: result.timings_ms.first_byte },
      },
      measure: measureUptime(result),
    };
  } catch (error) {
    if (error instanceof NetworkError && error.code === 'blocked') {
      return { status: 'failed', error: { code: 'url_not_allowed', message: error.message }, refund: false };
    }
    throw error;
  }
}
