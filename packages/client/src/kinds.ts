import type {
  Expectation,
  ExpectationResult,
  FieldData,
  FieldSeriesMetric,
  Monitor,
  MonitorType,
  Test,
  TestType,
} from './types.ts';

// What a door (the CLI, the MCP server) says about a kind, written once (issue 57 item 3): its title, its
// figures, and the options only it takes. The published doors cannot load the service's registry
// (packages/test-kinds), so this table mirrors it: a kind the document adds and this table lacks fails the
// typecheck, and apps/api/src/pages/kind-branches.test.ts fails when a title, `usesDevice`, `maxRuns`, a
// metric, an expectation's source or `calledBy` here differs from the kind's folder. Nothing else in the
// doors names a kind: their help and tools' descriptions are worded from this table.

/** How a door marks a verdict (a terminal colours it; an assistant reads it plain). */
export interface Paint {
  ok: (s: string) => string;
  bad: (s: string) => string;
  dim: (s: string) => string;
}
export const plain: Paint = { ok: (s) => s, bad: (s) => s, dim: (s) => s };

/**
 * Text a target or a job chose (a TXT record, a body, a ping's log), its control characters shown as
 * U+FFFD: an escape sequence printed as is would drive the reader's terminal.
 */
export const printable = (text: string) => text.replace(/\p{Cc}/gu, '\uFFFD');

/** A duration as people read it: 850 ms, 1.2 s. */
export const ms = (v: unknown) =>
  typeof v !== 'number' ? '–' : v >= 1000 ? `${(v / 1000).toFixed(1)} s` : `${Math.round(v)} ms`;

type Checked = { up: boolean; reason: string | null; error: string | null };
/** Up, or down with its reason and (not for an expectation: its own line says it) its words. */
export const verdict = (r: Checked, paint: Paint = plain) =>
  r.up
    ? paint.ok('up')
    : paint.bad(`down (${r.reason})${r.error && r.reason !== 'expectation_failed' ? `: ${printable(r.error)}` : ''}`);

/**
 * A completed test's own figures, a line a list of parts: a door joins the parts (` · ` in a terminal,
 * `, ` for an assistant) and the lines. The scores, assertions and expectations every kind may have are
 * the door's.
 */
export type Figures = string[][];

type TestOf<T extends TestType> = Extract<Test, { type: T }>;

/** What a door says of a kind's monitors: the same for a kind of test and a kind of monitor only. */
interface MonitorFacts {
  /** As the kind's folder titles it (`title` of packages/test-kinds/src/<kind>/definition.ts). */
  title: string;
  /** What one run of its monitors is (`monitor.page.run`): a check, or a test with a report. */
  run: 'check' | 'test';
  /** The series GET /monitors/{id}/series plots (the keys of `monitor.metrics`, in their order). */
  metrics: readonly string[];
  /** What a metric of it means where the name does not say (a heartbeat's `total_ms`). */
  metricsNote?: string;
  /** Series whose names the page chooses (`monitor.namedMetrics`), in words. */
  namedMetrics?: string;
  /** The series `source=field` plots (the keys of `monitor.page.field`): real users' weekly p75s. */
  fieldMetrics?: readonly FieldSeriesMetric[];
}

export interface KindFacts<T extends TestType = TestType> extends MonitorFacts {
  /** Whether `device` changes how it runs (`usesDevice` of its definition). */
  usesDevice: boolean;
  /** How many runs one test may ask for (`maxRuns`): more than 1, and the median run is reported. */
  maxRuns: number;
  /** What a test of it does, in a clause, for a tool's description (after its name). */
  about: string;
  /** What its `url` takes, for a tool's or a command's help. */
  target: string;
  /** The sources its `expect` takes (`EXPECT_SOURCES` of the kinds), where it takes any. */
  expects?: readonly Expectation['source'][];
  /** Options of a command that only this kind takes (the CLI's `--record`, `--resolver`). */
  flags?: readonly string[];
  /** Those options as a command's usage writes them (after the kind's name). */
  usage?: string;
  figures: (t: TestOf<T>, paint: Paint) => Figures;
}

type Handshake = { protocol: string | null; days_remaining: number | null; chain_valid: boolean; error: string | null };
/** A TLS handshake's version and its certificate's days left (tcp's, smtp's). */
const handshakeLine = (tls: Handshake, paint: Paint) => [
  `TLS ${tls.protocol ?? '–'}`,
  `certificate ${tls.days_remaining ?? '–'} days left${tls.chain_valid ? '' : paint.bad(` (not trusted: ${tls.error})`)}`,
];

const ANSWERS_SHOWN = 10;
/** A browser check's steps listed one a line, at most this many (the rest with --json). */
const STEPS_SHOWN = 20;

/** Every kind of test, by its `type`. */
export const KINDS: { [T in TestType]: KindFacts<T> } = {
  lighthouse: {
    title: 'Speed test',
    usesDevice: true,
    maxRuns: 5,
    about: 'speed and Core Web Vitals in a lab run, beside what real Chrome users saw: `result.field`',
    target: 'an absolute http(s) URL',
    run: 'test',
    metrics: [
      'performance_score',
      'structure_score',
      'accessibility',
      'best_practices',
      'seo',
      'agentic-browsing',
      'lcp_ms',
      'fcp_ms',
      'cls',
      'tbt_ms',
      'speed_index_ms',
      'ttfb_ms',
      'interactive_ms',
      'requests',
      'transfer_bytes',
    ],
    namedMetrics: 'user_timing:<name> for each User Timing mark or measure the page records',
    fieldMetrics: ['lcp_ms', 'inp_ms', 'cls', 'fcp_ms', 'ttfb_ms'],
    flags: ['steps'],
    usage: '[--steps <file.json>]  (a user flow: a JSON array of steps)',
    figures: (t) => {
      const lines: Figures = [];
      const v = t.vitals as Record<string, number | null> | null;
      if (v)
        lines.push([
          `LCP ${ms(v.lcp_ms)}`,
          `FCP ${ms(v.fcp_ms)}`,
          `CLS ${v.cls ?? '–'}`,
          `TBT ${ms(v.tbt_ms)}`,
          `TTFB ${ms(v.ttfb_ms)}`,
        ]);
      if (t.spread) lines.push([`performance over the runs: ${t.spread.min}–${t.spread.max} (sd ${t.spread.stddev})`]);
      return lines;
    },
  },
  seo_crawl: {
    title: 'SEO and AI-readiness audit',
    usesDevice: false,
    maxRuns: 1,
    about: 'SEO and AI-readiness: a crawl of the site, its pages and files judged',
    target: 'an absolute http(s) URL (the crawl starts there)',
    run: 'test',
    metrics: ['structure_score', 'errors', 'warnings', 'notices', 'pages_crawled'],
    figures: (t) => {
      const lines: Figures = [];
      if (t.result) {
        const c = t.result.issue_counts;
        lines.push([
          `${t.result.pages_crawled} pages`,
          `${c.error} errors`,
          `${c.warning} warnings`,
          `${c.notice} notices`,
        ]);
      }
      if (t.seo_issues?.length)
        lines.push([
          `issues: ${t.seo_issues
            .slice(0, 8)
            .map((i) => `${i.code} (${i.severity}, ${i.url_count} URLs)`)
            .join(', ')}`,
        ]);
      return lines;
    },
  },
  uptime: {
    title: 'Uptime check',
    usesDevice: false,
    maxRuns: 1,
    about:
      'an HTTP request, any method and body, with expectations on its status, headers, body, JSON, time and certificate',
    target: 'an absolute http(s) URL',
    run: 'check',
    metrics: [
      'up',
      'dns_ms',
      'connect_ms',
      'tls_ms',
      'first_byte_ms',
      'download_ms',
      'total_ms',
      'status_code',
      'certificate_days_remaining',
    ],
    expects: ['status', 'header', 'body', 'json', 'response_time', 'certificate_days'],
    flags: ['method', 'body', 'body-file', 'content-type', 'expect'],
    usage: '[--method POST] [--body <text> | --body-file <path>] [--content-type <type>]',
    figures: (t, paint) => {
      const r = t.result;
      return r ? [[verdict(r, paint), `status ${r.status_code ?? '–'}`, `total ${ms(r.timings_ms.total)}`]] : [];
    },
  },
  tcp: {
    title: 'TCP check',
    usesDevice: false,
    maxRuns: 1,
    about: 'does a port accept connections; optionally its TLS certificate',
    target: 'tcp://host:port (or host:port)',
    run: 'check',
    metrics: ['up', 'dns_ms', 'connect_ms', 'tls_ms', 'total_ms', 'certificate_days_remaining'],
    expects: ['response_time', 'certificate_days'],
    flags: ['tls', 'expect'],
    usage: '<host:port> [--tls]',
    figures: (t, paint) => {
      const r = t.result;
      if (!r) return [];
      const lines: Figures = [
        [verdict(r, paint), `connect ${ms(r.timings_ms.connect)}`, `total ${ms(r.timings_ms.total)}`],
      ];
      if (r.tls) lines.push(handshakeLine(r.tls, paint));
      return lines;
    },
  },
  dns: {
    title: 'DNS check',
    usesDevice: false,
    maxRuns: 1,
    about: 'a record’s answers and TTLs, at a resolver or the system’s',
    run: 'check',
    metrics: ['up', 'total_ms'],
    expects: ['answers', 'response_time'],
    target:
      'a name (type A) or a DNS URI, dns:example.com?type=MX, or with a resolver to ask dns://192.0.2.53:5353/example.com?type=A (types A, AAAA, CNAME, MX, TXT, NS, CAA, SOA)',
    flags: ['record', 'resolver', 'expect'],
    usage: `<name> [--record A|AAAA|CNAME|MX|TXT|NS|CAA|SOA] [--resolver <ip[:port]>]
(or a DNS URI: dns:example.com?type=MX)`,
    figures: (t, paint) => {
      const r = t.result;
      if (!r) return [];
      const lines: Figures = [
        [
          verdict(r, paint),
          `${r.type} ${r.name} from ${r.resolver ?? 'the system resolver'}`,
          `total ${ms(r.timings_ms.total)}`,
        ],
      ];
      for (const a of r.answers.slice(0, ANSWERS_SHOWN))
        lines.push([`${printable(a.value)}${a.ttl === null ? '' : ` (ttl ${a.ttl})`}`]);
      if (r.answers.length > ANSWERS_SHOWN) lines.push([`… ${r.answers.length - ANSWERS_SHOWN} more (--json for all)`]);
      return lines;
    },
  },
  browser: {
    title: 'Browser check',
    usesDevice: true,
    maxRuns: 1,
    about: 'a journey of steps through the site in Chromium (click, type, assert…), each step timed and measured',
    target: 'an absolute http(s) URL (the journey starts there)',
    run: 'test',
    metrics: ['up', 'duration_ms', 'ttfb_ms', 'fcp_ms', 'lcp_ms', 'requests_failed'],
    namedMetrics: 'step:<name> for each step, its time in ms',
    flags: ['steps'],
    usage: '[--steps <file.json>]  (the journey: a JSON array of steps, each with its name and budgets)',
    figures: (t, paint) => {
      const r = t.result;
      if (!r) return [];
      const passed = r.steps.filter((s) => s.status === 'passed').length;
      const lines: Figures = [
        [
          r.up && r.degraded
            ? paint.bad('up, degraded (a budget missed)')
            : r.up && r.over_budget.length
              ? paint.bad(`up, over budget (${r.over_budget.length} missed: a regression)`)
              : verdict(r, paint),
          `journey ${ms(r.duration_ms)}`,
          `${passed} of ${r.steps.length} steps`,
          `${r.requests} requests${r.requests_failed ? paint.bad(`, ${r.requests_failed} failed`) : ''}`,
        ],
      ];
      for (const s of r.steps.slice(0, STEPS_SHOWN)) {
        const status =
          s.status === 'failed' ? paint.bad(s.status) : s.status === 'skipped' ? paint.dim(s.status) : s.status;
        const missed = s.expect.filter((b) => !b.passed);
        lines.push([
          `${s.index}. ${printable(s.name)}: ${status} in ${ms(s.duration_ms)}`,
          ...(s.navigation ? [`LCP ${ms(s.navigation.lcp_ms)}`] : []),
          ...(s.interaction ? [`INP ${ms(s.interaction.inp_ms)}`] : []),
          ...missed.map((b) => paint.bad(printable(b.message ?? `${b.source} missed`))),
        ]);
      }
      if (r.steps.length > STEPS_SHOWN) lines.push([`… ${r.steps.length - STEPS_SHOWN} more steps (--json for all)`]);
      return lines;
    },
  },
  multistep: {
    title: 'Multistep API check',
    usesDevice: false,
    maxRuns: 1,
    about:
      'HTTP requests in order, each with its expectations, passing values it extracts from an answer ({{name}}) to the requests after it',
    target: 'an absolute http(s) URL (the base of relative request URLs)',
    run: 'check',
    metrics: ['up', 'total_ms', 'status_code'],
    namedMetrics: 'step:<name> for each request, its time in ms',
    expects: ['status', 'header', 'body', 'json', 'response_time'],
    flags: ['requests'],
    usage: '--requests <file.json>  (a JSON array of requests: url, method, headers, body, expect, extract)',
    figures: (t, paint) => {
      const r = t.result;
      if (!r) return [];
      const passed = r.steps.filter((s) => s.status === 'passed').length;
      const lines: Figures = [
        [verdict(r, paint), `all ${ms(r.duration_ms)}`, `${passed} of ${r.steps.length} requests`],
      ];
      for (const [i, s] of r.steps.slice(0, STEPS_SHOWN).entries()) {
        const status =
          s.status === 'failed' ? paint.bad(s.status) : s.status === 'skipped' ? paint.dim(s.status) : s.status;
        lines.push([
          `${i + 1}. ${printable(s.name)}: ${status}`,
          `status ${s.status_code ?? '–'}`,
          ms(s.timings_ms.total),
          ...(s.error ? [paint.bad(printable(s.error))] : []),
        ]);
      }
      return lines;
    },
  },
  smtp: {
    title: 'SMTP check',
    usesDevice: false,
    maxRuns: 1,
    about: 'does a mail server greet and answer EHLO, optionally with STARTTLS and its certificate (no mail is sent)',
    target: 'smtp://host[:port] (25 unless given), smtps://host[:port] (TLS from the first byte, 465), or host[:port]',
    run: 'check',
    metrics: ['up', 'dns_ms', 'connect_ms', 'tls_ms', 'first_byte_ms', 'total_ms', 'certificate_days_remaining'],
    metricsNote: 'first_byte_ms is the time from connected to the server’s greeting',
    expects: ['response_time', 'certificate_days'],
    flags: ['tls', 'expect'],
    usage: '<host[:port]> [--tls]  (--tls: upgrade with STARTTLS)',
    figures: (t, paint) => {
      const r = t.result;
      if (!r) return [];
      const lines: Figures = [
        [verdict(r, paint), `greeting ${ms(r.timings_ms.greeting)}`, `total ${ms(r.timings_ms.total)}`],
      ];
      if (r.greeting) lines.push([printable(r.greeting)]);
      if (r.extensions.length) lines.push([`offers ${printable(r.extensions.join(', '))}`]);
      if (r.tls) lines.push(handshakeLine(r.tls, paint));
      return lines;
    },
  },
};

/** A test's own figures, by its kind. */
export const figuresOf = (t: Test, paint: Paint = plain): Figures =>
  (KINDS[t.type].figures as (t: Test, paint: Paint) => Figures)(t, paint);

/**
 * Each kind's own options as a command's usage lists them, `indent` before each line: a line a kind, then
 * the expectations the checks share.
 */
export function kindUsage(indent: string): string {
  const types = (Object.keys(KINDS) as TestType[]).filter((type) => KINDS[type].usage);
  const width = Math.max(...types.map((t) => t.length)) + 2;
  const lines = types.flatMap((type) =>
    KINDS[type].usage
      ? [`${`${type}:`.padEnd(width)}${KINDS[type].usage!.replaceAll('\n', `\n${' '.repeat(width)}`)}`]
      : [],
  );
  lines.push(`${kindsTaking('expect').join(', ')}: [--expect <expectation>]...`);
  return lines
    .map((l) => l.replaceAll('\n', `\n${indent}`))
    .map((l) => `${indent}${l}`)
    .join('\n');
}

/**
 * What a test's result may hold beyond its kind's figures, whatever its kind: real users' field data (a
 * speed test's), and the results of the expectations it was given (a check's).
 */
export function extrasOf(t: Test): { field?: FieldData; expectations: ExpectationResult[] } {
  const result = (t.result ?? {}) as { field?: FieldData; expectations?: ExpectationResult[] };
  return { ...('field' in result ? { field: result.field } : {}), expectations: result.expectations ?? [] };
}

/** The kinds that take a command's option (`record`: dns). */
export const kindsTaking = (flag: string): TestType[] =>
  (Object.keys(KINDS) as TestType[]).filter((type) => KINDS[type].flags?.includes(flag));

export interface MonitorKindFacts extends MonitorFacts {
  /**
   * What its monitors are called by (`monitor.page.calledBy` of its folder): the target they check, or,
   * for a kind told by pings that checks none (a heartbeat), their name.
   */
  calledBy: 'target' | 'name';
}

/** Every kind of monitor, by its `type`: each kind of test, and the heartbeat. */
export const MONITOR_KINDS: { [T in MonitorType]: MonitorKindFacts } = {
  ...(Object.fromEntries(
    Object.entries(KINDS).map(([type, k]): [string, MonitorKindFacts] => {
      const { title, run, metrics, metricsNote, namedMetrics, fieldMetrics } = k as KindFacts;
      return [type, { title, run, metrics, metricsNote, namedMetrics, fieldMetrics, calledBy: 'target' }];
    }),
  ) as { [T in TestType]: MonitorKindFacts }),
  heartbeat: {
    title: 'Heartbeat',
    calledBy: 'name',
    run: 'check',
    metrics: ['up', 'total_ms'],
    metricsNote: 'total_ms is a run’s duration, from its /start to its end',
  },
};

/** Names in a sentence: `a`, `a or b`, `a, b or c` (`and` for all of them). */
export const listed = (names: readonly string[], last: 'or' | 'and' = 'or'): string =>
  names.length < 2 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} ${last} ${names.at(-1)}`;

/** The kinds of monitor (kinds of test first, in the table's order) whose facts pass `test`. */
export const monitorTypesWhere = (test: (k: MonitorKindFacts) => boolean): MonitorType[] =>
  (Object.keys(MONITOR_KINDS) as MonitorType[]).filter((type) => test(MONITOR_KINDS[type]));

/** The kinds of test whose facts pass `test`. */
export const testTypesWhere = (test: (k: KindFacts) => boolean): TestType[] =>
  (Object.keys(KINDS) as TestType[]).filter((type) => test(KINDS[type] as KindFacts));

/** A kind of monitor's series in words: its names, the names its page chooses, what one means. */
export function seriesOf(type: MonitorType): string {
  const k = MONITOR_KINDS[type];
  const names = k.namedMetrics ? [...k.metrics, `and ${k.namedMetrics}`] : k.metrics;
  return `${names.join(', ')}${k.metricsNote ? ` (${k.metricsNote})` : ''}`;
}

/** Whether its monitors are told by pings (a period or schedule and a grace) rather than checking a URL. */
export const pinged = (type: string): boolean => MONITOR_KINDS[type as MonitorType]?.calledBy === 'name';

/** What a monitor watches: its URL, or, for one told by pings, its name or its kind's title. */
export const monitorSubject = (m: Pick<Monitor, 'type' | 'url' | 'name'>): string =>
  pinged(m.type) ? (m.name ?? MONITOR_KINDS[m.type].title) : (m.url ?? '');

/**
 * How often it runs: every N s; one told by pings, when a ping is due (its period, or its cron schedule in
 * its time zone) and the grace after it.
 */
export function cadence(m: Monitor): string {
  if (!pinged(m.type)) return `every ${m.interval_seconds} s`;
  const due = m.schedule ? `cron '${m.schedule}' ${m.time_zone ?? 'UTC'}` : `every ${m.period_seconds} s`;
  return `${due} + ${m.grace_seconds} s grace`;
}
