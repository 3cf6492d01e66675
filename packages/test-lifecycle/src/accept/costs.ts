import type { Plan, TestType } from '@pageprobe/db';
import { kindNamed, kinds } from '@pageprobe/test-kinds';

/** Credits one run of a test costs on a plan (CONTRACT.md), from its kind. */
export const creditCost = (type: TestType, plan: Plan): number => kindNamed(type).cost[plan];

/**
 * Credits a test costs: each of its runs costs what a test of one run does (issue 15), a repeat view
 * (issue 34) as a run, at each of its locations (issue 32).
 */
export const testCost = (
  input: { type: TestType; runs?: number; locations?: string[]; repeat_view?: boolean },
  plan: Plan,
): number => creditCost(input.type, plan) * runsOf(input.runs ?? 1, input.repeat_view) * (input.locations?.length ?? 1);

/** The runs a test makes: its `runs`, and its repeat view as one more. */
export const runsOf = (runs: number, repeatView: boolean | undefined) => runs + (repeatView ? 1 : 0);

/** What GET /credits shows: every kind's cost on the plan. */
export const costsFor = (plan: Plan) => Object.fromEntries(kinds.map((k) => [k.name, k.cost[plan]]));

/** Whether a test of `type` on `plan` is counted against a rolling allowance instead of metered. */
export const allowanceFor = (type: TestType, plan: Plan) => {
  const { allowance } = kindNamed(type);
  return allowance?.plan === plan ? allowance : undefined;
};
