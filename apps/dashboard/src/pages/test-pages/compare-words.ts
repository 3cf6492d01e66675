import { html, type SafeHtml } from '@pageprobe/html';
import { fmtBytes, fmtMs, VITALS } from '@pageprobe/test-kinds';
import { stateMark } from '../../views/state-mark.ts';
import { categoryName } from './score-gauges.ts';

// A comparison in the report's words: "Largest Contentful Paint" rather than "vitals lcp_ms", with units,
// changes first (worse, then better), and "within noise" for what did not change beyond the runs' spread.

export interface DeltaRow {
  head: number | null;
  base: number | null;
  delta: number | null;
  change: string;
}

type Unit = 'ms' | 'bytes' | 'points' | 'cls' | 'count';

const METRIC_NAMES: Record<string, string> = {
  ...Object.fromEntries(VITALS.map((v) => [v.key, v.label.replace(/ \(.*\)$/, '')])),
  speed_index_ms: 'Speed Index',
  interactive_ms: 'Time to Interactive',
};

const words = (key: string) => key.replaceAll('_', ' ');
const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** A figure's name as people say it and its unit, from its path in the kinds' deltas. */
export function figureName(path: string[]): { name: string; unit: Unit } {
  const [group, key = '', sub = ''] = path;
  if (group === 'scores') return { name: `${categoryName(key)} score`, unit: 'points' };
  if (group === 'vitals') {
    const name = METRIC_NAMES[key] ?? capital(words(key.replace(/_ms$/, '')));
    return { name, unit: key === 'cls' ? 'cls' : 'ms' };
  }
  if (group === 'resources')
    return sub === 'transfer_bytes'
      ? { name: `${capital(words(key))} transferred`, unit: 'bytes' }
      : { name: `${capital(words(key))} requests`, unit: 'count' };
  if (group === 'user_timings') return { name: `User Timing “${key}”`, unit: 'ms' };
  const last = path[path.length - 1] ?? '';
  const name = capital(
    path.map((p) => words(p.replace(/_(ms|bytes|score)$/, (m) => (m === '_score' ? ' score' : '')))).join(' '),
  );
  return {
    name,
    unit: last.endsWith('_ms') ? 'ms' : last.endsWith('_bytes') ? 'bytes' : last.endsWith('score') ? 'points' : 'count',
  };
}

function fmt(value: number | null, unit: Unit, signed = false): string {
  if (value === null) return '–';
  const sign = signed && value > 0 ? '+' : signed && value < 0 ? '−' : '';
  const v = signed ? Math.abs(value) : value;
  const text =
    unit === 'ms'
      ? fmtMs(v)
      : unit === 'bytes'
        ? fmtBytes(v)
        : unit === 'cls'
          ? v.toFixed(3)
          : unit === 'points'
            ? `${Math.round(v)} ${Math.round(v) === 1 ? 'point' : 'points'}`
            : String(Math.round(v * 1000) / 1000);
  return `${sign}${text}`;
}

const ORDER: Record<string, number> = { worse: 0, better: 1 };

/** Worse first, then better, then what stayed within noise; each group in the kinds' order. */
export const changesFirst = <T extends { change: string }>(rows: Array<[string[], T]>) =>
  rows
    .map((r, i) => ({ r, i }))
    .sort((a, b) => (ORDER[a.r[1].change] ?? 2) - (ORDER[b.r[1].change] ?? 2) || a.i - b.i)
    .map(({ r }) => r);

const changeMark = (change: string): SafeHtml | string =>
  change === 'worse' ? stateMark('down', 'worse') : change === 'better' ? stateMark('up', 'better') : 'within noise';

/** The comparison's table, in words. */
export function compareTable(rows: Array<[string[], DeltaRow]>): SafeHtml {
  const sorted = changesFirst(rows);
  const changed = sorted.filter(([, d]) => d.change === 'worse' || d.change === 'better').length;
  return html`<p>${changed ? `${changed} ${changed === 1 ? 'figure changed' : 'figures changed'} beyond noise; they come first.` : 'Every figure is within noise: nothing changed beyond the runs’ spread.'}</p>
<div class="scroll" role="region" tabindex="0" aria-label="Differences"><table class="compare-table"><thead><tr><th scope="col">Figure</th><th scope="col">This test</th><th scope="col">Against</th><th scope="col">Difference</th><th scope="col">Change</th></tr></thead><tbody>
${sorted.map(([path, d]) => {
  const { name, unit } = figureName(path);
  return html`<tr class="change-row-${d.change}"><th scope="row">${name}</th><td>${fmt(d.head, unit)}</td><td>${fmt(d.base, unit)}</td><td>${fmt(d.delta, unit, true)}</td><td>${changeMark(d.change)}</td></tr>`;
})}
</tbody></table></div>`;
}
