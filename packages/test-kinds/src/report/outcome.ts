import { html, type SafeHtml } from '@pageprobe/html';
import { kindNamed } from '../registry.ts';
import { advise } from './advice.ts';
import { utc } from './format.ts';
import type { ReportTest } from './report-test.ts';

/** The report while the test waits or runs; the response's Refresh header reloads it. */
export function pendingBody(test: ReportTest, refreshSeconds: number): SafeHtml {
  const what = test.status === 'queued' ? 'is waiting for a free worker' : 'is running';
  return html`<section class="card notice average" role="status">
<h2>This test ${what}</h2>
<p>It was started ${utc(test.createdAt)}. This page reloads itself every ${refreshSeconds} seconds and shows the results as soon as the test ends.</p>
</section>`;
}

export function failedBody(test: ReportTest): SafeHtml {
  const { what, tryThis } = advise(kindNamed(test.type).failures, test.errorCode, test.errorMessage);
  return html`<section class="card notice poor" role="alert">
<h2>The test failed</h2>
<p>${what}</p>
<p><strong>What to try:</strong> ${tryThis}</p>
<p class="detail">Error code <code>${test.errorCode ?? 'unknown'}</code>${test.errorMessage ? html`: ${test.errorMessage}` : ''}</p>
</section>`;
}
