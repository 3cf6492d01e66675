import type { Deploy } from './types.ts';

// A deploy in a few lines (issue 62), as the CLI, the Action and the MCP server print it.

const value = (figure: string, n: number | null) =>
  n === null ? '—' : figure.endsWith('_ms') ? `${Math.round(n)} ms` : String(n);

/** Its version, environment and status, then a line per monitor: its verdict, and what got worse or why. */
export function deployLines(d: Deploy): string[] {
  return [
    `deploy ${d.version} (${d.environment}): ${d.status}`,
    ...d.checks.map((c) => {
      const why = c.worse.length
        ? c.worse.map((w) => `${w.figure} ${value(w.figure, w.base)} → ${value(w.figure, w.head)}`).join(', ')
        : (c.reason ?? '');
      return `  ${c.monitor_id}  ${c.verdict}${why ? `  ${why}` : ''}`;
    }),
    `  ${d.dashboard_url}`,
  ];
}
