// What tests of the RUM beacon share: a picture LCP counts, and page-side waits for the browser's own
// performance entries and idle time, and a page hidden as a visitor hides it.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import type { Browser, Page } from 'puppeteer-core';

/** A PNG of noise: Chromium leaves low-entropy images (a flat colour) out of LCP, this one counts. */
export function noisePng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB
  const rows = Buffer.concat(
    Array.from({ length: height }, () => Buffer.concat([Buffer.of(0), randomBytes(width * 3)])),
  );
  return Buffer.concat([
    Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
/**
 * Resolves once the page has been idle, or `timeoutMs` passed (headless Chromium may have no idle period
 * for seconds). Idle callbacks asked for with a shorter timeout before it (the beacon starts its
 * observers in one of 2 s, web-vitals works through event entries in one of 1 s) have run by then.
 */
export const idle = (p: Page, timeoutMs: number) =>
  p.evaluate(`new Promise((resolve) => requestIdleCallback(resolve, { timeout: ${timeoutMs} }))`);

/**
 * Resolves after `count` animation frames of the page's. web-vitals reports a view restored from the
 * back-forward cache two frames after the restore (its FCP and LCP): frames asked for after it come after
 * those. An idle callback is no such wait: on a loaded machine it ran before them (CI, 2026-11-28).
 */
export const frames = (p: Page, count: number) =>
  p.evaluate(
    `new Promise((resolve) => { let left = ${count}; const next = () => (--left <= 0 ? resolve(true) : requestAnimationFrame(next)); requestAnimationFrame(next); })`,
  );

// Page-side checks, as strings: the tests' TypeScript has no DOM types. Each resolves true once the browser
// has the entry (a PerformanceObserver, buffered, sees the entries so far).
export const seen = (type: string, init: string, match: string) =>
  `new Promise((resolve) => new PerformanceObserver((list, observer) => { observer.disconnect(); resolve(list.getEntries().some((e) => ${match})); }).observe({ type: '${type}', buffered: true${init} }))`;

/**
 * The page is hidden: another tab comes to the front (visibilitychange → hidden, as when a visitor
 * switches tabs or leaves). Not a navigation away: the request a leaving document sends is not among its
 * tab's requests in the DevTools protocol, so it could not be read here; a hide is the same event to the
 * beacon.
 */
export async function hide(browser: Browser, p: Page): Promise<void> {
  const other = await browser.newPage();
  await other.bringToFront();
  assert.equal(await p.evaluate('document.visibilityState'), 'hidden');
  await other.close();
}
