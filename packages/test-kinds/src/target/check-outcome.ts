import type { Prisma } from '@pageprobe/db';
import type { Measure } from '../assertions/assertions.ts';
import type { Outcome } from '../runner-contract.ts';

/**
 * A check that opens its own connection (tcp, dns, smtp) as a test's outcome: a target that is down is a
 * completed test with its result (`up: false`); an address the policy refuses (net-guard's NetworkError
 * coded `blocked`, read by shape: the kinds do not load net-guard) is `failed`, `url_not_allowed`, credit
 * kept; anything else is ours and is thrown.
 */
export async function checkOutcome<R extends object>(
  check: Promise<R>,
  measure: (result: R) => Measure,
): Promise<Outcome> {
  try {
    const result = await check;
    // A plain JSON object by construction.
    return {
      status: 'completed',
      fields: { result: result as unknown as Prisma.InputJsonObject },
      measure: measure(result),
    };
  } catch (error) {
    if (error instanceof Error && error.name === 'NetworkError' && (error as { code?: unknown }).code === 'blocked')
      return { status: 'failed', error: { code: 'url_not_allowed', message: error.message }, refund: false };
    throw error;
  }
}
