// Figures as pages print them: every number with its unit.

/** An uptime share as `99.93 %` (two decimals, never rounded up to 100 unless it is). */
export function fmtPercent(percent: number | null): string {
  if (percent === null) return 'no data';
  const floored = Math.floor(percent * 100) / 100;
  return `${floored.toFixed(floored === 100 ? 0 : 2)} %`;
}

/** How long something lasted: `45 s`, `12 min`, `3 h 5 min`, `2 d 4 h`. */
export function fmtDuration(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 60) return `${s} s`;
  const min = Math.floor(s / 60);
  if (min < 60) return `${min} min`;
  const h = Math.floor(min / 60);
  if (h < 24) return min % 60 ? `${h} h ${min % 60} min` : `${h} h`;
  const d = Math.floor(h / 24);
  return h % 24 ? `${d} d ${h % 24} h` : `${d} d`;
}

/** A count with thousands separated: `1,440`. */
export const fmtCount = (n: number) => n.toLocaleString('en-US');

/** A stored reason code in words: `connection_refused` → `connection refused`. */
export const words = (code: string) => code.replaceAll('_', ' ');

/** A day as `2026-11-22`. */
export const isoDay = (date: Date) => date.toISOString().slice(0, 10);
