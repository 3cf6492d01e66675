import { html, type SafeHtml } from '@pageprobe/html';

const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 86_400],
  ['month', 30 * 86_400],
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
  ['second', 1],
];
const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto', style: 'short' });

/** "5 min. ago", "in 2 hr.": the largest unit that fits, as people say it. */
export function ago(date: Date, now: Date): string {
  const seconds = Math.round((date.getTime() - now.getTime()) / 1000);
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size || unit === 'second') return relative.format(Math.trunc(seconds / size), unit);
  }
  return relative.format(0, 'second');
}

/** The exact moment, in UTC (the server does not know the reader's time zone). */
export const exact = (date: Date): string => `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/**
 * A moment as a relative time in `<time datetime>`, the exact time on hover (title) and on focus (the
 * element is focusable and its title is read by screen readers as its description). Null is a dash.
 */
export const timeAgo = (date: Date | null, now = new Date()): SafeHtml =>
  date
    ? html`<time datetime="${date.toISOString()}" title="${exact(date)}" tabindex="0">${ago(date, now)}</time>`
    : html`<span class="muted">—</span>`;
