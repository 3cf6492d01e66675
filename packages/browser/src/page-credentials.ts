import type { Page } from 'puppeteer-core';

export interface PageCredentials {
  /** The test's own origin: the only one whose requests are given anything. */
  origin: string;
  /** The headers (cookies as a `cookie` header, basic auth as `authorization`) for one request's URL. */
  headersFor(url: URL): Record<string, string>;
}

interface PausedRequest {
  requestId: string;
  frameId: string;
  resourceType: string;
  request: { url: string; method: string; headers: Record<string, string> };
}

interface FrameTree {
  frame: Frame;
  childFrames?: FrameTree[];
}

interface Frame {
  id: string;
  parentId?: string;
  /** Unknown until the frame's first document commits. */
  securityOrigin?: string;
}

/**
 * Gives a page the test's credentials for its own origin only (issue 18): the requests to that origin
 * alone are paused (CDP Fetch, pattern `<origin>/*`) and continued with the headers merged in; cookies
 * join the page's own Cookie header rather than the browser's jar, because a jar cookie is scoped by host,
 * not port, and would reach other origins on the same host. Other origins are neither paused nor given
 * anything.
 *
 * And only when the tested origin asks (issue 28): a frame from another origin (a third-party iframe,
 * or the page a flow's `navigate` step opened) that requests the tested origin gets nothing, or it could
 * read the answers where CORS allows `*` and make changes with a bearer token. Chromium adds its own
 * Sec-Fetch-Site after this stage, so the requester is read from what the request and the page's frame
 * events say (askedByOrigin).
 */
export async function applyCredentials(page: Page, credentials: PageCredentials): Promise<void> {
  const session = await page.createCDPSession();
  const frames = new Map<string, Frame>();
  session.on('Page.frameAttached', ({ frameId, parentFrameId }: { frameId: string; parentFrameId: string }) => {
    frames.set(frameId, { id: frameId, parentId: parentFrameId });
  });
  session.on('Page.frameNavigated', ({ frame }: { frame: Frame }) => frames.set(frame.id, frame));
  session.on('Page.frameDetached', ({ frameId }: { frameId: string }) => frames.delete(frameId));
  session.on('Fetch.requestPaused', (event: PausedRequest) => {
    const given = askedByOrigin(event, frames, credentials.origin);
    const extra = given ? credentials.headersFor(new URL(event.request.url)) : {};
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
  });
  // Asked once, while the page is still blank: during a navigation that changes process Chromium holds
  // the session's commands until it commits, so asking when a request pauses could wait on that request.
  await session.send('Page.enable');
  const { frameTree } = (await session.send('Page.getFrameTree')) as { frameTree: FrameTree };
  const walk = (t: FrameTree) => {
    frames.set(t.frame.id, t.frame);
    for (const child of t.childFrames ?? []) walk(child);
  };
  walk(frameTree);
  await session.send('Fetch.enable', {
    patterns: [{ urlPattern: `${credentials.origin}/*`, requestStage: 'Request' }],
  });
}

/**
 * Whether the tested origin itself makes this request. Chromium names the requester in `Origin` on every
 * request whose answer a page can read (CORS) and on every one that is not a GET or HEAD: another value
 * there (`null` included) is another origin. Otherwise a navigation is of the top frame or of a frame the
 * tested origin embeds, and any other request comes from a frame that shows the tested origin.
 */
function askedByOrigin(event: PausedRequest, frames: Map<string, Frame>, origin: string): boolean {
  const requester = Object.entries(event.request.headers).find(([name]) => name.toLowerCase() === 'origin')?.[1];
  if (requester !== undefined && requester !== origin) return false;
  const frame = frames.get(event.frameId);
  if (!frame) return false;
  if (event.resourceType !== 'Document') return frame.securityOrigin === origin;
  return frame.parentId === undefined || frames.get(frame.parentId)?.securityOrigin === origin;
}
