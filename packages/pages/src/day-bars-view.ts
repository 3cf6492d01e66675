import { html, type SafeHtml } from '@pageprobe/html';
import { fmtCount, fmtPercent, isoDay } from './format.ts';
import { uptimeTone } from './thresholds.ts';

/** One UTC day of runs: how many, how many good (n = 0: none ran). */
export interface Day {
  day: Date;
  n: number;
  ok: number;
}

/** A day's share of good runs, in percent (3 decimals); null on a day without runs. */
export const dayPercent = (d: Day) => (d.n ? Number(((d.ok / d.n) * 100).toFixed(3)) : null);

/**
 * A bar per day, coloured by the share of good runs. Each bar is focusable and says its figures on
 * hover or focus (CSS only: the page runs no script), in text a screen reader reads as well.
 */
export function dayBarsView(days: Day[], runWord: string): SafeHtml {
  return html`<ol class="days" aria-label="The last ${days.length} days, oldest first">${days.map((d) => {
    const percent = dayPercent(d);
    const figures = d.n
      ? `${fmtPercent(percent)} · ${fmtCount(d.ok)} of ${fmtCount(d.n)} ${runWord}s good`
      : `no ${runWord}s`;
    return html`<li class="${uptimeTone(percent)}" tabindex="0" data-day="${isoDay(d.day)}" data-n="${d.n}" data-ok="${d.ok}"><span class="tip">${isoDay(d.day)}: ${figures}</span></li>`;
  })}</ol>
<p class="days-axis meta" aria-hidden="true"><span>${days.length} days ago</span><span>today</span></p>`;
}
