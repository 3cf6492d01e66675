import type { TestStatus } from '@pageprobe/db';
import { html, type SafeHtml } from '@pageprobe/html';
import { stateMark, testStatusMark } from '../../views/state-mark.ts';

// Small pieces the tests pages share.

/** A moment as people read it, in UTC (the server does not know their time zone). */
export const when = (date: Date | null): string =>
  date ? `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC` : '';

/** A test's status as its mark: color, shape and word (never the color alone). */
export const statusBadge = (status: TestStatus): SafeHtml => testStatusMark(status);

/** The one figure a row shows: the score, a check's verdict, or the error's code. */
export function scoreOf(t: {
  status: TestStatus;
  performanceScore: number | null;
  structureScore: number | null;
  result: unknown;
  passed: boolean | null;
  errorCode: string | null;
}): SafeHtml | string {
  if (t.status === 'failed') return html`<span class="muted">${t.errorCode ?? 'failed'}</span>`;
  if (t.status !== 'completed') return '';
  const verdict = t.passed === false ? html` ${stateMark('down', 'assertions failed')}` : '';
  // A speed test's performance, a crawl's structure score: whichever the test has.
  if (t.performanceScore !== null) return html`Performance ${t.performanceScore}${verdict}`;
  if (t.structureScore !== null) return html`Structure ${t.structureScore}${verdict}`;
  // A check (uptime, tcp, dns): up or down, with its status code or why.
  const check = (t.result as { up?: boolean; status_code?: number | null; reason?: string | null } | null) ?? {};
  if (typeof check.up === 'boolean') {
    const why = check.status_code ?? (check.up ? null : check.reason?.replaceAll('_', ' '));
    return html`${check.up ? 'Up' : 'Down'}${why ? html` <span class="muted">(${why})</span>` : ''}${verdict}`;
  }
  return verdict;
}

/** A test's page title: the host it reached (a page's, a port's), or the whole target where it has none (a DNS query). */
export function testTitle(url: string): string {
  try {
    return `Test of ${new URL(url).host || url}`;
  } catch {
    return `Test of ${url}`;
  }
}
