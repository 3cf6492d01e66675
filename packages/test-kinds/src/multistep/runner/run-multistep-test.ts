import type { Prisma, Test } from '@pageprobe/db';
import { NetworkError } from '@pageprobe/net-guard';
import { measureMultistep, type Outcome, requestsOf } from '@pageprobe/test-kinds';
import { checkMultistep, type MultistepOptions } from './check-multistep.ts';

/** A failed request is a completed test with `up: false`; `failed` is kept for what stops the check itself. */
export async function runMultistepTest(test: Test, options: MultistepOptions): Promise<Outcome> {
  try {
    const result = await checkMultistep(test.url, requestsOf(test.options), options);
    return {
      status: 'completed',
      fields: {
        result: result as unknown as Prisma.InputJsonObject,
        vitals: { ttfb_ms: result.steps[0]?.timings_ms.first_byte ?? null },
      },
      measure: measureMultistep(result),
    };
  } catch (error) {
    if (error instanceof NetworkError && error.code === 'blocked') {
      return { status: 'failed', error: { code: 'url_not_allowed', message: error.message }, refund: false };
    }
    throw error;
  }
}
