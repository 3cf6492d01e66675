export { defineKind, type KindSetting, type Plan, type TestKind } from './kind.ts';
export { lighthouse } from './lighthouse/definition.ts';
export { checkSteps, describeStep, MAX_STEPS, type Step, STEP_TIMEOUT_MS } from './lighthouse/steps.ts';
export type { LighthouseRunEntry, RunSpread, UserTiming } from './lighthouse/result.ts';
export { USER_TIMING_LIMITS } from './lighthouse/result.ts';
export { matchesPattern } from './lighthouse/blocked-url-pattern.ts';
export {
  FIELD_METRIC_NAMES,
  type FieldAnswer,
  type FieldData,
  type FieldMetricResult,
  type FieldMetricName,
  type FieldUnavailableReason,
  fieldCategory,
  fieldData,
  fieldOf,
} from './lighthouse/field.ts';
export { rateVital, type Rating, SPEED_INDEX, VITALS, type Vital, vitalNamed } from './lighthouse/thresholds.ts';
export {
  MAX_WATERFALL_ROWS,
  PHASE_NAMES,
  type Waterfall,
  type WaterfallRow,
  waterfallRows,
} from './lighthouse/waterfall.ts';
export {
  checkViewport,
  LIGHTHOUSE_OPTIONS,
  type LighthouseOptions,
  MAX_VIEWPORT_DEVICE_PIXELS,
  type ThrottlingPreset,
} from './lighthouse/options.ts';
export { type KindName, kindNamed, kindNames, kinds, kindOptionNames } from './registry.ts';
// Kinds of monitor (issue 47): every kind of test, and the heartbeat, a monitor only.
export { defineMonitorKind, type MonitorKind } from './monitor/monitor-kind.ts';
export {
  type MonitorKindName,
  monitorKindNamed,
  monitorKindNames,
  monitorKinds,
  monitorLabel,
  monitorSubject,
  monitorTrends,
  recordsChecks,
  toldByPings,
} from './monitor-registry.ts';
export { heartbeat } from './heartbeat/definition.ts';
export { CHECK_FIELDS, HEARTBEAT_FIELDS } from './heartbeat/fields.ts';
export { heartbeatFailures } from './heartbeat/failures.ts';
export { seoCrawl } from './seo_crawl/definition.ts';
export { uptime } from './uptime/definition.ts';
export {
  checkUptimeOptions,
  DEFAULT_CONTENT_TYPE,
  MAX_REQUEST_BODY_BYTES,
  needsBody,
  UPTIME_METHODS,
  UPTIME_OPTIONS,
  type UptimeMethod,
  type UptimeOptions,
  uptimeRequestOf,
} from './uptime/options.ts';
export { type Advice, advise, COMMON_FAILURES } from './report/advice.ts';
export { fmtBytes, fmtMs, utc } from './report/format.ts';
export {
  CATEGORY_WORDS,
  FIELD_LABELS,
  type FieldPairView,
  type FieldView,
  fmtField,
  FORM_FACTOR_WORDS,
  LAB_OF_FIELD,
  pct,
  readField,
  readFieldPair,
  scopeWords,
  UNAVAILABLE_WORDS,
  VERDICT_WORDS,
} from './lighthouse/field-words.ts';
export { layout } from './report/layout.ts';
export { type ComparedSide, compareView } from './report/compare-view.ts';
export type { CompareSubject, Delta } from './compare/delta.ts';
export type { Metric, MonitorTraits } from './monitor/monitor-traits.ts';
export {
  type BadgeName,
  type ChartPlan,
  type ChartUnit,
  COMMON_BADGES,
  type MonitorFacts,
  type MonitorPageTraits,
  type Trend,
  trendOf,
} from './monitor/monitor-page-traits.ts';
export { failedBody, pendingBody } from './report/outcome.ts';
export type { ReportArtifact, ReportContext, ReportTest, ReportView } from './report/report-test.ts';
export { resultSchemas } from './openapi-schemas.ts';
export { type IssueCode, type IssueKind, ISSUES, type Severity } from './seo_crawl/issue-catalog.ts';
export {
  type Assertion,
  type AssertionProblem,
  type AssertionResult,
  judge,
  type KeyRules,
  type Measure,
  median,
  medianMeasure,
  parseAssertions,
} from './assertions/assertions.ts';
export { measureLighthouse } from './lighthouse/assertions.ts';
export { measureSeo } from './seo_crawl/assertions.ts';
export { measureUptime } from './uptime/assertions.ts';
export {
  type CookieInput,
  checkRequestOptions,
  cookiesFor,
  credentialsFor,
  type OptionProblem,
  pageCredentials,
  REDACTED,
  type RequestOptionsInput,
  type RequestSecrets,
  carriesSecrets,
  requestOptions,
  splitRequestOptions,
} from './request-options/request-options.ts';
// The audits and categories of the Lighthouse the workers run: the dashboard's assertion picker (issue 46).
export { AUDIT_IDS, CATEGORY_IDS, LIGHTHOUSE_VERSION } from './lighthouse/generated/lighthouse-audits.ts';
// The expectations of uptime, tcp and dns checks (issue 47): checked when written, evaluated by the runners.
export {
  checkExpectations,
  EXPECT_SOURCES,
  type ExpectProblem,
  type ExpectSubject,
  type ExpectValue,
  type Expectation,
  type ExpectationResult,
  EXPECT_DEADLINE_MS,
  evaluateExpectations,
  expectationWords,
  OPERATOR_WORDS,
  evaluateExpectationsBounded,
  expectationResultSchema,
  expectationSchema,
  firstDegraded,
  firstFailure,
  MAX_EXPECTATIONS,
  OPERATORS,
  type Operator,
  SOURCE_OPERATORS,
  SOURCES,
  type Source,
} from './expect/index.ts';
// Issue 47's tcp and dns kinds, and what a kind's `url` takes.
export { runsChecks } from './registry.ts';
export { tcp } from './tcp/definition.ts';
export { measureTcp } from './tcp/assertions.ts';
export { type TcpResult, TCP_REASONS } from './tcp/result.ts';
export { dns } from './dns/definition.ts';
export { measureDns } from './dns/assertions.ts';
export { type DnsResult, DNS_REASONS } from './dns/result.ts';
export { type DnsQuery, dnsUri, parseDnsQuery, RECORD_TYPES, type RecordType, resolverAddress } from './dns/target.ts';
export { canonicalHost, endpointOf, httpTarget, type KindTarget, type TargetRead } from './target/kind-target.ts';
// SMTP checks: a mail server's greeting, EHLO and STARTTLS (the recipe's trial kind, issue 57).
export { smtp } from './smtp/definition.ts';
export { measureSmtp } from './smtp/assertions.ts';
export { type SmtpResult, SMTP_REASONS } from './smtp/result.ts';
export { smtpEndpoint } from './smtp/target.ts';
export { expectationsView } from './report/expectations-view.ts';
// What a kind's runner gives and gets (the worker host runs it), and the grade its score earns.
export type { ArtifactUpload, KindRunner, Outcome, RunContext } from './runner-contract.ts';
export { blendedScore, gradeFor } from './grade.ts';
export { REPORT_CSS, REPORT_CSS_PATH } from './report/report-css.ts';
// Browser checks (issue 59).
export { browser } from './browser/definition.ts';
export { type BrowserSubject, browserAssertionRules, measureBrowser } from './browser/assertions.ts';
export { browserFailures } from './browser/failures.ts';
export { type BrowserResult, type BrowserStepResult, browserResult } from './browser/result.ts';
export {
  BROWSER_ONLY_STEPS,
  BROWSER_RUN_MS,
  BROWSER_STEP_FIELDS,
  BROWSER_STEP_TYPES,
  BUDGET_SEVERITIES,
  type BrowserStep,
  budgetMessage,
  checkBrowserSteps,
  describeBrowserStep,
  INTERACTING,
  MAX_BROWSER_STEPS,
  meetsBudget,
  NAVIGATING,
  STEP_BUDGET_SOURCES,
  type StepBudget,
  type StepFormFields,
  stepLabel,
  type StepValueField,
} from './browser/steps.ts';
// Placeholders in checks (issue 59): the team's variables and secrets, a multistep check's extracted values.
export {
  fill,
  fillDeep,
  MissingValue,
  type Placeholder,
  type PlaceholderScope,
  placeholdersDeep,
  placeholdersIn,
  redactDeep,
  redactor,
  type TemplateValues,
  teamPlaceholdersAt,
  usesTeamValues,
  VARIABLE_NAME,
  variableSealContext,
} from './template/template.ts';
// Issue 59's multistep API checks: requests in order, each giving values to the next.
export { multistep } from './multistep/definition.ts';
export { measureMultistep } from './multistep/assertions.ts';
export {
  checkRequests,
  type Extract,
  EXTRACT_SOURCES,
  MAX_EXTRACTED_CHARS,
  MAX_REQUESTS,
  type MultistepRequest,
  MULTISTEP_RUN_MS,
  requestName,
  requestsOf,
} from './multistep/requests.ts';
export {
  MULTISTEP_REASONS,
  type MultistepReason,
  type MultistepResult,
  type MultistepStepResult,
} from './multistep/result.ts';
