// What an error code means to a site owner, and what to try. The codes are the ones tests fail with
// (error.code) and uptime checks report as the reason a site is down (result.reason). The codes every
// kind can end with are here; a kind adds its own in its definition (`failures`).
export interface Advice {
  what: string;
  tryThis: string;
}

export const COMMON_FAILURES = {
  dns_error: {
    what: 'The site’s name could not be found in DNS.',
    tryThis:
      'Check the address for typos, and that the domain is registered and its DNS records exist and have propagated.',
  },
  connection_failed: {
    what: 'Nothing answered at the site’s address.',
    tryThis: 'Check that the server is up and that its firewall lets visitors in on ports 80 and 443.',
  },
  connection_refused: {
    what: 'The server refused the connection.',
    tryThis:
      'Check that the web server is running and listening on the port in the address (80 for http, 443 for https).',
  },
  connection_reset: {
    what: 'The server cut the connection off.',
    tryThis:
      'Check the web server’s and any firewall’s or load balancer’s logs, and that it accepts this kind of connection.',
  },
  timeout: {
    what: 'The page did not finish loading in time.',
    tryThis:
      'Look for a slow server response or requests that never complete (a stuck API call, a third-party script), then test again.',
  },
  tls_error: {
    what: 'The secure (HTTPS) connection could not be set up.',
    tryThis:
      'Check the certificate: that it is valid, not expired, issued by a public authority, covers this host name, and that the server sends the intermediate certificates.',
  },
  url_not_allowed: {
    what: 'The address points into a private network, which tests may not reach.',
    tryThis: 'Test a public address. Internal sites need a deployment of Pageprobe that is allowed to reach them.',
  },
  http_error: {
    what: 'The page answered with an error status instead of the page.',
    tryThis: 'Open the address in a browser, fix what makes the server answer with an error, then test again.',
  },
  internal_error: {
    what: 'Something went wrong on our side, not on your site.',
    tryThis: 'Please start the test again. Any credit it cost has been refunded.',
  },
  secrets_unreadable: {
    what: 'The test’s header, cookie or password values could not be opened: the key that sealed them is gone.',
    tryThis:
      'Give the values again (a monitor: PATCH its headers, cookies or basic_auth, then resume it). Any credit it cost has been refunded.',
  },
} satisfies Record<string, Advice>;

const HTTP_ERRORS: Array<{ test: (status: number) => boolean; what: string; tryThis: string }> = [
  {
    test: (s) => s === 404 || s === 410,
    what: 'The page was not found',
    tryThis: 'Check the address for typos, or test the page that replaced this one.',
  },
  {
    test: (s) => s === 401 || s === 403,
    what: 'The server refused to show the page without a login or permission',
    tryThis: 'Test a page that is open to everyone, or let our crawler in (a firewall or bot protection may block it).',
  },
  {
    test: (s) => s === 429,
    what: 'The server said it had too many requests',
    tryThis: 'Check your rate limiting or bot protection, then test again later.',
  },
  {
    test: (s) => s >= 500,
    what: 'The server failed with an error',
    tryThis: 'Check the server’s error log, fix the error, then test again.',
  },
];

/**
 * The plain-words explanation of `code` among a kind's `failures`; an HTTP status in `message`
 * (Lighthouse's or ours) sharpens http_error.
 */
export function advise(failures: Record<string, Advice>, code: string | null, message: string | null): Advice {
  if (code === 'http_error') {
    const status = Number(/(?:status code:?|HTTP) (\d{3})/i.exec(message ?? '')?.[1]);
    const known = HTTP_ERRORS.find((e) => e.test(status));
    if (known) return { what: `${known.what} (HTTP ${status}).`, tryThis: known.tryThis };
  }
  return (
    failures[code ?? ''] ?? {
      what: 'The test could not be completed.',
      tryThis: 'Check that the page loads in a browser, then test again.',
    }
  );
}
