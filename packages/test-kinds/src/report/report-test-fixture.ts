import type { ReportTest } from './report-test.ts';

/**
 * For the views' tests: a completed mobile lighthouse test as the report route reads it, nothing
 * measured, with `over` on top.
 */
export const reportTest = (over: Partial<ReportTest> = {}): ReportTest => ({
  id: '0190f1a2-0000-7000-8000-000000000000',
  type: 'lighthouse',
  url: 'https://example.com/',
  device: 'mobile',
  status: 'completed',
  performanceScore: null,
  structureScore: null,
  grade: null,
  scores: null,
  vitals: null,
  audits: null,
  seoIssues: null,
  result: null,
  errorCode: null,
  errorMessage: null,
  assertionResults: null,
  passed: null,
  runResults: null,
  spread: null,
  options: null,
  createdAt: new Date('2026-11-22T10:00:00Z'),
  completedAt: new Date('2026-11-22T10:00:10Z'),
  ...over,
});
