import type { TestStatus } from '@pageprobe/db';
import { html, type SafeHtml } from '@pageprobe/test-kinds';

// Small pieces the tests pages share.

/** A moment as people read it, in UTC (the server does not know their time zone). */
export const when = (date: Date | null): string =>
  date ? `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC` : '';

const STATUS_WORDS: Record<TestStatus, string> = {
  queued: 'Queued',
  running: 'Running',
  completed: 'Completed',
  failed: 'Failed',
};

/** A test's status as a word (and a class for its colour: never the colour alone). */
export const statusBadge = (status: TestStatus): SafeHtml =>
  html`<span class="status status-${status}">${STATUS_WORDS[status]}</span>`;

/** The one figure a row shows: the score, the uptime verdict, or the error's code. */
export function scoreOf(t: {
  type: string;
  status: TestStatus;
  performanceScore: number | null;
  structureScore: number | null;
  result: unknown;
  passed: boolean | null;
  errorCode: string | null;
}): SafeHtml | string {
  if (t.status === 'failed') return html`<span class="muted">${t.errorCode ?? 'failed'}</span>`;
  if (t.status !== 'completed') return '';
  const verdict = t.passed === false ? html` <span class="status status-failed">assertions failed</span>` : '';
  if (t.type === 'lighthouse' && t.performanceScore !== null) return html`Performance ${t.performanceScore}${verdict}`;
  if (t.type === 'seo_crawl' && t.structureScore !== null) return html`Structure ${t.structureScore}${verdict}`;
  if (t.type === 'uptime') {
    const up = (t.result as { up?: boolean; status_code?: number | null } | null) ?? {};
    return html`${up.up ? 'Up' : 'Down'}${up.status_code ? html` <span class="muted">(${up.status_code})</span>` : ''}${verdict}`;
  }
  return verdict;
}
