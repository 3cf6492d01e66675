#!/usr/bin/env node
import { parseArgs } from 'node:util';
import {
  createClient,
  kindsTaking,
  kindUsage,
  listed,
  MONITOR_KINDS,
  MONITOR_TYPES,
  monitorTypesWhere,
  type MonitorType,
  PageprobeError,
  type PageprobeClient,
  pinged,
  type SeriesQuery,
  seriesOf,
  TEST_TYPES,
  type Test,
  testTypesWhere,
} from '@pageprobe/client';
import { readApiKey } from './api-key.ts';
import { gatherAssertions, UsageError } from './assertions.ts';
import { checkFields, targetOf } from './check-options.ts';
import { fieldSeriesLines } from './field-lines.ts';
import {
  alertLine,
  checkLine,
  colours,
  comparisonSummary,
  monitorLine,
  monitorSummary,
  type Paint,
  pingLine,
  plain,
  seriesLines,
  summary,
} from './format.ts';
import { exportCommand, planOrApply } from './config/config-commands.ts';
import { ConfigError } from './config/config-error.ts';
import { outcomeCode, runTests } from './run-tests.ts';
import { INCIDENTS_USAGE, incidentsCommand } from './incidents-command.ts';
import { VARIABLES_USAGE, variablesCommand } from './variables-command.ts';
import { DEPLOY_USAGE, deployCommand } from './deploy-command.ts';
import { RUM_SERIES_USAGE, rumCommand } from './rum-series-command.ts';
import { RUM_SITES_USAGE, rumSitesCommand } from './rum-sites-command.ts';

// The usage's words for kinds come from the client's table of kinds, so a kind added there is in them.
/** Kinds of monitor told by pings (a heartbeat): no URL, a period or schedule and a grace. */
const PINGED = monitorTypesWhere((k) => k.calledBy === 'name');
const CHECKED = monitorTypesWhere((k) => k.run === 'check');
const TESTED = monitorTypesWhere((k) => k.run === 'test');
const PINGED_MONITORS = `${listed(PINGED)} monitors`;
/**
 * A parenthesis of the usage under its command, a part a line: lines of at most 104 characters, words
 * never split, a part's own lines indented under its first.
 */
function aside(...parts: string[]): string {
  const lines = parts.flatMap((part, p) => {
    const own: string[] = [];
    for (const word of `${p ? '' : '('}${part}${p < parts.length - 1 ? ';' : ')'}`.split(' ')) {
      const last = own.at(-1);
      if (last !== undefined && 31 + last.length + 1 + word.length <= 104) own[own.length - 1] = `${last} ${word}`;
      else own.push(word);
    }
    return own.map((l, i) => (i ? `  ${l}` : l));
  });
  return lines.map((l, i) => `${' '.repeat(i ? 29 : 28)}${l}`).join('\n');
}
/** The series by monitor type, then real users' (`--source field`). */
const SERIES_HELP = aside(
  ...MONITOR_TYPES.map((t) => `${t}: ${seriesOf(t)}`),
  ...MONITOR_TYPES.flatMap((t) => {
    const field = MONITOR_KINDS[t].fieldMetrics;
    return field
      ? [`--source field, ${t}: real Chrome users' weekly p75 of ${listed(field)} from the Chrome UX Report`]
      : [];
  }),
);
/** Which kinds each expectation's source is for, where not every check takes it (`answers`: dns). */
const sourceKinds = (source: string) => listed(testTypesWhere((k) => k.expects?.includes(source as never) ?? false));
/** The kinds of test whose `up` a CI step can assert (`uptime:up`): the checks. */
const UP = testTypesWhere((k) => k.metrics.includes('up')).map((t) => `${t}:up`);

export const USAGE = `pageprobe: Pageprobe's tests (${listed(TEST_TYPES, 'and')}) and monitors from the terminal and CI

Usage:
  pageprobe test <url>... [--type ${TEST_TYPES.join('|')}] [--device mobile|desktop] [--runs N]
                 [--assert <key>=<expr>]... [--config lighthouserc.json] [--callback-url <url>]
                 [--wait | --no-wait] [--timeout <seconds>] [--json]
${kindUsage(' '.repeat(17))}
  pageprobe get <test-id> [--json]
  pageprobe list [--limit N] [--status <status>] [--type <type>] [--json]
  pageprobe compare <test-id> <base-test-id> [--json]
  pageprobe monitors create <url> --interval <seconds> [--type] [--name] [--device] [--runs N] [--assert ...]
                            [the test options above] [--callback-url <url>] [--depends-on <monitor-id>]...
                            [--json]
                            (--depends-on: while that monitor is down, this one's downs alert no one)
  pageprobe monitors create --type ${PINGED.join('|')} --grace <seconds> (--period <seconds> |
                            --schedule '<cron>' [--time-zone <IANA zone>]) [--name] [--callback-url <url>]
                            (prints the ping URL the job calls: <ping URL>, /start, /fail, /<exit status>)
  pageprobe monitors list [--json]
  pageprobe monitors get <monitor-id> [--json]
                            (state, uptime over 24h/7d/30d/90d, latest incidents, locations; of
                             ${PINGED_MONITORS}: the ping URL, last ping and deadline)
  pageprobe monitors series <monitor-id> --metric <metric> [--from <ISO time>] [--to <ISO time>]
                            [--location <location>] [--source lab|field] [--json]
${SERIES_HELP}
  pageprobe monitors alerts <monitor-id> [--limit N] [--cursor <next_cursor>] [--json]
  pageprobe monitors checks <monitor-id> [--limit N] [--cursor <next_cursor>] [--json]
${aside(`newest first: the checks of ${listed(CHECKED)} monitors, or the runs of ${listed(TESTED)} monitors`)}
  pageprobe monitors pings <monitor-id> [--limit N] [--cursor <next_cursor>] [--json]
                            (the pings of ${PINGED_MONITORS}, newest first, with each POST's log)
  pageprobe monitors pause|resume|delete <monitor-id>
  pageprobe credits [--json]
${INCIDENTS_USAGE}
${VARIABLES_USAGE}
${DEPLOY_USAGE}
${RUM_SERIES_USAGE}
${RUM_SITES_USAGE}

Monitoring as code (docs/monitoring-as-code.md): pageprobe.yaml (or .yml, .json, pageprobe.config.ts)
  pageprobe plan [--file F] [--prune] [--adopt]
                            (what apply would create, change field by field and, with --prune, delete;
                             exit 0: no change, 2: changes, 1: an error)
  pageprobe apply [--file F] [--prune] [--adopt]
                            (all of it in one request and one transaction; only --prune deletes, and only
                             what the file manages; --adopt takes over resources made by hand with its keys)
  pageprobe export [--file F] [--force]
                            (the team's resources as a file plan finds no change in, in one write: keys
                             given to those without, the file takes them over; F: .yaml (default
                             pageprobe.yaml), .json, or - for standard output; secrets as \${VARIABLE})

Assertions (Lighthouse CI's, also read from a lighthouserc's ci.assert.assertions):
  --assert categories:performance=minScore:0.9
  --assert largest-contentful-paint=warn:maxNumericValue:2500
  --assert cache-insight=error              (<level>: error, warn or off; error when left out)

Expectations (${kindsTaking('expect').join(', ')}; each must hold, or the check is down and says which failed):
  --expect 'status=200'                     --expect 'json:$.status=ok'
  --expect 'header:content-type~json'       --expect 'body!~error'
  --expect 'response_time<500'              --expect 'certificate_days>14'
  --expect 'json:$.items[?@.stock<1] exists' --expect 'answers~93.184.216.34'   (${sourceKinds('answers')})
  <subject><op><value>, or <subject> <operator> [<value>] with the API's operator names.
  Subjects: status, header:<name>, body, json:<JSONPath>, response_time (ms), certificate_days, answers.
  Ops: = (eq)  != (ne)  < <= > >=  ~ (contains)  !~ (not_contains)  =~ (matches, RE2)
       and the words exists, not_empty (no value).
  A value is JSON when it reads as JSON (200, true, null, "42" for the text 42, ["a","b"]), else text;
  for body, =~ and a header's or an answer's ~ it is always text. Or give the API's own JSON:
  --expect '{"source":"json","path":"$.status","operator":"eq","value":"ok"}'
  --expect 'degraded:response_time<800'      (degraded: a failure makes the check degraded, not down)
  A check that finds its target down (a failed expectation included) is a completed test: to fail a CI
  step on it, assert it is up: --assert ${UP[0]}=error${UP.length > 1 ? ` (${UP.slice(1).join(', ')})` : ''}.

API address and key: PAGEPROBE_API_URL (or --api-url) and PAGEPROBE_API_KEY, or the key on standard
input with --api-key-stdin (e.g. \`pass show pageprobe | pageprobe credits --api-key-stdin\`). The key is
never an argument: --api-key is refused, as a key there shows in the process list and the shell history.

Exit codes:
  0  done, and every test completed with its assertions passed
  1  a test failed, or an error-level assertion failed
  2  usage, authentication or API errors (the message says which)
  plan, apply and export: 0 done (plan: no change), 2 plan found changes, 1 any error
`;

/** Commands whose exit codes are plan's (0 no change, 2 changes, 1 errors), as CI reads them. */
const CONFIG_COMMANDS = new Set(['plan', 'apply', 'export']);

const OPTIONS = {
  type: { type: 'string' },
  device: { type: 'string' },
  runs: { type: 'string' },
  assert: { type: 'string', multiple: true },
  config: { type: 'string' },
  'callback-url': { type: 'string' },
  'depends-on': { type: 'string', multiple: true },
  wait: { type: 'boolean', default: true },
  'no-wait': { type: 'boolean' },
  timeout: { type: 'string' },
  json: { type: 'boolean' },
  limit: { type: 'string' },
  cursor: { type: 'string' },
  status: { type: 'string' },
  interval: { type: 'string' },
  metric: { type: 'string' },
  source: { type: 'string' },
  from: { type: 'string' },
  to: { type: 'string' },
  location: { type: 'string' },
  name: { type: 'string' },
  // A check's request (issue 47).
  method: { type: 'string' },
  body: { type: 'string' },
  'body-file': { type: 'string' },
  'content-type': { type: 'string' },
  expect: { type: 'string', multiple: true },
  tls: { type: 'boolean' },
  record: { type: 'string' },
  resolver: { type: 'string' },
  // A user flow's or a journey's steps, from a JSON file (issue 59).
  steps: { type: 'string' },
  // A multistep check's requests, from a JSON file (issue 59).
  requests: { type: 'string' },
  // A heartbeat's timing.
  period: { type: 'string' },
  grace: { type: 'string' },
  schedule: { type: 'string' },
  'time-zone': { type: 'string' },
  // Incidents (issue 58).
  title: { type: 'string' },
  message: { type: 'string' },
  component: { type: 'string', multiple: true },
  at: { type: 'string' },
  // Deploys (issue 62).
  version: { type: 'string' },
  environment: { type: 'string' },
  commit: { type: 'string' },
  url: { type: 'string' },
  description: { type: 'string' },
  monitor: { type: 'string', multiple: true },
  tag: { type: 'string', multiple: true },
  // Real users' figures (issue 61).
  by: { type: 'string' },
  'page-group': { type: 'string' },
  country: { type: 'string' },
  last: { type: 'string' },
  // Real-user monitoring's sites (issue 61).
  origin: { type: 'string', multiple: true },
  'sample-rate': { type: 'string' },
  group: { type: 'string', multiple: true },
  // Team variables (issue 59).
  value: { type: 'string' },
  secret: { type: 'boolean' },
  // Monitoring as code (issue 50).
  file: { type: 'string', short: 'f' },
  prune: { type: 'boolean' },
  adopt: { type: 'boolean' },
  force: { type: 'boolean' },
  'api-url': { type: 'string' },
  // Parsed only to be refused with a message that names the alternatives (see api-key.ts).
  'api-key': { type: 'string' },
  'api-key-stdin': { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

interface Io {
  env: NodeJS.ProcessEnv;
  stdin: AsyncIterable<Buffer | string>;
  stdout: NodeJS.WriteStream;
  stderr: NodeJS.WriteStream;
  /** Where pageprobe.yaml is looked for (the process's working directory by default). */
  cwd?: string;
}

const int = (name: string, value: string | undefined) => {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new UsageError(`--${name} must be a whole number ≥ 1`);
  return n;
};

const time = (name: string, value: string | undefined) => {
  if (value !== undefined && Number.isNaN(Date.parse(value)))
    throw new UsageError(`--${name} must be an ISO time, e.g. 2025-01-31T12:00:00Z`);
  return value;
};

const assertionsFrom = (values: { assert?: string[]; config?: string }) =>
  gatherAssertions(values.config, values.assert ?? []);

/** Runs one command line; resolves with the exit code (see USAGE). */
export async function run(argv: string[], io: Io): Promise<number> {
  let parsed: ReturnType<typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true }>>;
  try {
    parsed = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true });
  } catch (error) {
    io.stderr.write(`${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  const { values, positionals } = parsed;
  const [command, ...rest] = positionals;
  if (values.help || command === 'help') {
    io.stdout.write(USAGE);
    return 0;
  }
  if (!command) {
    io.stderr.write(USAGE);
    return 2;
  }
  const paint = io.stdout.isTTY && !io.env.NO_COLOR ? colours : plain;
  const out = (text: string) => io.stdout.write(`${text}\n`);
  const json = (value: unknown) => out(JSON.stringify(value, null, 2));
  try {
    const baseUrl = values['api-url'] ?? io.env.PAGEPROBE_API_URL;
    const apiKey = await readApiKey(values, io.env, io.stdin);
    if (!baseUrl || !apiKey)
      throw new UsageError('set PAGEPROBE_API_URL (or --api-url) and PAGEPROBE_API_KEY (or --api-key-stdin)');
    const client: PageprobeClient = createClient({ baseUrl, apiKey });
    const need = (n: number, what: string) => {
      if (rest.length < n) throw new UsageError(`${command}: ${what}`);
    };
    switch (command) {
      case 'test': {
        need(1, 'which URL?');
        const fromRc = assertionsFrom(values);
        const runs = int('runs', values.runs) ?? fromRc.runs;
        const tests = await runTests(
          client,
          {
            urls: rest.map((input) => targetOf(input, values)),
            body: {
              ...(values.type ? { type: values.type as Test['type'] } : {}),
              ...checkFields(values),
              ...(values.device ? { device: values.device as Test['device'] } : {}),
              ...(runs ? { runs } : {}),
              ...(fromRc.assertions ? { assertions: fromRc.assertions } : {}),
              ...(values['callback-url'] ? { callback_url: values['callback-url'] } : {}),
            },
            wait: values.wait && !values['no-wait'],
            timeoutMs: (int('timeout', values.timeout) ?? 600) * 1000,
          },
          io.stderr,
        );
        if (values['no-wait']) {
          if (values.json) json(tests.length === 1 ? tests[0] : tests);
          else for (const t of tests) out(`${t.id}  ${t.status}  ${t.report_url}`);
          return 0;
        }
        const finished = tests as Test[];
        if (values.json) json(finished.length === 1 ? finished[0] : finished);
        else out(finished.map((t) => summary(t, paint)).join('\n\n'));
        return outcomeCode(finished);
      }
      case 'get': {
        need(1, 'which test id?');
        const t = await client.getTest(rest[0]!);
        if (values.json) json(t);
        else out(summary(t, paint));
        return 0;
      }
      case 'list': {
        const page = await client.listTests({
          ...(values.limit ? { limit: int('limit', values.limit)! } : {}),
          ...(values.status ? { status: values.status as Test['status'] } : {}),
          ...(values.type ? { type: values.type as Test['type'] } : {}),
        });
        if (values.json) json(page);
        else
          for (const t of page.data)
            out(`${t.id}  ${t.status.padEnd(9)}  ${t.type.padEnd(10)}  ${t.grade ?? '-'}  ${t.url}`);
        return 0;
      }
      case 'compare': {
        need(2, 'which test and which base?');
        const c = await client.compareTests(rest[0]!, rest[1]!);
        if (values.json) json(c);
        else out(comparisonSummary(c, paint));
        return 0;
      }
      case 'credits': {
        const c = await client.getCredits();
        if (values.json) json(c);
        else {
          out(`${c.plan} plan · ${c.credits_balance} credits`);
          out(
            `costs: ${Object.entries(c.costs)
              .map(([k, v]) => `${k} ${v}`)
              .join(', ')}`,
          );
          if (c.free_lighthouse)
            out(`free lighthouse runs left this hour: ${c.free_lighthouse.remaining} of ${c.free_lighthouse.limit}`);
        }
        return 0;
      }
      case 'monitors':
        return await monitors(client, rest, values, { out, json, paint });
      case 'incidents':
        return await incidentsCommand(
          client,
          rest,
          { ...values, at: time('at', values.at), limit: int('limit', values.limit) },
          { out, json },
        );
      case 'variables':
        return await variablesCommand(client, rest, values, { out, json, stdin: io.stdin });
      case 'deploy':
        return await deployCommand(client, values, { out, json });
      case 'rum': {
        if (rest[0] === 'sites') {
          return await rumSitesCommand(
            client,
            rest.slice(1),
            { ...values, limit: int('limit', values.limit) },
            { out, json },
          );
        }
        return await rumCommand(client, rest, values, { out, json });
      }
      case 'plan':
      case 'apply': {
        const options = {
          file: values.file,
          prune: values.prune,
          adopt: values.adopt,
          cwd: io.cwd ?? process.cwd(),
          env: io.env,
        };
        const err = (line: string) => io.stderr.write(`${line}\n`);
        const { changes } = await planOrApply(client, command, options, { out, err, paint });
        return command === 'plan' && changes.length ? 2 : 0;
      }
      case 'export': {
        const err = (line: string) => io.stderr.write(`${line}\n`);
        await exportCommand(
          client,
          { file: values.file, force: values.force, cwd: io.cwd ?? process.cwd(), env: io.env },
          {
            out,
            err,
            paint,
          },
        );
        return 0;
      }
      default:
        throw new UsageError(`unknown command ${command}`);
    }
  } catch (error) {
    const failed = CONFIG_COMMANDS.has(command) ? 1 : 2;
    if (error instanceof UsageError) {
      io.stderr.write(`${error.message}\n\n${USAGE}`);
      return failed;
    }
    if (error instanceof ConfigError) {
      io.stderr.write(`${error.messages.join('\n')}\n`);
      return failed;
    }
    if (error instanceof PageprobeError) {
      const fields = error.errors.map((e) => `\n  ${e.path}: ${e.message}`).join('');
      io.stderr.write(`pageprobe: ${error.code} (${error.status || 'no answer'}): ${error.detail}${fields}\n`);
      return failed;
    }
    throw error;
  }
}

async function monitors(
  client: PageprobeClient,
  [sub, ...args]: string[],
  values: Record<string, any>,
  { out, json, paint }: { out: (s: string) => void; json: (v: unknown) => void; paint: Paint },
): Promise<number> {
  switch (sub) {
    case 'create': {
      const common = {
        ...(values.name ? { name: values.name } : {}),
        ...(values['callback-url'] ? { callback_url: values['callback-url'] } : {}),
        ...(values['depends-on']?.length ? { depends_on: values['depends-on'] } : {}),
      };
      // A kind told by pings (a heartbeat) takes a period or a schedule and a grace, no URL.
      if (values.type && pinged(values.type)) {
        const type = values.type as MonitorType;
        if (args[0]) throw new UsageError(`monitors create --type ${type}: no URL (the job calls its ping URL)`);
        if (!values.grace || !(values.period || values.schedule))
          throw new UsageError(
            `monitors create --type ${type} --grace <seconds> (--period <seconds> | --schedule '<cron>')`,
          );
        const m = await client.monitors.create({
          type,
          grace_seconds: int('grace', values.grace)!,
          ...(values.period ? { period_seconds: int('period', values.period)! } : {}),
          ...(values.schedule ? { schedule: values.schedule } : {}),
          ...(values['time-zone'] ? { time_zone: values['time-zone'] } : {}),
          ...common,
        });
        if (values.json) json(m);
        else out(`${monitorLine(m)}\nping URL: ${m.ping_url}  (GET or POST; /start, /fail, /<exit status> after it)`);
        return 0;
      }
      if (!args[0] || !values.interval) throw new UsageError('monitors create <url> --interval <seconds>');
      const fromRc = assertionsFrom(values);
      const runs = int('runs', values.runs) ?? fromRc.runs;
      const m = await client.monitors.create({
        url: targetOf(args[0], values),
        interval_seconds: int('interval', values.interval)!,
        ...(values.type ? { type: values.type } : {}),
        ...(values.device ? { device: values.device } : {}),
        ...(runs ? { runs } : {}),
        ...(fromRc.assertions ? { assertions: fromRc.assertions } : {}),
        ...checkFields(values),
        ...common,
      });
      if (values.json) json(m);
      else out(monitorLine(m));
      return 0;
    }
    case 'list': {
      const page = await client.monitors.list();
      if (values.json) json(page);
      else for (const m of page.data) out(monitorLine(m));
      return 0;
    }
    case 'get': {
      if (!args[0]) throw new UsageError('monitors get <monitor-id>');
      const m = await client.monitors.get(args[0]);
      if (values.json) json(m);
      else out(monitorSummary(m, paint));
      return 0;
    }
    case 'series': {
      if (!args[0] || !values.metric) throw new UsageError('monitors series <monitor-id> --metric <metric>');
      const source = values.source;
      if (source !== undefined && source !== 'lab' && source !== 'field')
        throw new UsageError('--source must be lab or field');
      const query: SeriesQuery = {
        metric: values.metric,
        ...(source ? { source } : {}),
        ...(values.from ? { from: time('from', values.from) } : {}),
        ...(values.to ? { to: time('to', values.to) } : {}),
        ...(values.location ? { location: values.location } : {}),
      };
      const s = await client.monitors.series(args[0], query);
      if (values.json) json(s);
      else for (const l of s.source === 'field' ? fieldSeriesLines(s) : seriesLines(s)) out(l);
      return 0;
    }
    case 'alerts': {
      if (!args[0]) throw new UsageError('monitors alerts <monitor-id>');
      const page = await client.monitors.alerts(args[0], {
        ...(values.limit ? { limit: int('limit', values.limit)! } : {}),
        ...(values.cursor ? { cursor: values.cursor } : {}),
      });
      if (values.json) json(page);
      else {
        for (const a of page.data) out(alertLine(a));
        if (page.data.length === 0) out('no alerts');
        if (page.next_cursor) out(`more: --cursor ${page.next_cursor}`);
      }
      return 0;
    }
    case 'checks': {
      if (!args[0]) throw new UsageError('monitors checks <monitor-id>');
      const page = await client.monitors.checks(args[0], {
        ...(values.limit ? { limit: int('limit', values.limit)! } : {}),
        ...(values.cursor ? { cursor: values.cursor } : {}),
      });
      if (values.json) json(page);
      else {
        for (const c of page.data) out(checkLine(c));
        if (page.data.length === 0) out('no checks yet');
        if (page.next_cursor) out(`more: --cursor ${page.next_cursor}`);
      }
      return 0;
    }
    case 'pings': {
      if (!args[0]) throw new UsageError('monitors pings <monitor-id>');
      const page = await client.monitors.pings(args[0], {
        ...(values.limit ? { limit: int('limit', values.limit)! } : {}),
        ...(values.cursor ? { cursor: values.cursor } : {}),
      });
      if (values.json) json(page);
      else {
        for (const p of page.data) out(pingLine(p));
        if (page.data.length === 0) out('no pings yet');
        if (page.next_cursor) out(`more: --cursor ${page.next_cursor}`);
      }
      return 0;
    }
    case 'pause':
    case 'resume':
    case 'delete': {
      if (!args[0]) throw new UsageError(`monitors ${sub} <monitor-id>`);
      if (sub === 'delete') {
        await client.monitors.delete(args[0]);
        if (!values.json) out(`${args[0]} deleted`);
        return 0;
      }
      const m = sub === 'pause' ? await client.monitors.pause(args[0]) : await client.monitors.resume(args[0]);
      if (values.json) json(m);
      else out(monitorLine(m));
      return 0;
    }
    default:
      throw new UsageError('monitors create|list|get|series|alerts|checks|pings|pause|resume|delete');
  }
}

if (import.meta.main) {
  process.exitCode = await run(process.argv.slice(2), {
    env: process.env,
    stdin: process.stdin,
    stdout: process.stdout,
    stderr: process.stderr,
  });
}
