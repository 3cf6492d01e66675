/** A plain text table, columns sized to their content. */
export function table(headers: string[], rows: Array<Array<string | number>>): string {
  const cells = [headers, ...rows.map((r) => r.map(String))];
  const widths = headers.map((_, i) => Math.max(...cells.map((r) => r[i]!.length)));
  const line = (r: string[]) => r.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  return [line(cells[0]!), widths.map((w) => '─'.repeat(w)).join('  '), ...cells.slice(1).map(line)].join('\n');
}

const t0 = performance.now();
export const progress = (message: string) =>
  process.stdout.write(`\x1b[36m[${((performance.now() - t0) / 1000).toFixed(1).padStart(6)}s]\x1b[0m ${message}\n`);
