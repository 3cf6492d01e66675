import { html, type SafeHtml } from '@pageprobe/html';

// Formatting every report view shares.

/** A date as `2026-11-22 10:20 UTC`. */
export const utc = (date: Date) => `${date.toISOString().replace('T', ' ').slice(0, 16)} UTC`;

/** good / average / poor, for colouring a 0-100 score the way Lighthouse does (90 and 50). */
export const scoreClass = (score: number | null | undefined) =>
  score === null || score === undefined ? '' : score >= 90 ? 'good' : score >= 50 ? 'average' : 'poor';

const gradeClass = (grade: string) => ('AB'.includes(grade) ? 'good' : 'CD'.includes(grade) ? 'average' : 'poor');

export interface Tile {
  label: string;
  value: string;
  cls?: string;
}

/** The grade (when there is one) beside a row of figures. */
export function summary(grade: string | null, tiles: Tile[]): SafeHtml {
  const known = grade && /^[A-F]$/.test(grade) ? grade : null;
  return html`<section class="card summary" aria-label="Summary">
${known ? html`<p class="grade ${gradeClass(known)}"><span class="visually-hidden">Grade </span>${known}</p>` : ''}
<ul class="tiles">${tiles.map((t) => html`<li class="tile ${t.cls ?? ''}"><span class="value">${t.value}</span> <span class="label">${t.label}</span></li>`)}</ul>
</section>`;
}

export const fmtMs = (ms: number | null | undefined) =>
  ms === null || ms === undefined ? '–' : ms >= 1000 ? `${(ms / 1000).toFixed(1)} s` : `${Math.round(ms)} ms`;
export const fmtBytes = (bytes: number | null | undefined) =>
  bytes === null || bytes === undefined || bytes < 0
    ? '–'
    : bytes >= 1024 * 1024
      ? `${(bytes / 1024 / 1024).toFixed(1)} MB`
      : bytes >= 1024
        ? `${(bytes / 1024).toFixed(1)} kB`
        : `${Math.round(bytes)} B`;
/** A 0-100 score as the integer Lighthouse shows. */
export const fmtScore = (score: number | null | undefined) =>
  score === null || score === undefined ? '–' : String(Math.round(score));
/** Cumulative Layout Shift: unitless, to 3 decimals (0.1, 0.123). */
export const fmtCls = (cls: number | null | undefined) =>
  cls === null || cls === undefined ? '–' : String(Number(cls.toFixed(3)));
export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
