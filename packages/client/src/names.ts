import type { Expectation, MonitorType, TestType } from './types.ts';

// The API's names that code needs at run time (a CLI checks its arguments, an MCP server lists its tools'
// enums), written once here and held to the generated schema: a name the document adds and this file
// lacks fails the typecheck (`exhaustive`), so no caller keeps a list of its own that drifts.

/** The list, if it names every member of the union `T` (a missing one makes the argument's type never). */
const exhaustive =
  <T extends string>() =>
  <const L extends readonly T[]>(list: L & ([Exclude<T, L[number]>] extends [never] ? unknown : never)): L =>
    list;

export const TEST_TYPES = exhaustive<TestType>()([
  'lighthouse',
  'seo_crawl',
  'uptime',
  'tcp',
  'dns',
  'browser',
  'multistep',
  'smtp',
]);
export const MONITOR_TYPES = exhaustive<MonitorType>()([...TEST_TYPES, 'heartbeat']);
export const EXPECT_SOURCES = exhaustive<Expectation['source']>()([
  'status',
  'header',
  'body',
  'json',
  'response_time',
  'certificate_days',
  'answers',
]);
export const EXPECT_OPERATORS = exhaustive<Expectation['operator']>()([
  'eq',
  'ne',
  'lt',
  'lte',
  'gt',
  'gte',
  'contains',
  'not_contains',
  'matches',
  'exists',
  'not_empty',
]);
