// The GitHub Action's entry (action.yml at the repository root runs it): the CLI's test run with the
// inputs GitHub passes as INPUT_* variables, the outputs written to GITHUB_OUTPUT and a Markdown job
// summary to GITHUB_STEP_SUMMARY. Exit codes as the CLI's: 0 passed, 1 a test or an assertion failed, 2 errors.
// `command: plan` or `apply` plans or applies pageprobe.yaml instead (action-config.ts): 0 done, 1 errors.
// `command: deploy` tells of a release and gates on its checks' verdict (action-deploy.ts): 0 passed, 1 not.
import { appendFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { createClient, PageprobeError, type Test } from '@pageprobe/client';
import { configAction, annotation } from './action-config.ts';
import { deployAction, deployInputsFrom } from './action-deploy.ts';
import { type Assertions, gatherAssertions, UsageError } from './assertions.ts';
import { ConfigError } from './config/config-error.ts';
import { outcomeCode, runTests } from './run-tests.ts';
import { workflowCommand } from './workflow-command.ts';

const input = (name: string) => (process.env[`INPUT_${name.replace(/ /g, '_').toUpperCase()}`] ?? '').trim();

/** `assertions`: a JSON object (Lighthouse CI's), or one `<key>=<expr>` per line as the CLI's --assert. */
function assertionsInput(text: string, configPath: string) {
  if (text.startsWith('{')) return gatherAssertions(configPath || undefined, [], JSON.parse(text) as Assertions);
  const lines = text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  return gatherAssertions(configPath || undefined, lines);
}

/** One name=value for GITHUB_OUTPUT; multi-line values in the heredoc form GitHub documents. */
function output(name: string, value: string) {
  const file = process.env.GITHUB_OUTPUT;
  if (!file) return void process.stdout.write(`${name}=${value}\n`);
  const delimiter = `ghadelimiter_${randomUUID()}`;
  appendFileSync(file, `${name}<<${delimiter}\n${value}\n${delimiter}\n`);
}

const cell = (v: unknown) => (v === null || v === undefined ? '–' : String(v).replace(/\|/g, '\\|'));

export function jobSummary(tests: Test[]): string {
  const rows = tests.map((t) => {
    const s = (t.scores ?? {}) as Record<string, number>;
    const verdict =
      t.status === 'failed' ? `❌ failed: ${t.error?.code}` : t.passed === false ? '❌ assertions failed' : '✅';
    return `| ${cell(t.url)} | ${cell(t.type)} | ${cell(t.grade)} | ${cell(s.performance)} | ${cell(s.accessibility)} | ${cell(s.best_practices)} | ${cell(s.seo)} | ${cell(t.structure_score)} | ${verdict} | [report](${t.report_url}) |`;
  });
  const failing = tests.flatMap((t) =>
    (t.assertion_results ?? [])
      .filter((r) => !r.passed)
      .map(
        (r) =>
          `- \`${r.key}\` (${r.level}): expected ${r.operator} ${r.expected}, measured ${r.actual ?? '–'} on ${t.url}`,
      ),
  );
  return [
    '## Pageprobe',
    '',
    '| URL | type | grade | performance | accessibility | best practices | SEO | structure | result | |',
    '|---|---|---|---|---|---|---|---|---|---|',
    ...rows,
    ...(failing.length ? ['', '### Assertions that failed', '', ...failing] : []),
    '',
  ].join('\n');
}

/** `command: plan|apply`: the file planned or applied; 1 on any error, each line of a file's problem annotated. */
async function configCommand(command: 'plan' | 'apply', apiKey: string): Promise<number> {
  try {
    const baseUrl = input('api-url') || process.env.PAGEPROBE_API_URL || '';
    if (!baseUrl || !apiKey) throw new UsageError('inputs api-url and api-key are required');
    return await configAction({
      command,
      baseUrl,
      apiKey,
      file: input('file'),
      prune: input('prune') === 'true',
      output,
    });
  } catch (error) {
    if (error instanceof ConfigError) {
      for (const message of error.messages) process.stdout.write(annotation('error', message));
      return 1;
    }
    if (error instanceof PageprobeError) {
      const fields = error.errors.map((e) => `; ${e.path}: ${e.message}`).join('');
      process.stdout.write(workflowCommand('error', `${error.message}${fields}`));
      return 1;
    }
    if (error instanceof UsageError) {
      process.stdout.write(workflowCommand('error', error.message));
      return 1;
    }
    throw error;
  }
}

/** `command: deploy`: the deploy told and its verdict waited for; 1 when it regressed or failed, or on errors. */
async function deployCommand(apiKey: string): Promise<number> {
  try {
    const baseUrl = input('api-url') || process.env.PAGEPROBE_API_URL || '';
    if (!baseUrl || !apiKey) throw new UsageError('inputs api-url and api-key are required');
    return await deployAction({ baseUrl, apiKey, output, ...deployInputsFrom(input, process.env) });
  } catch (error) {
    if (error instanceof PageprobeError || error instanceof UsageError) {
      process.stdout.write(workflowCommand('error', error.message));
      return 1;
    }
    throw error;
  }
}

export async function main(): Promise<number> {
  const apiKey = input('api-key');
  if (apiKey) process.stdout.write(workflowCommand('add-mask', apiKey));
  const command = input('command') || 'test';
  if (command === 'plan' || command === 'apply') return configCommand(command, apiKey);
  if (command === 'deploy') return deployCommand(apiKey);
  try {
    if (command !== 'test') throw new UsageError(`input command: test, plan, apply or deploy, not ${command}`);
    const urls = input('urls').split(/\s+/).filter(Boolean);
    const baseUrl = input('api-url') || process.env.PAGEPROBE_API_URL || '';
    if (urls.length === 0 || !baseUrl || !apiKey) throw new UsageError('inputs urls, api-url and api-key are required');
    const fromRc = assertionsInput(input('assertions'), input('config'));
    const runs = input('runs') ? Number(input('runs')) : fromRc.runs;
    const tests = (await runTests(
      createClient({ baseUrl, apiKey }),
      {
        urls,
        body: {
          ...(input('type') ? { type: input('type') as Test['type'] } : {}),
          ...(input('device') ? { device: input('device') as Test['device'] } : {}),
          ...(runs ? { runs } : {}),
          ...(fromRc.assertions ? { assertions: fromRc.assertions } : {}),
        },
        wait: true,
        timeoutMs: (Number(input('timeout')) || 600) * 1000,
      },
      process.stderr,
    )) as Test[];
    const first = tests[0]!;
    output('test-id', first.id);
    output('score', String(first.performance_score ?? first.structure_score ?? ''));
    output('passed', String(outcomeCode(tests) === 0));
    output('report-url', first.report_url);
    output(
      'results',
      JSON.stringify(
        tests.map((t) => ({
          id: t.id,
          url: t.url,
          status: t.status,
          passed: t.passed,
          report_url: t.report_url,
          scores: t.scores,
        })),
      ),
    );
    if (process.env.GITHUB_STEP_SUMMARY) appendFileSync(process.env.GITHUB_STEP_SUMMARY, jobSummary(tests));
    for (const t of tests)
      if (t.status === 'failed' || t.passed === false)
        process.stdout.write(
          workflowCommand(
            'error',
            `${t.url}: ${t.status === 'failed' ? t.error?.message : 'an assertion failed'} (${t.report_url})`,
          ),
        );
    return outcomeCode(tests);
  } catch (error) {
    if (error instanceof UsageError || error instanceof PageprobeError || error instanceof SyntaxError) {
      process.stdout.write(workflowCommand('error', error.message));
      return 2;
    }
    throw error;
  }
}

if (import.meta.main) process.exitCode = await main();
