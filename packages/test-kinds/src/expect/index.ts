export { expectationWords, OPERATOR_WORDS } from './describe.ts';
export { checkExpectations, type ExpectProblem } from './check-expectations.ts';
export { evaluateExpectations, type ExpectSubject, firstDegraded, firstFailure } from './evaluate.ts';
export { EXPECT_DEADLINE_MS, evaluateExpectationsBounded } from './expect-thread.ts';
export {
  EXPECT_SOURCES,
  type ExpectValue,
  type Expectation,
  type ExpectationResult,
  expectationResultSchema,
  expectationSchema,
  MAX_EXPECTATIONS,
  OPERATORS,
  type Operator,
  SOURCE_OPERATORS,
  SOURCES,
  type Source,
} from './expectation.ts';
