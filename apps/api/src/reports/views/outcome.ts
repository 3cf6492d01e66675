import { html, type SafeHtml } from '../html.ts';
import type { ReportTest } from '../load-report.ts';

/** The report while the test waits or runs; the response's Refresh header reloads it. */
export function pendingBody(test: ReportTest, refreshSeconds: number): SafeHtml {
  const what = test.status === 'queued' ? 'is waiting for a free worker' : 'is running';
  return html`<section class="card notice average" role="status">
<h2>This test ${what}</h2>
<p>The page reloads itself every ${refreshSeconds} seconds and shows the results as soon as the test ends.</p>
</section>`;
}

// What a failure code means to a site owner, and what to try.
const ADVICE: Record<string, [string, string]> = {
  dns_error: ['The site’s name could not be found in DNS.', 'Check the address for typos and that the domain’s DNS records exist and have propagated.'],
  connection_failed: ['Nothing answered at the site’s address.', 'Check that the server is up and that its firewall lets visitors in on ports 80 and 443.'],
  connection_refused: ['The server refused the connection.', 'Check that the web server is running and listening on the right port.'],
  timeout: ['The page did not finish loading in time.', 'Look for slow server responses or requests that never complete, then test again.'],
  tls_error: ['The secure connection could not be set up.', 'Check the HTTPS certificate: that it is valid, not expired, and covers this host name.'],
  url_not_allowed: ['The address points into a private network we do not test.', 'Test a public address. Internal sites need a deployment that allows them.'],
  http_error: ['The page answered with an error status.', 'Open the page in a browser and fix the server error, then test again.'],
  no_first_paint: ['The page never painted anything.', 'Check for scripts that block rendering or a blank page while loading.'],
  no_largest_paint: ['The page never showed its main content.', 'Check that content appears without user interaction.'],
  page_hung: ['The page stopped responding.', 'Look for scripts in endless loops or very heavy work on load.'],
  not_html: ['The address does not serve a web page.', 'Test the address of an HTML page, not a file or an API.'],
  interstitial: ['The browser showed a warning page instead of the site.', 'Fix the certificate or security issue the browser warns about.'],
  internal_error: ['Something went wrong on our side.', 'Your credit was refunded. Please start the test again.'],
};

export function failedBody(test: ReportTest): SafeHtml {
  const [what, tryThis] = ADVICE[test.errorCode ?? ''] ?? ['The test could not be completed.', 'Check that the page loads in a browser, then test again.'];
  return html`<section class="card notice poor" role="alert">
<h2>The test failed</h2>
<p>${what}</p>
<p><strong>What to try:</strong> ${tryThis}</p>
<p class="meta">Code <code>${test.errorCode ?? 'unknown'}</code>${test.errorMessage ? html`: ${test.errorMessage}` : ''}</p>
</section>`;
}
