const BARS = '▁▂▃▄▅▆▇█';

/** The values as a one-line bar chart, lowest to highest. */
export function sparkline(values: number[]): string {
  const lo = Math.min(...values);
  const span = Math.max(...values) - lo;
  return values.map((v) => BARS[span === 0 ? 3 : Math.round(((v - lo) / span) * (BARS.length - 1))]).join('');
}
