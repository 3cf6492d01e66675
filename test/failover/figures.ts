// The figures of a run as a Markdown table: printed at the end, and the README's and
// docs/operations.md's tables are copied from it.
import { type Figures, sec } from './verdict.ts';

export function figuresTable(all: Figures[]): string {
  const lines = [
    '| failover | 503 window (503s) | until every app takes work again | slowest | jobs the sweeper re-added (monitor runs found lost) | duplicate callbacks | tests completed / failed | monitor slots ran / counted skipped |',
    '|---|---|---|---|---|---|---|---|',
  ];
  for (const f of all) {
    const slowest = Object.entries(f.backMs).sort((a, b) => (b[1] ?? Infinity) - (a[1] ?? Infinity))[0];
    lines.push(
      `| ${f.name} | ${f.window503Ms === null ? 'none' : `${sec(f.window503Ms)} (${f.count503})`} | ${sec(f.everyAppBackMs)} | ${slowest ? `${slowest[0]} ${sec(slowest[1])}` : ''} | ${f.readdedJobs} (${f.lostMonitorRuns}) | ${f.duplicateCallbacks} | ${f.tests.completed} / ${f.tests.failed} of ${f.tests.created} | ${f.slots.ran} / ${f.slots.skipped} |`,
    );
  }
  return lines.join('\n');
}

/** Each app's time back after each failover, for the run's log. */
export function backTable(all: Figures[]): string {
  const apps = [...new Set(all.flatMap((f) => Object.keys(f.backMs)))];
  const lines = [`| failover | ${apps.join(' | ')} |`, `|---|${apps.map(() => '---|').join('')}`];
  for (const f of all) lines.push(`| ${f.name} | ${apps.map((a) => sec(f.backMs[a] ?? null)).join(' | ')} |`);
  return lines.join('\n');
}
