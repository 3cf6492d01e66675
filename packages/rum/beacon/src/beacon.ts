// web-vitals' attribution build, per metric (its modules: one copy of the code they share), where the
// beacon sends attribution: LCP, INP and CLS. FCP and TTFB are sent bare, from the plain build's modules,
// which the attribution ones are made on: so the script stays under 5 KB gzipped.
import type { MetricType } from 'web-vitals/attribution';
import { onCLS } from 'web-vitals/attribution/onCLS.js';
import { onINP } from 'web-vitals/attribution/onINP.js';
import { onLCP } from 'web-vitals/attribution/onLCP.js';
import { onFCP } from 'web-vitals/onFCP.js';
import { onTTFB } from 'web-vitals/onTTFB.js';
import { beaconOf, newView, record } from './page-view.ts';
import { type ScriptOptions, scriptOptions } from './script-options.ts';

// The real-user monitoring beacon (issue 61), served as /rum/v1/beacon.js and loaded by the snippet
// (`<script async src=".../rum/v1/beacon.js" data-site="...">`, snippetFor in ../../src/snippet.ts).
// `pnpm --filter @pageprobe/rum build:beacon` builds it into dist/beacon.js, which is checked in
// (src/beacon-bundle.test.ts proves it current and under 5 KB gzipped).
//
// One beacon per page view, on page hide, to /rum/v1/collect beside the script: a text/plain JSON body
// (navigator.sendBeacon with a string), so no CORS preflight. No cookies, no storage, nothing read of
// the user agent string. Nothing thrown into the page: every entry point is guarded. Nothing done before
// the page is idle: web-vitals' observers read buffered entries, so starting late misses nothing.

/** A failure here must never become the page's (nor reach its console). */
const guarded =
  <A extends unknown[]>(fn: (...args: A) => unknown) =>
  (...args: A): void => {
    try {
      fn(...args);
    } catch {}
  };

function start(options: ScriptOptions): void {
  // Sampled once per page load. A view restored from the back-forward cache is a new page view, sent when
  // its load was sampled: every view is then sent with the site's rate.
  if (!(Math.random() < options.sampleRate)) return;
  let view = newView();

  // Once per view, the first time it is hidden. The view may come back (a tab switched back to): what
  // happens after is not sent, the price of never sending a view twice.
  const send = guarded(() => {
    const beacon = beaconOf(view, options.site, location.pathname + (options.keepQuery ? location.search : ''));
    if (!beacon) return;
    view.sent = true;
    // A string body: text/plain, a CORS-safelisted type, so no preflight. The collector sets no cookie and
    // reads none.
    navigator.sendBeacon(options.collectUrl, JSON.stringify(beacon));
  });

  // Registered before web-vitals' own pageshow listener, so the new view exists when its metrics come.
  addEventListener(
    'pageshow',
    guarded((event: PageTransitionEvent) => {
      if (event.persisted) view = newView('back-forward-cache');
    }),
    true,
  );
  // The page is hidden: a tab switched, the app left, a link followed. web-vitals reports its final
  // figures (LCP, INP, CLS) from its own listener, a capture listener on window, which runs before this
  // one on document. Not at pagehide: Chromium and Firefox fire it before visibilitychange when a page is
  // left, so the last interaction would be missing (measured: test/rum/rum-beacon.test.ts lost its INP);
  // every browser web-vitals measures in fires visibilitychange then, web-vitals listens to nothing else.
  document.addEventListener('visibilitychange', () => document.visibilityState === 'hidden' && send());

  const observe = guarded(() => {
    // Every change reported, not only the final figure: web-vitals processes event entries in idle time,
    // and entries still waiting for it when the page is hidden are processed after INP's final report,
    // which then misses them (seen in Chromium: a click 300 ms long, then a link followed at once). With
    // every change reported, they are in when this listener runs.
    const opts = { reportAllChanges: true };
    const report = guarded((metric: MetricType) => record(view, metric));
    onTTFB(report, opts);
    onFCP(report, opts);
    onLCP(report, opts);
    onINP(report, opts);
    onCLS(report, opts);
  });
  // Safari has no requestIdleCallback.
  if ('requestIdleCallback' in self) requestIdleCallback(observe, { timeout: 2000 });
  else setTimeout(observe);
}

guarded(() => {
  const options = scriptOptions(document.currentScript as HTMLScriptElement | null);
  if (options) start(options);
})();
