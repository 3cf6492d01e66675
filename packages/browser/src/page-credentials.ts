import type { Page } from 'puppeteer-core';

export interface PageCredentials {
  /** The test's own origin: the only one whose requests are given anything. */
  origin: string;
  /** The headers (cookies as a `cookie` header, basic auth as `authorization`) for one request's URL. */
  headersFor(url: URL): Record<string, string>;
}

/**
 * Gives a page the test's credentials for its own origin only (issue 18): the requests to that origin
 * alone are paused (CDP Fetch, pattern `<origin>/*`) and continued with the headers merged in; cookies
 * join the page's own Cookie header rather than the browser's jar, because a jar cookie is scoped by host,
 * not port, and would reach other origins on the same host. Other origins are neither paused nor given
 * anything.
 */
export async function applyCredentials(page: Page, { origin, headersFor }: PageCredentials): Promise<void> {
  const session = await page.createCDPSession();
  session.on(
    'Fetch.requestPaused',
    (event: { requestId: string; request: { url: string; headers: Record<string, string> } }) => {
      const extra = headersFor(new URL(event.request.url));
      const names = new Set(Object.keys(extra).map((n) => n.toLowerCase()));
      const own = Object.entries(event.request.headers);
      const jar = own.find(([name]) => name.toLowerCase() === 'cookie')?.[1];
      const merged = own
        .filter(([name]) => !names.has(name.toLowerCase()))
        .concat(
          Object.entries(extra).map(([name, value]) => [name, name === 'cookie' && jar ? `${jar}; ${value}` : value]),
        )
        .map(([name, value]) => ({ name: name!, value: value! }));
      // A request the page already dropped (navigation away) cannot be continued: nothing to do then.
      session.send('Fetch.continueRequest', { requestId: event.requestId, headers: merged }).catch(() => {});
    },
  );
  await session.send('Fetch.enable', { patterns: [{ urlPattern: `${origin}/*`, requestStage: 'Request' }] });
}
